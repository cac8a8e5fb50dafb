import { describe, expect, it } from 'vitest';
import { SETTINGS_TABS, settingsTabFrom } from './settings-tabs';

describe('settings tabs', () => {
  it('are the spec’s seven, in its order', () => {
    expect(SETTINGS_TABS.map((t) => t.value)).toEqual([
      'organization',
      'users',
      'billing',
      'receipts',
      'account',
      'timezone',
      'payments',
    ]);
  });

  it('open the tab the address names, billing, receipts and payments included', () => {
    for (const tab of ['billing', 'receipts', 'payments', 'users', 'account', 'timezone'] as const) {
      expect(settingsTabFrom(tab)).toBe(tab);
    }
  });

  it('open Organization by default and for an unknown tab', () => {
    expect(settingsTabFrom(null)).toBe('organization');
    expect(settingsTabFrom('')).toBe('organization');
    expect(settingsTabFrom('nope')).toBe('organization');
  });
});
