import { Activity, BarChart3, Bot, Building2, LayoutDashboard, type LucideIcon, ScrollText, Users } from 'lucide-react';

export interface TAdminNavItem {
  label: string;
  to: string;
  icon: LucideIcon;
}

/** Spec 002 §2.10: the console's sidebar. System Health is reached from the dashboard only. */
export const ADMIN_NAV: TAdminNavItem[] = [
  { label: 'Dashboard', to: '/admin', icon: LayoutDashboard },
  { label: 'Users', to: '/admin/users', icon: Users },
  { label: 'Organizations', to: '/admin/orgs', icon: Building2 },
  { label: 'AI Config', to: '/admin/ai-config', icon: Bot },
  { label: 'Metrics', to: '/admin/metrics', icon: BarChart3 },
  { label: 'Audit Logs', to: '/admin/audit-logs', icon: ScrollText },
];

export const SYSTEM_HEALTH_ICON = Activity;

const TITLES: [RegExp, string][] = [
  [/^\/admin\/?$/, 'Admin Dashboard'],
  [/^\/admin\/users/, 'Users'],
  [/^\/admin\/orgs/, 'Organizations'],
  [/^\/admin\/ai-config/, 'AI Configuration'],
  [/^\/admin\/metrics/, 'Metrics'],
  [/^\/admin\/audit-logs/, 'Audit Logs'],
  [/^\/admin\/system-health/, 'System Health'],
];

export function adminPageTitle(pathname: string): string {
  return TITLES.find(([re]) => re.test(pathname))?.[1] ?? 'Admin Console';
}
