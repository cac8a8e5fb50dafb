import type { TRole } from '@pennant/shared/team/roles';
import { ChevronRight, HandCoins, type LucideIcon, PackagePlus, ReceiptText } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/Badge';
import { Skeleton } from '@/components/ui/Skeleton';

interface TStep {
  title: string;
  description: string;
  to: string;
  icon: LucideIcon;
  roles: readonly TRole[];
  badge?: boolean;
}

/** Which roles see each quick step (campaigns and the catalogue for admins and leads; invoices for admins and treasurers). */
const STEPS: TStep[] = [
  {
    title: 'Launch Campaign',
    description: 'Start a player or alumni fundraiser.',
    to: '/dashboard/fundraising',
    icon: HandCoins,
    roles: ['admin', 'sponsorship_lead'],
  },
  {
    title: 'View Invoices',
    description: 'Follow up on what sponsors still owe.',
    // The count on its badge is the outstanding invoices, so the step opens exactly those.
    to: '/dashboard/invoices?status=outstanding',
    icon: ReceiptText,
    roles: ['admin', 'treasurer'],
    badge: true,
  },
  {
    title: 'Add Product',
    description: 'Banners, shout-outs and other ads to sell.',
    to: '/dashboard/products',
    icon: PackagePlus,
    roles: ['admin', 'sponsorship_lead'],
  },
];

interface TQuickStepsProps {
  roles: readonly TRole[];
  outstandingInvoices: number;
  loading: boolean;
}

/** Quick Steps: Launch Campaign, View Invoices (with the outstanding count) and Add Product, by role. */
export function QuickSteps({ roles, outstandingInvoices, loading }: TQuickStepsProps) {
  const steps = STEPS.filter((s) => s.roles.some((r) => roles.includes(r)));
  if (steps.length === 0) return null;
  return (
    <section aria-labelledby="quick-steps-title" className="space-y-3">
      <h2 id="quick-steps-title" className="text-lg font-semibold text-slate-900">
        Quick Steps
      </h2>
      {/* Three across only when each card has room for its title on one line (not on a tablet). */}
      <div className="grid gap-3 xl:grid-cols-3">
        {steps.map((step) => (
          <Link
            key={step.title}
            to={step.to}
            className="group flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-500 hover:bg-brand-50/40 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <span className="rounded-lg bg-brand-50 p-2.5 text-brand-700">
              <step.icon className="h-5 w-5" aria-hidden />
            </span>
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-center gap-x-2 font-medium text-slate-900">
                {step.title}
                {step.badge ? (
                  loading ? (
                    <Skeleton className="h-4 w-6 rounded-full" />
                  ) : (
                    <Badge
                      tone={outstandingInvoices > 0 ? 'warning' : 'neutral'}
                      aria-label={`${outstandingInvoices} outstanding`}
                    >
                      {outstandingInvoices}
                    </Badge>
                  )
                ) : null}
              </span>
              <span className="block text-sm text-slate-600">{step.description}</span>
            </span>
            <ChevronRight className="h-4 w-4 text-slate-400 group-hover:text-brand-700" aria-hidden />
          </Link>
        ))}
      </div>
    </section>
  );
}
