import * as api from '@pennant/shared/admin/contract';
import {
  ADMIN_LIMITS,
  ADMIN_MESSAGES,
  type TAdminOrgUpdate,
  type TAssignableRole,
  type TAuditAction,
  type TAuditEntry,
  type TImpersonation,
} from '@pennant/shared/admin/schemas';
import type { TAiConfigUpdate, TAiFeature } from '@pennant/shared/ai/schemas';
import { keepPreviousData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZodError } from 'zod';
import { ApiError, call } from '@/lib/api';
import { type TMutationUi, useContractMutation } from '@/lib/query';
import { SESSION_KEY } from '@/lib/session';

/**
 * The platform admin console's query keys, queries and calls (spec 002 §7.8; the routes of
 * packages/shared/src/admin/contract.ts). Every key starts with 'admin', the contracts' topic, so
 * each console change refreshes the console's lists when it settles.
 */
export const adminKeys = {
  all: ['admin'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  users: (search: string, limit: number, offset: number) => ['admin', 'users', search, limit, offset] as const,
  userOrgs: (id: string) => ['admin', 'users', id, 'organizations'] as const,
  orgs: (search: string, offset: number) => ['admin', 'orgs', search, offset] as const,
  aiConfigs: ['admin', 'ai-configs'] as const,
  aiHistory: (feature: TAiFeature) => ['admin', 'ai-configs', feature, 'history'] as const,
  metrics: ['admin', 'metrics'] as const,
  health: ['admin', 'system-health'] as const,
  tokenUsage: (days: number) => ['admin', 'token-usage', days] as const,
  signups: (days: number) => ['admin', 'signups', days] as const,
  auditLogs: (search: string, action: TAuditAction | '', offset: number) =>
    ['admin', 'audit-logs', search, action, offset] as const,
};

/** The console's lists are fresh for 30 seconds, like the rest of the admin data (§7.8). */
const STALE_MS = 30_000;

/** A 4xx is an answer (refused, not found), not a hiccup: it is not retried. */
const retryServerErrors = (count: number, err: unknown) =>
  !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 1;

const common = { staleTime: STALE_MS, retry: retryServerErrors } as const;

// ---------------------------------------------------------------------------------------------
// Dashboard, metrics, health
// ---------------------------------------------------------------------------------------------

export function useAdminDashboard() {
  return useQuery({ queryKey: adminKeys.dashboard, queryFn: () => call(api.getAdminDashboard), ...common });
}

export function useAdminMetrics() {
  return useQuery({ queryKey: adminKeys.metrics, queryFn: () => call(api.getAdminMetrics), ...common });
}

export function useSystemHealth() {
  return useQuery({ queryKey: adminKeys.health, queryFn: () => call(api.getSystemHealth), ...common });
}

export function useTokenUsage(days: number = ADMIN_LIMITS.defaultDaysBack) {
  return useQuery({
    queryKey: adminKeys.tokenUsage(days),
    queryFn: () => call(api.getTokenUsage, { query: { days } }),
    ...common,
  });
}

export function useSignupMetrics(days: number = ADMIN_LIMITS.defaultDaysBack) {
  return useQuery({
    queryKey: adminKeys.signups(days),
    queryFn: () => call(api.getSignupMetrics, { query: { days } }),
    ...common,
  });
}

// ---------------------------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------------------------

export function useAdminUsers(search: string, limit: number, offset: number) {
  return useQuery({
    queryKey: adminKeys.users(search, limit, offset),
    queryFn: () => call(api.listAdminUsers, { query: { search: search || undefined, limit, offset } }),
    placeholderData: keepPreviousData,
    ...common,
  });
}

export function useAdminUserOrganizations(id: string | null) {
  return useQuery({
    queryKey: adminKeys.userOrgs(id ?? ''),
    queryFn: async () => (await call(api.getAdminUserOrganizations, { params: { id: id ?? '' } })).organizations,
    enabled: id !== null,
    ...common,
    staleTime: 0,
  });
}

export function useSetUserDisabled(ui?: TMutationUi<unknown, { id: string; disabled: boolean }>) {
  return useContractMutation(
    api.updateAdminUser,
    {
      mutationFn: ({ id, disabled }: { id: string; disabled: boolean }) =>
        call(api.updateAdminUser, { params: { id }, body: { disabled } }),
    },
    ui,
  );
}

export function useDeleteUser(ui?: TMutationUi<{ message: string }, string>) {
  return useContractMutation(
    api.deleteAdminUser,
    { mutationFn: (id: string) => call(api.deleteAdminUser, { params: { id } }) },
    ui,
  );
}

export function useBulkDeleteUsers(ui?: TMutationUi<{ deleted: number; message: string }, string[]>) {
  return useContractMutation(
    api.bulkDeleteAdminUsers,
    { mutationFn: (userIds: string[]) => call(api.bulkDeleteAdminUsers, { body: { userIds } }) },
    ui,
  );
}

export interface TRoleChange {
  userId: string;
  orgId: string;
  role: TAssignableRole;
  add: boolean;
}

export function useManageUserRole(ui?: TMutationUi<unknown, TRoleChange>) {
  const qc = useQueryClient();
  return useContractMutation(
    api.addAdminUserRole,
    {
      mutationFn: ({ userId, orgId, role, add }: TRoleChange) => {
        const input = { params: { id: userId, orgId, role } };
        return add ? call(api.addAdminUserRole, input) : call(api.removeAdminUserRole, input);
      },
      onSuccess: (reply, { userId }) => qc.setQueryData(adminKeys.userOrgs(userId), reply.organizations),
    },
    ui,
  );
}

export function useGrantAdmin(ui?: TMutationUi<unknown, string>) {
  return useContractMutation(
    api.grantAdmin,
    { mutationFn: (email: string) => call(api.grantAdmin, { body: { email } }) },
    ui,
  );
}

// ---------------------------------------------------------------------------------------------
// Organizations
// ---------------------------------------------------------------------------------------------

export function useAdminOrganizations(search: string, offset: number) {
  return useQuery({
    queryKey: adminKeys.orgs(search, offset),
    queryFn: () =>
      call(api.listAdminOrganizations, {
        query: { search: search || undefined, limit: ADMIN_LIMITS.orgPageSize, offset },
      }),
    placeholderData: keepPreviousData,
    ...common,
  });
}

export function useUpdateOrganization(ui?: TMutationUi<unknown, { id: string; change: TAdminOrgUpdate }>) {
  return useContractMutation(
    api.updateAdminOrganization,
    {
      mutationFn: ({ id, change }: { id: string; change: TAdminOrgUpdate }) =>
        call(api.updateAdminOrganization, { params: { id }, body: change }),
    },
    ui,
  );
}

// ---------------------------------------------------------------------------------------------
// Impersonation (spec 000 §4, 002 §4.7)
// ---------------------------------------------------------------------------------------------

/**
 * Starts impersonating an organization. A reply of the wrong shape (not an object, or one without
 * the record's fields) is the spec's 'Invalid response format from impersonation service'.
 */
export async function startImpersonation(orgId: string): Promise<TImpersonation> {
  try {
    return await call(api.startImpersonation, { params: { id: orgId } });
  } catch (err) {
    if (err instanceof ZodError || err instanceof SyntaxError)
      throw new Error(ADMIN_MESSAGES.invalidImpersonationReply);
    throw err;
  }
}

export function useStartImpersonation(ui?: TMutationUi<TImpersonation, string>) {
  return useContractMutation(api.startImpersonation, { mutationFn: startImpersonation }, ui);
}

export function useEndImpersonation(ui?: TMutationUi<unknown, void>) {
  return useContractMutation(api.endImpersonation, { mutationFn: () => call(api.endImpersonation) }, ui);
}

/**
 * After the organization a request acts for has changed (impersonation started or ended): the
 * session is read again, and every cached organization's data (anything outside the session
 * and the console) is dropped, so no page shows the previous organization's rows.
 */
export async function switchOrganizationCache(qc: QueryClient): Promise<void> {
  qc.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] && q.queryKey[0] !== adminKeys.all[0] });
  await qc.refetchQueries({ queryKey: SESSION_KEY });
}

// ---------------------------------------------------------------------------------------------
// AI configuration
// ---------------------------------------------------------------------------------------------

export function useAiConfigs() {
  return useQuery({
    queryKey: adminKeys.aiConfigs,
    queryFn: async () => (await call(api.listAiConfigs)).configs,
    ...common,
  });
}

export function useAiConfigHistory(feature: TAiFeature | null) {
  return useQuery({
    queryKey: adminKeys.aiHistory(feature ?? 'personalize-email'),
    queryFn: async () =>
      (await call(api.getAiConfigHistory, { params: { feature: feature ?? 'personalize-email' } })).history,
    enabled: feature !== null,
    ...common,
  });
}

export function useUpdateAiConfig(ui?: TMutationUi<unknown, { feature: TAiFeature; config: TAiConfigUpdate }>) {
  return useContractMutation(
    api.updateAiConfig,
    {
      mutationFn: ({ feature, config }: { feature: TAiFeature; config: TAiConfigUpdate }) =>
        call(api.updateAiConfig, { params: { feature }, body: config }),
    },
    ui,
  );
}

// ---------------------------------------------------------------------------------------------
// Audit log (§7.8: cached 30 s, refetched every 60 s)
// ---------------------------------------------------------------------------------------------

export function useAuditLogs(search: string, action: TAuditAction | '', offset: number) {
  return useQuery({
    queryKey: adminKeys.auditLogs(search, action, offset),
    queryFn: () =>
      call(api.listAuditLogs, {
        query: {
          search: search || undefined,
          action: action || undefined,
          limit: ADMIN_LIMITS.auditPageSize,
          offset,
        },
      }),
    placeholderData: keepPreviousData,
    staleTime: ADMIN_LIMITS.auditStaleMs,
    refetchInterval: ADMIN_LIMITS.auditRefetchMs,
    retry: retryServerErrors,
  });
}

/** Every entry the search and filter match (the CSV export), read a full page at a time. */
export async function fetchAllAuditLogs(search: string, action: TAuditAction | ''): Promise<TAuditEntry[]> {
  const entries: TAuditEntry[] = [];
  const limit = ADMIN_LIMITS.maxPageSize;
  for (let offset = 0; ; offset += limit) {
    const page = await call(api.listAuditLogs, {
      query: { search: search || undefined, action: action || undefined, limit, offset },
    });
    entries.push(...page.entries);
    if (page.entries.length < limit || entries.length >= page.totalCount) return entries;
  }
}
