/** Settings tabs in the spec's order (§2: organization (default), users, billing, receipts, account, timezone, payments). */
export const SETTINGS_TABS = [
  { value: 'organization', label: 'Organization' },
  { value: 'users', label: 'Users' },
  { value: 'billing', label: 'Billing' },
  { value: 'receipts', label: 'Receipts' },
  { value: 'account', label: 'Account' },
  { value: 'timezone', label: 'Timezone' },
  { value: 'payments', label: 'Payments' },
] as const;

export type TSettingsTab = (typeof SETTINGS_TABS)[number]['value'];

export const DEFAULT_SETTINGS_TAB: TSettingsTab = 'organization';

/** The tab a `?tab=` value opens; anything unknown (or none) opens Organization. */
export function settingsTabFrom(raw: string | null): TSettingsTab {
  return SETTINGS_TABS.find((t) => t.value === raw)?.value ?? DEFAULT_SETTINGS_TAB;
}
