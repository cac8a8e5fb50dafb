import * as account from '@pennant/shared/auth/contract';
import type { TChangeEmail, TChangePassword } from '@pennant/shared/auth/schemas';
import * as organization from '@pennant/shared/organization/contract';
import type { TOrganizationSettings } from '@pennant/shared/organization/schemas';
import type { TTimezonePreference } from '@pennant/shared/profile/timezones';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { type TMutationUi, useContractMutation } from '@/lib/query';
import { SESSION_KEY } from '@/lib/session';

export const settingsKeys = {
  organization: ['organization', 'settings'] as const,
  timezone: ['profile', 'timezone'] as const,
};

export function useOrganizationSettings() {
  return useQuery({ queryKey: settingsKeys.organization, queryFn: () => call(organization.getSettings) });
}

/** Saves the organization's settings; the session carries its name, so it is refreshed too. */
export function useSaveOrganizationSettings(ui?: TMutationUi<TOrganizationSettings, TOrganizationSettings>) {
  const qc = useQueryClient();
  return useContractMutation(
    organization.saveSettings,
    {
      mutationFn: (body: TOrganizationSettings) => call(organization.saveSettings, { body }),
      onSuccess: async (saved) => {
        qc.setQueryData(settingsKeys.organization, saved);
        await qc.invalidateQueries({ queryKey: SESSION_KEY });
      },
    },
    ui,
  );
}

/** The saved zone and switch, always read fresh: another device may have changed them. */
const timezoneQuery = queryOptions({
  queryKey: settingsKeys.timezone,
  queryFn: () => call(organization.getTimezone),
  staleTime: 0,
});

export function useTimezonePreference() {
  return useQuery(timezoneQuery);
}

/** Reads the saved zone outside a component's render (the sign-in auto-detect). */
export const fetchTimezonePreference = (qc: QueryClient) => qc.fetchQuery(timezoneQuery);

/** Saves the zone; every date in the app reads it from the session, so that is refreshed too. */
export function useSaveTimezone(ui?: TMutationUi<TTimezonePreference, TTimezonePreference>) {
  const qc = useQueryClient();
  return useContractMutation(
    organization.saveTimezone,
    {
      mutationFn: (body: TTimezonePreference) => call(organization.saveTimezone, { body }),
      onSuccess: async (stored) => {
        qc.setQueryData(settingsKeys.timezone, stored);
        await qc.invalidateQueries({ queryKey: SESSION_KEY });
      },
    },
    ui,
  );
}

export function useRequestEmailChange() {
  return useContractMutation(account.requestEmailChange, {
    mutationFn: (body: TChangeEmail) => call(account.requestEmailChange, { body }),
  });
}

export function useChangePassword() {
  return useContractMutation(account.changePassword, {
    mutationFn: (body: TChangePassword) => call(account.changePassword, { body }),
  });
}

/** Confirms an e-mail change from the link; the session then shows the new address. */
export function useConfirmEmailChange() {
  const qc = useQueryClient();
  return useContractMutation(account.confirmEmailChange, {
    mutationFn: (token: string) => call(account.confirmEmailChange, { body: { token } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: SESSION_KEY }),
  });
}
