import type { TPlanFeature } from '@pennant/shared/organization/plans';
import {
  BarChart3,
  Building2,
  FileSignature,
  FileText,
  HandCoins,
  Layers,
  LayoutDashboard,
  ListChecks,
  type LucideIcon,
  Package,
  Receipt,
  ReceiptText,
  Settings,
} from 'lucide-react';

export interface TNavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Shown only to organizations whose plan includes this feature (the plan matrix). */
  planFeature?: TPlanFeature;
}

export interface TNavSection {
  heading: string | null;
  items: TNavItem[];
}

export const NAV: TNavSection[] = [
  { heading: null, items: [{ label: 'Dashboard', to: '/dashboard', icon: LayoutDashboard }] },
  {
    heading: 'Sales',
    items: [
      { label: 'Companies', to: '/dashboard/companies', icon: Building2 },
      { label: 'Quotes', to: '/dashboard/quotes', icon: FileText },
      { label: 'Agreements', to: '/dashboard/agreements', icon: FileSignature },
      { label: 'Fundraising', to: '/dashboard/fundraising', icon: HandCoins },
    ],
  },
  {
    heading: 'Finance',
    items: [
      { label: 'Invoices', to: '/dashboard/invoices', icon: ReceiptText },
      { label: 'Receipts', to: '/dashboard/receipts', icon: Receipt, planFeature: 'receipts' },
      { label: 'Reports', to: '/dashboard/reports', icon: BarChart3 },
    ],
  },
  {
    heading: 'Setup',
    items: [
      { label: 'Products', to: '/dashboard/products', icon: Package },
      { label: 'Bundles', to: '/dashboard/bundles', icon: Layers },
      { label: 'Price Lists', to: '/dashboard/price-lists', icon: ListChecks },
      { label: 'Settings', to: '/dashboard/settings', icon: Settings },
    ],
  },
];

const TITLES: [RegExp, string][] = [
  [/^\/dashboard\/?$/, 'Dashboard'],
  [/^\/dashboard\/reports/, 'Reports'],
  [/^\/dashboard\/companies\/new/, 'New Company'],
  [/^\/dashboard\/companies/, 'Companies'],
  [/^\/dashboard\/quotes/, 'Quotes'],
  [/^\/dashboard\/(agreements|contracts)/, 'Agreements'],
  [/^\/dashboard\/fundraising/, 'Fundraising'],
  [/^\/dashboard\/invoices/, 'Invoices'],
  [/^\/dashboard\/receipts/, 'Receipts'],
  [/^\/dashboard\/products/, 'Products'],
  [/^\/dashboard\/bundles/, 'Bundles'],
  [/^\/dashboard\/price-lists/, 'Price Lists'],
  [/^\/dashboard\/settings/, 'Settings'],
];

export function pageTitle(pathname: string): string {
  return TITLES.find(([re]) => re.test(pathname))?.[1] ?? 'Pennant';
}
