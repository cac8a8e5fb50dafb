import { isPremiumKey } from '@pennant/shared/organization/plans';
import {
  Activity,
  ArrowRight,
  BarChart3,
  Bot,
  Building2,
  CheckCircle2,
  FileSignature,
  Handshake,
  ScrollText,
  Users,
} from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/Badge';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { ErrorState } from '@/components/ui/ErrorState';
import { PageHeader } from '@/components/ui/PageHeader';
import { errorMessage } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { useAdminDashboard } from '../admin-api';
import { formatCount, OrgStatusBadge, StatCard, TableSkeleton, UserStatusBadge } from '../parts';

const QUICK_ACTIONS = [
  { to: '/admin/users', label: 'Manage Users', text: 'Find accounts, manage roles, disable or delete.', icon: Users },
  {
    to: '/admin/orgs',
    label: 'Organizations',
    text: 'Change plans, freeze, or view an organization as its members do.',
    icon: Building2,
  },
  { to: '/admin/ai-config', label: 'AI Configuration', text: 'Models, token limits and prompts.', icon: Bot },
  { to: '/admin/metrics', label: 'Metrics', text: 'Sign-ups, activity and token usage.', icon: BarChart3 },
  {
    to: '/admin/audit-logs',
    label: 'Audit Logs',
    text: 'Every admin action, searchable and exportable.',
    icon: ScrollText,
  },
] as const;

/** Spec 002 §2.10: the status card's values are fixed text. */
const STATUS_LINES = [
  ['API', 'Operational'],
  ['Database', 'Operational'],
  ['Background jobs', 'Operational'],
  ['E-mail delivery', 'Operational'],
] as const;

/** /admin: the platform's totals, quick actions, the status card and the newest organizations and users. */
export function AdminDashboardPage() {
  const { data, isPending, isError, error, refetch } = useAdminDashboard();

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader title="Admin Dashboard" description="The whole platform at a glance." />

      {isError ? (
        <ErrorState onRetry={() => void refetch()}>{errorMessage(error, 'Could not load the dashboard')}</ErrorState>
      ) : null}

      <section aria-label="Totals" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          label="Total Organizations"
          icon={Building2}
          loading={isPending}
          value={formatCount(data?.totalOrganizations ?? 0)}
        />
        <StatCard label="Platform Users" icon={Users} loading={isPending} value={formatCount(data?.totalUsers ?? 0)} />
        <StatCard
          label="Active Contracts"
          icon={FileSignature}
          loading={isPending}
          value={formatCount(data?.activeContracts ?? 0)}
        />
        <StatCard
          label="Total Sponsors"
          icon={Handshake}
          loading={isPending}
          value={formatCount(data?.totalSponsors ?? 0)}
        />
      </section>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <section aria-label="Quick actions" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:col-span-2">
          {QUICK_ACTIONS.map((a) => (
            <Link
              key={a.to}
              to={a.to}
              className="group flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
                <a.icon className="h-5 w-5" aria-hidden />
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-center gap-1 font-medium text-slate-900">
                  {a.label}
                  <ArrowRight
                    className="h-4 w-4 text-slate-400 transition-transform group-hover:translate-x-0.5"
                    aria-hidden
                  />
                </span>
                <span className="mt-0.5 block text-sm text-slate-600">{a.text}</span>
              </span>
            </Link>
          ))}
        </section>

        <Card>
          <CardHeader>
            <CardTitle>System Status</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3">
            <ul className="space-y-2">
              {STATUS_LINES.map(([name, status]) => (
                <li key={name} className="flex items-center justify-between gap-2 text-sm">
                  <span className="text-slate-700">{name}</span>
                  <span className="inline-flex items-center gap-1 font-medium text-green-700">
                    <CheckCircle2 className="h-4 w-4" aria-hidden /> {status}
                  </span>
                </li>
              ))}
            </ul>
            <ButtonLink to="/admin/system-health" variant="outline" size="sm" className="w-full">
              <Activity className="h-4 w-4" aria-hidden /> View System Health
            </ButtonLink>
          </CardContent>
        </Card>
      </div>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader className="flex-row items-center justify-between">
            <CardTitle>Recent Organizations</CardTitle>
            <Link to="/admin/orgs" className="text-sm font-medium text-brand-700 hover:underline">
              View all
            </Link>
          </CardHeader>
          <CardContent>
            {isPending ? (
              <TableSkeleton label="Loading organizations" />
            ) : data?.recentOrganizations.length ? (
              <ul className="divide-y divide-slate-100">
                {data.recentOrganizations.map((org) => (
                  <li key={org.id} className="flex items-center justify-between gap-3 py-2.5">
                    <div className="min-w-0">
                      <p className="truncate font-medium text-slate-900">{org.name}</p>
                      <p className="truncate text-xs text-slate-500">
                        {org.ownerEmail ?? 'No owner'} · {formatDate(org.createdAt)}
                      </p>
                    </div>
                    <div className="flex shrink-0 gap-1.5">
                      <Badge tone={isPremiumKey(org.planKey) ? 'accent' : 'neutral'}>
                        {isPremiumKey(org.planKey) ? 'Premium' : 'Free'}
                      </Badge>
                      <OrgStatusBadge frozen={org.frozen} />
                    </div>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="py-4 text-sm text-slate-600">No organizations yet.</p>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader className="flex-row items-center justify-between">
            <CardTitle>Recent Users</CardTitle>
            <Link to="/admin/users" className="text-sm font-medium text-brand-700 hover:underline">
              View all
            </Link>
          </CardHeader>
          <CardContent>
            {isPending ? (
              <TableSkeleton label="Loading users" />
            ) : data?.recentUsers.length ? (
              <ul className="divide-y divide-slate-100">
                {data.recentUsers.map((user) => (
                  <li key={user.id} className="flex items-center justify-between gap-3 py-2.5">
                    <div className="min-w-0">
                      <p className="truncate font-medium text-slate-900">{user.name}</p>
                      <p className="truncate text-xs text-slate-500">
                        {user.email} · {formatDate(user.createdAt)}
                      </p>
                    </div>
                    <UserStatusBadge disabled={user.disabled} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="py-4 text-sm text-slate-600">No users yet.</p>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
