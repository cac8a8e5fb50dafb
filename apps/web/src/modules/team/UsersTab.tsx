import { roleLabel, type TRole } from '@pennant/shared/team/roles';
import { INVITE_MESSAGES } from '@pennant/shared/team/schemas';
import { Crown, RefreshCw, UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { UpgradeDialog } from '@/components/plan/UpgradeDialog';
import { teamLimitReached, usePlan } from '@/components/plan/usePlan';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Skeleton } from '@/components/ui/Skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/Table';
import { errorMessage } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { InviteDialog } from './InviteDialog';
import { useCancelInvite, usePendingInvites, useResendInvite, useTeamMembers } from './team-api';

/** Below 640 px each row stacks into a small card; from 640 px it is an ordinary table row. */
const stackHead = 'hidden sm:table-header-group';
const stackRow = 'flex flex-col gap-1.5 px-4 py-3 sm:table-row sm:p-0';
const stackCell = 'block max-sm:p-0 sm:table-cell';

function RoleBadges({ roles }: { roles: readonly TRole[] }) {
  if (roles.length === 0) return <span className="text-slate-500">None</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {roles.map((role) => (
        <Badge key={role} tone={role === 'admin' ? 'brand' : 'neutral'}>
          {roleLabel(role)}
        </Badge>
      ))}
    </span>
  );
}

function RowsSkeleton({ columns }: { columns: number }) {
  return (
    <>
      {[0, 1].map((row) => (
        <TableRow key={row}>
          {Array.from({ length: columns }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder cells
            <TableCell key={i}>
              <Skeleton className="h-4 w-full max-w-40" />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </>
  );
}

/** Settings → Users: 'Team Members' with the active users, the pending invites and the invite dialog. */
export function UsersTab() {
  const session = useSession();
  const canManage = session.permissions.team;
  const plan = usePlan();
  const members = useTeamMembers();
  const invites = usePendingInvites(canManage);
  const [inviteOpen, setInviteOpen] = useState(false);
  const [upgrade, setUpgrade] = useState<{ open: boolean; reason?: string }>({ open: false });

  useEffect(() => {
    if (invites.isError)
      toast.error('Failed to load invites', { description: errorMessage(invites.error, '') || undefined });
  }, [invites.isError, invites.error]);

  const resend = useResendInvite({
    onSuccess: (_data, invite) =>
      toast.success('Invite resent', { description: `A new link was e-mailed to ${invite.email}.` }),
    onError: (err) => toast.error('Failed to resend invite', { description: errorMessage(err, 'Please try again') }),
  });

  const cancel = useCancelInvite({
    onSuccess: (_data, invite) =>
      toast.success('Invite cancelled', { description: `The link sent to ${invite.email} no longer works.` }),
    onError: (err) => toast.error('Failed to cancel invite', { description: errorMessage(err, 'Please try again') }),
  });

  function openInvite() {
    if (teamLimitReached(plan.data)) setUpgrade({ open: true, reason: INVITE_MESSAGES.planLimit });
    else setInviteOpen(true);
  }

  const refreshing = members.isFetching || invites.isFetching;
  const busyId = (resend.isPending && resend.variables?.id) || (cancel.isPending && cancel.variables?.id) || null;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">Team Members</h2>
          <p className="text-sm text-slate-600">
            Who works in {session.org?.name ?? 'your organization'} and what they may do.
          </p>
        </div>
        <div className="flex gap-2">
          <Button
            variant="outline"
            onClick={() => {
              void members.refetch();
              if (canManage) void invites.refetch();
              void plan.refetch();
            }}
            disabled={refreshing}
          >
            <RefreshCw className={refreshing ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden /> Refresh
          </Button>
          <Button onClick={openInvite} disabled={!canManage}>
            <UserPlus className="h-4 w-4" aria-hidden /> Invite User
          </Button>
        </div>
      </div>
      {!canManage ? (
        <p className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-600">
          Only an Org Admin or the Owner can invite, re-send or cancel invitations.
        </p>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>Active Users</CardTitle>
        </CardHeader>
        <CardContent className="px-0 sm:px-5">
          <Table aria-label="Active Users">
            <TableHead className={stackHead}>
              <TableRow>
                <TableHeaderCell>User</TableHeaderCell>
                <TableHeaderCell>Email</TableHeaderCell>
                <TableHeaderCell>Roles</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {members.isPending ? (
                <RowsSkeleton columns={3} />
              ) : members.isError ? (
                <TableRow>
                  <TableCell colSpan={3} className="text-red-700">
                    Failed to load team members.{' '}
                    <Button variant="link" size="sm" onClick={() => void members.refetch()}>
                      Try again
                    </Button>
                  </TableCell>
                </TableRow>
              ) : (
                members.data.map((m) => (
                  <TableRow key={m.id} className={stackRow}>
                    <TableCell className={`${stackCell} font-medium text-slate-900`}>
                      <span className="flex flex-wrap items-center gap-2">
                        {m.fullName || m.email}
                        {m.isOwner ? (
                          <Badge tone="accent" title="Organization owner">
                            <Crown className="mr-1 h-3 w-3" aria-hidden /> Owner
                          </Badge>
                        ) : null}
                        {m.id === session.user.id ? <span className="text-xs text-slate-500">(you)</span> : null}
                      </span>
                    </TableCell>
                    <TableCell className={`${stackCell} break-words`}>{m.email}</TableCell>
                    <TableCell className={stackCell}>
                      <RoleBadges roles={m.roles} />
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Pending Invites</CardTitle>
        </CardHeader>
        <CardContent className="px-0 sm:px-5">
          <Table aria-label="Pending Invites">
            <TableHead className={stackHead}>
              <TableRow>
                <TableHeaderCell>Email</TableHeaderCell>
                <TableHeaderCell>Roles</TableHeaderCell>
                <TableHeaderCell>Expires</TableHeaderCell>
                <TableHeaderCell>
                  <span className="sr-only">Actions</span>
                </TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {!canManage ? (
                <TableRow>
                  <TableCell colSpan={4} className="py-6 text-center text-slate-500">
                    {INVITE_MESSAGES.teamRightRequired}
                  </TableCell>
                </TableRow>
              ) : invites.isPending ? (
                <RowsSkeleton columns={4} />
              ) : invites.isError ? (
                <TableRow>
                  <TableCell colSpan={4} className="text-red-700">
                    Failed to load invites.{' '}
                    <Button variant="link" size="sm" onClick={() => void invites.refetch()}>
                      Try again
                    </Button>
                  </TableCell>
                </TableRow>
              ) : invites.data.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={4} className="py-6 text-center text-slate-500">
                    No pending invites.
                  </TableCell>
                </TableRow>
              ) : (
                invites.data.map((invite) => (
                  <TableRow key={invite.id} className={stackRow}>
                    <TableCell className={`${stackCell} break-words font-medium text-slate-900`}>
                      {invite.email}
                    </TableCell>
                    <TableCell className={stackCell}>
                      <RoleBadges roles={invite.roles} />
                    </TableCell>
                    <TableCell className={`${stackCell} whitespace-nowrap`}>
                      <span className="text-slate-500 sm:hidden">Expires </span>
                      <time dateTime={invite.expiresAt}>{formatDateTime(invite.expiresAt, session.timezone)}</time>
                    </TableCell>
                    <TableCell className={stackCell}>
                      <span className="flex gap-2 sm:justify-end">
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={`Resend invite to ${invite.email}`}
                          disabled={!canManage || busyId === invite.id}
                          onClick={() => resend.mutate(invite)}
                        >
                          Resend
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          className="text-red-700 hover:bg-red-50"
                          aria-label={`Cancel invite to ${invite.email}`}
                          disabled={!canManage || busyId === invite.id}
                          onClick={() => cancel.mutate(invite)}
                        >
                          Cancel
                        </Button>
                      </span>
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </CardContent>
      </Card>

      <InviteDialog
        open={inviteOpen}
        onOpenChange={setInviteOpen}
        onPlanLimit={(reason) => setUpgrade({ open: true, reason })}
      />
      <UpgradeDialog
        open={upgrade.open}
        onOpenChange={(open) => setUpgrade({ open })}
        context="limit"
        reason={upgrade.reason}
      />
    </div>
  );
}
