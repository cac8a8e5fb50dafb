import { planAllows } from '@pennant/shared/organization/plans';
import { roleMenuLabel } from '@pennant/shared/team/roles';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, LogOut, Receipt, Shield, UserCog } from 'lucide-react';
import { DropdownMenu as M } from 'radix-ui';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { signOutEverywhere, useSession } from '@/lib/session';

const item =
  'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100';

export function UserMenu() {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const initials = session.user.name
    .split(/\s+/)
    .map((p) => p[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

  async function logout() {
    try {
      await signOutEverywhere();
      queryClient.clear();
      toast.success('Logged out successfully');
      navigate('/auth', { replace: true });
    } catch {
      toast.error('Logout failed', { description: 'Please try again' });
    }
  }

  return (
    <M.Root>
      {/* Named by what it shows (the name, WCAG 2.5.3 label in name) and what it is; the initials
          repeat the name, so they are hidden from screen readers. */}
      <M.Trigger className="flex items-center gap-2 rounded-full py-1 pl-1 pr-2 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600">
        <span
          aria-hidden
          className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-600 text-xs font-semibold text-white"
        >
          {initials}
        </span>
        <span className="sr-only sm:not-sr-only sm:max-w-36 sm:truncate sm:text-sm sm:font-medium sm:text-slate-800">
          {session.user.name}
        </span>
        <span className="sr-only">User menu</span>
        <ChevronDown className="h-4 w-4 text-slate-500" aria-hidden />
      </M.Trigger>
      <M.Portal>
        <M.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-60 rounded-lg border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <div className="px-2 py-1.5">
            <p className="text-sm font-medium text-slate-900">{session.user.name}</p>
            <p className="truncate text-xs text-slate-500">{session.user.email}</p>
            {session.roles.length ? (
              <p className="mt-1 text-xs text-slate-600">{session.roles.map(roleMenuLabel).join(', ')}</p>
            ) : null}
          </div>
          <M.Separator className="my-1 h-px bg-slate-100" />
          {session.isAppAdmin ? (
            <M.Item className={item} onSelect={() => navigate('/admin/metrics')}>
              <Shield className="h-4 w-4" aria-hidden /> Admin Console
            </M.Item>
          ) : null}
          <M.Item className={item} onSelect={() => navigate('/dashboard/settings?tab=account')}>
            <UserCog className="h-4 w-4" aria-hidden /> Account Settings
          </M.Item>
          {planAllows(session.plan, 'receipts') ? (
            <M.Item className={item} onSelect={() => navigate('/dashboard/settings?tab=billing')}>
              <Receipt className="h-4 w-4" aria-hidden /> Billing & Receipts
            </M.Item>
          ) : null}
          <M.Separator className="my-1 h-px bg-slate-100" />
          <M.Item className={item} onSelect={() => void logout()}>
            <LogOut className="h-4 w-4" aria-hidden /> Logout
          </M.Item>
        </M.Content>
      </M.Portal>
    </M.Root>
  );
}
