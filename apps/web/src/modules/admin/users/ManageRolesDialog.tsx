import { ADMIN_MESSAGES, ASSIGNABLE_ROLES, type TAdminUser, type TAdminUserOrg } from '@pennant/shared/admin/schemas';
import { roleLabel } from '@pennant/shared/team/roles';
import { Building2 } from 'lucide-react';
import { useEffect, useId } from 'react';
import { toast } from 'sonner';
import { InlineError } from '@/components/ui/Alert';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { Dialog } from '@/components/ui/Dialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { errorMessage } from '@/lib/api';
import { type TRoleChange, useAdminUserOrganizations, useManageUserRole } from '../admin-api';
import { TableSkeleton } from '../parts';

function RoleBox({
  org,
  role,
  busy,
  onChange,
}: {
  org: TAdminUserOrg;
  role: (typeof ASSIGNABLE_ROLES)[number];
  busy: boolean;
  onChange: (add: boolean) => void;
}) {
  const id = useId();
  const checked = org.roles.includes(role);
  // The server keeps the owner's admin role and a member's last role; the boxes say so first.
  const locked = checked && ((role === 'admin' && org.isOwner) || org.roles.length === 1);
  const why = !locked
    ? undefined
    : role === 'admin' && org.isOwner
      ? ADMIN_MESSAGES.ownerKeepsAdmin
      : ADMIN_MESSAGES.roleRequired;
  return (
    <div className="flex items-center gap-2" title={why}>
      <Checkbox
        id={id}
        checked={checked}
        disabled={busy || locked}
        onCheckedChange={onChange}
        aria-label={`${roleLabel(role)} in ${org.orgName}`}
      />
      <label htmlFor={id} className="text-sm text-slate-800">
        {roleLabel(role)}
      </label>
    </div>
  );
}

/**
 * Manage Roles (spec 002 §2.10, §6): each organization of the user, with admin, treasurer and
 * sponsorship_lead; a box adds or removes that role at once, with its toast.
 */
export function ManageRolesDialog({ user, onClose }: { user: TAdminUser | null; onClose: () => void }) {
  const orgs = useAdminUserOrganizations(user?.id ?? null);
  const manage = useManageUserRole({
    onSuccess: (_d, { role, add }) => toast.success(ADMIN_MESSAGES.roleChanged(role, add)),
    onError: (err) =>
      toast.error(ADMIN_MESSAGES.manageRoleFailed, {
        description: errorMessage(err, ADMIN_MESSAGES.manageRoleFailedDescription),
      }),
  });

  useEffect(() => {
    if (orgs.isError) toast.error(ADMIN_MESSAGES.fetchUserOrgsFailed, { description: errorMessage(orgs.error, '') });
  }, [orgs.isError, orgs.error]);

  const change = (c: TRoleChange) => manage.mutate(c);
  const busyOrg = manage.isPending ? manage.variables?.orgId : undefined;

  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Manage Roles"
      description={user ? `${user.name} (${user.email})` : undefined}
      footer={
        <Button variant="outline" onClick={onClose}>
          Done
        </Button>
      }
    >
      {orgs.isPending ? (
        <TableSkeleton rows={2} label="Loading organizations" />
      ) : orgs.isError ? (
        <InlineError>{ADMIN_MESSAGES.fetchUserOrgsFailed}</InlineError>
      ) : orgs.data.length === 0 ? (
        <EmptyState icon={Building2} title="No organizations" className="p-4">
          This user does not belong to any organization.
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {orgs.data.map((org) => {
            const others = org.roles.filter((r) => !(ASSIGNABLE_ROLES as readonly string[]).includes(r));
            return (
              <li key={org.orgId} className="rounded-lg border border-slate-200 p-3">
                <fieldset>
                  <legend className="mb-2 flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    {org.orgName}
                    {org.isOwner ? <Badge tone="accent">Owner</Badge> : null}
                    {others.map((r) => (
                      <Badge key={r}>{roleLabel(r)}</Badge>
                    ))}
                  </legend>
                  <div className="flex flex-wrap gap-x-5 gap-y-2">
                    {ASSIGNABLE_ROLES.map((role) => (
                      <RoleBox
                        key={role}
                        org={org}
                        role={role}
                        busy={busyOrg === org.orgId}
                        onChange={(add) => user && change({ userId: user.id, orgId: org.orgId, role, add })}
                      />
                    ))}
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ul>
      )}
    </Dialog>
  );
}
