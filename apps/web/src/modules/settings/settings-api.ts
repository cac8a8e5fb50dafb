import { ZOk } from '@pennant/shared/api.schemas';
import {
  type TChangeEmail,
  type TChangePassword,
  ZChangeEmailReply,
  ZConfirmEmailReply,
} from '@pennant/shared/auth.schemas';
import { type TOrganizationSettings, ZOrganizationSettingsReply } from '@pennant/shared/organization.schemas';
import { type TTimezonePreference, ZTimezonePreference } from '@pennant/shared/timezones';
import { api } from '@/lib/api';

export const ORG_SETTINGS_KEY = ['organization', 'settings'] as const;
export const TIMEZONE_KEY = ['profile', 'timezone'] as const;

export const settingsApi = {
  organization: () => api.get('/api/organization/settings', ZOrganizationSettingsReply),
  saveOrganization: (body: TOrganizationSettings) =>
    api.put('/api/organization/settings', body, ZOrganizationSettingsReply),
  timezone: () => api.get('/api/profile/timezone', ZTimezonePreference),
  saveTimezone: (body: TTimezonePreference) => api.put('/api/profile/timezone', body, ZTimezonePreference),
  changeEmail: (body: TChangeEmail) => api.post('/api/account/email', body, ZChangeEmailReply),
  confirmEmail: (token: string) => api.post('/api/account/email/confirm', { token }, ZConfirmEmailReply),
  changePassword: (body: TChangePassword) => api.post('/api/account/password', body, ZOk),
};
