import { isTestAccount } from '@pennant/shared/admin/rules';
import { ADMIN_LIMITS, ADMIN_MESSAGES, type TAdminUser } from '@pennant/shared/admin/schemas';
import { MoreHorizontal, ShieldCheck, Trash2, UserCog, UserRoundCheck, UserRoundX, Users, Zap } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/Alert';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Checkbox } from '@/components/ui/Checkbox';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Dialog } from '@/components/ui/Dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/DropdownMenu';
import { EmptyState } from '@/components/ui/EmptyState';
import { ErrorState } from '@/components/ui/ErrorState';
import { PageHeader } from '@/components/ui/PageHeader';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/Table';
import { errorMessage } from '@/lib/api';
import { useSession } from '@/lib/session';
import { useAdminUsers, useBulkDeleteUsers, useDeleteUser, useGrantAdmin, useSetUserDisabled } from '../admin-api';
import { Pagination } from '../Pagination';
import { formatCount, TableSkeleton, UserStatusBadge } from '../parts';
import { SearchInput } from '../SearchInput';
import { useDebouncedValue } from '../useDebouncedValue';
import { ManageRolesDialog } from './ManageRolesDialog';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function RowMenu({
  user,
  self,
  onManageRoles,
  onToggleDisabled,
  onGrantAdmin,
  onHardDelete,
}: {
  user: TAdminUser;
  self: boolean;
  onManageRoles: () => void;
  onToggleDisabled: () => void;
  onGrantAdmin: () => void;
  onHardDelete: () => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${user.email}`}>
          <MoreHorizontal className="h-5 w-5" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={onManageRoles}>
          <UserCog className="h-4 w-4" aria-hidden /> Manage Roles
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onToggleDisabled} disabled={self}>
          {user.disabled ? (
            <>
              <UserRoundCheck className="h-4 w-4" aria-hidden /> Re-enable User
            </>
          ) : (
            <>
              <UserRoundX className="h-4 w-4" aria-hidden /> Disable User
            </>
          )}
        </DropdownMenuItem>
        {user.isAppAdmin ? null : (
          <DropdownMenuItem onSelect={onGrantAdmin}>
            <ShieldCheck className="h-4 w-4" aria-hidden /> Make Platform Admin
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem danger onSelect={onHardDelete} disabled={self}>
          <Trash2 className="h-4 w-4" aria-hidden /> Hard Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/**
 * /admin/users (spec 002 §2.10, §5.8, §8.5): search, 10/25/50 a page, select and select-all,
 * Manage Roles, disable or re-enable, Hard Delete, 'Delete Selected (n)' (a dialog, with a warning
 * when the selection holds a real user) and 'Quick Delete n Test Users' (a browser confirm only).
 */
export function AdminUsersPage() {
  const session = useSession();
  const selfId = session.user.id;
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(ADMIN_LIMITS.defaultUserPageSize);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [rolesFor, setRolesFor] = useState<TAdminUser | null>(null);
  const [deleting, setDeleting] = useState<TAdminUser | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const query = useDebouncedValue(search.trim());
  const list = useAdminUsers(query, pageSize, (page - 1) * pageSize);

  // A new search or page size starts at the first page; any new page starts a new selection.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the search or size changes
  useEffect(() => setPage(1), [query, pageSize]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page shown changes
  useEffect(() => setSelected(new Set()), [query, pageSize, page]);

  useEffect(() => {
    if (list.isError) toast.error(ADMIN_MESSAGES.fetchUsersFailed, { description: errorMessage(list.error, '') });
  }, [list.isError, list.error]);

  const users = list.data?.users ?? [];
  const total = list.data?.totalCount ?? 0;
  const selectable = useMemo(() => users.filter((u) => u.id !== selfId), [users, selfId]);
  const testUsers = useMemo(() => selectable.filter((u) => isTestAccount(u.email)), [selectable]);
  const chosen = selectable.filter((u) => selected.has(u.id));
  const realChosen = chosen.filter((u) => !isTestAccount(u.email));
  const allChosen = selectable.length > 0 && chosen.length === selectable.length;

  const setDisabled = useSetUserDisabled({
    onSuccess: (_d, { disabled }) => toast.success(ADMIN_MESSAGES.userToggled(disabled)),
    onError: (err) => toast.error(ADMIN_MESSAGES.updateUserFailed, { description: errorMessage(err, '') }),
  });
  const grantAdmin = useGrantAdmin({
    onSuccess: (_d, email) => toast.success(ADMIN_MESSAGES.adminGranted(email)),
    onError: (err) => toast.error(ADMIN_MESSAGES.updateUserFailed, { description: errorMessage(err, '') }),
  });
  const deleteFailed = (err: Error) =>
    toast.error(ADMIN_MESSAGES.deleteUserFailed, {
      description: errorMessage(err, ADMIN_MESSAGES.deleteUserFailedDescription),
    });
  const deleteOne = useDeleteUser({
    onSuccess: (reply) => {
      toast.success(ADMIN_MESSAGES.userDeleted, { description: reply.message });
      setDeleting(null);
    },
    onError: deleteFailed,
  });
  const deleteMany = useBulkDeleteUsers({
    onSuccess: (reply) => {
      toast.success(ADMIN_MESSAGES.userDeleted, { description: reply.message });
      setSelected(new Set());
      setBulkOpen(false);
    },
    onError: deleteFailed,
  });

  function toggle(id: string, on: boolean) {
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function quickDeleteTestUsers() {
    const n = testUsers.length;
    // Spec 002 §5.8: test accounts go after a browser confirm only.
    if (!window.confirm(`Delete ${plural(n, 'test user', 'test users')}? This cannot be undone.`)) return;
    deleteMany.mutate(testUsers.map((u) => u.id));
  }

  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <PageHeader
        title="Users"
        description="Every account on the platform."
        actions={
          <>
            {testUsers.length > 0 ? (
              <Button variant="outline" onClick={quickDeleteTestUsers} disabled={deleteMany.isPending}>
                <Zap className="h-4 w-4" aria-hidden /> {ADMIN_MESSAGES.quickDeleteTestUsers(testUsers.length)}
              </Button>
            ) : null}
            {chosen.length > 0 ? (
              <Button variant="danger" onClick={() => setBulkOpen(true)} disabled={deleteMany.isPending}>
                <Trash2 className="h-4 w-4" aria-hidden /> {ADMIN_MESSAGES.deleteSelected(chosen.length)}
              </Button>
            ) : null}
          </>
        }
      />

      <SearchInput value={search} onChange={setSearch} label="Search users" />

      {list.isError ? (
        <ErrorState onRetry={() => void list.refetch()}>
          {ADMIN_MESSAGES.loadUsersFailed(errorMessage(list.error, 'Unknown error'))}
        </ErrorState>
      ) : (
        <Card className="relative overflow-hidden">
          {list.isPending ? (
            <TableSkeleton rows={6} label="Loading users" />
          ) : users.length === 0 ? (
            <EmptyState icon={Users} title={ADMIN_MESSAGES.noUsers}>
              {query ? 'Try another name or e-mail.' : null}
            </EmptyState>
          ) : (
            <Table aria-label="Users">
              <TableHead>
                <TableRow>
                  <TableHeaderCell className="w-10">
                    <Checkbox
                      checked={allChosen}
                      onCheckedChange={(on) => setSelected(new Set(on ? selectable.map((u) => u.id) : []))}
                      disabled={selectable.length === 0}
                      aria-label="Select all users on this page"
                    />
                  </TableHeaderCell>
                  <TableHeaderCell>Name</TableHeaderCell>
                  <TableHeaderCell className="hidden md:table-cell">Email</TableHeaderCell>
                  <TableHeaderCell className="hidden text-right lg:table-cell">Organizations</TableHeaderCell>
                  <TableHeaderCell>Status</TableHeaderCell>
                  <TableHeaderCell className="text-right">
                    <span className="sr-only">Actions</span>
                  </TableHeaderCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {users.map((user) => {
                  const self = user.id === selfId;
                  return (
                    <TableRow key={user.id} className={selected.has(user.id) ? 'bg-brand-50/60' : undefined}>
                      <TableCell>
                        <Checkbox
                          checked={selected.has(user.id)}
                          onCheckedChange={(on) => toggle(user.id, on)}
                          disabled={self}
                          aria-label={`Select ${user.email}`}
                        />
                      </TableCell>
                      <TableCell className="max-w-48 sm:max-w-64">
                        <p className="flex flex-wrap items-center gap-1.5 font-medium text-slate-900">
                          <span className="truncate">{user.name}</span>
                          {user.isAppAdmin ? <Badge tone="brand">Admin</Badge> : null}
                          {isTestAccount(user.email) ? <Badge tone="warning">Test</Badge> : null}
                          {self ? <Badge>You</Badge> : null}
                        </p>
                        <p className="truncate text-xs text-slate-500 md:hidden">{user.email}</p>
                        <p className="text-xs text-slate-500 lg:hidden">
                          {plural(user.orgCount, 'organization', 'organizations')}
                        </p>
                      </TableCell>
                      <TableCell className="hidden max-w-64 truncate md:table-cell">{user.email}</TableCell>
                      <TableCell className="hidden text-right tabular-nums lg:table-cell">
                        {formatCount(user.orgCount)}
                      </TableCell>
                      <TableCell>
                        <UserStatusBadge disabled={user.disabled} />
                      </TableCell>
                      <TableCell className="text-right">
                        <RowMenu
                          user={user}
                          self={self}
                          onManageRoles={() => setRolesFor(user)}
                          onToggleDisabled={() => setDisabled.mutate({ id: user.id, disabled: !user.disabled })}
                          onGrantAdmin={() => grantAdmin.mutate(user.email)}
                          onHardDelete={() => setDeleting(user)}
                        />
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          )}
        </Card>
      )}

      {list.data && total > 0 ? (
        <Pagination
          label="User pages"
          page={page}
          pageSize={pageSize}
          total={total}
          onPage={setPage}
          pageSizes={ADMIN_LIMITS.userPageSizes}
          onPageSize={setPageSize}
        />
      ) : null}

      <ManageRolesDialog user={rolesFor} onClose={() => setRolesFor(null)} />

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Hard Delete User"
        message={
          deleting
            ? `Permanently delete ${deleting.name} (${deleting.email}) and their memberships? This cannot be undone.`
            : ''
        }
        confirmLabel="Delete User"
        danger
        busy={deleteOne.isPending}
        onConfirm={() => deleting && deleteOne.mutate(deleting.id)}
      />

      <Dialog
        open={bulkOpen}
        onOpenChange={setBulkOpen}
        title="Delete Selected Users"
        footer={
          <>
            <Button variant="outline" onClick={() => setBulkOpen(false)} disabled={deleteMany.isPending}>
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={() => deleteMany.mutate(chosen.map((u) => u.id))}
              disabled={deleteMany.isPending}
            >
              {`Delete ${plural(chosen.length, 'User', 'Users')}`}
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-700">
          Permanently delete {plural(chosen.length, 'user', 'users')} and their memberships? This cannot be undone.
        </p>
        {realChosen.length > 0 ? (
          <Alert tone="warning" className="mt-3" title="This selection includes real users">
            <p>
              {plural(
                realChosen.length,
                'account does not look like a test account:',
                'accounts do not look like test accounts:',
              )}
            </p>
            <p className="mt-1 break-all font-medium">{realChosen.map((u) => u.email).join(', ')}</p>
          </Alert>
        ) : null}
      </Dialog>
    </div>
  );
}
