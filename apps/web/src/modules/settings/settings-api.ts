import * as account from '@pennant/shared/auth/contract';
import type { TChangeEmail, TChangePassword } from '@pennant/shared/auth/schemas';
import * as organization from '@pennant/shared/organization/contract';
import type { TOrganizationSettings } from '@pennant/shared/organization/schemas';
import type { TTimezonePreference } from '@pennant/shared/profile/timezones';
import { call } from '@/lib/api';

export const ORG_SETTINGS_KEY = ['organization', 'settings'] as const;
export const TIMEZONE_KEY = ['profile', 'timezone'] as const;

export const settingsApi = {
  organization: () => call(organization.getSettings),
  saveOrganization: (body: TOrganizationSettings) => call(organization.saveSettings, { body }),
  timezone: () => call(organization.getTimezone),
  saveTimezone: (body: TTimezonePreference) => call(organization.saveTimezone, { body }),
  changeEmail: (body: TChangeEmail) => call(account.requestEmailChange, { body }),
  confirmEmail: (token: string) => call(account.confirmEmailChange, { body: { token } }),
  changePassword: (body: TChangePassword) => call(account.changePassword, { body }),
};
