import { z } from 'zod';
import {
  AI_FEATURES,
  AI_MODEL_IDS,
  TOKEN_LIMIT_MAX,
  TOKEN_LIMIT_MIN,
  ZAiConfig,
  ZAiConfigHistoryEntry,
} from '../ai/schemas';
import { email, SHORT_TEXT_MAX, text } from '../fields';
import { ROLES } from '../team/roles';

/**
 * The platform admin console (spec 002 §2.10, §3 admin entities, §4.7, §5.8, §6, §7.8, §8.5, §9
 * Admin; spec 000 §2 admin routes and the impersonation banner, §3 impersonation record, §4
 * Impersonation, §6 the app-admin flag, §8 admin toasts). Platform staff find users and
 * organizations, change an organization's plan, freeze it, look at it through the club's eyes,
 * tune the AI features and read the audit log of all of it.
 */

// ---------------------------------------------------------------------------------------------
// Limits and constants (§9 Admin)
// ---------------------------------------------------------------------------------------------

/** Organization roles an admin may add or remove per user and organization (002 §6). */
export const ASSIGNABLE_ROLES = [
  'admin',
  'treasurer',
  'sponsorship_lead',
] as const satisfies readonly (typeof ROLES)[number][];
export type TAssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/**
 * The audit actions: the spec's eight (§9), then the console's other actions, which the spec does
 * not name but which are audited all the same (decisions.md, "Admin console").
 */
export const SPEC_AUDIT_ACTIONS = [
  'add_admin',
  'start_impersonation',
  'end_impersonation',
  'freeze_org',
  'unfreeze_org',
  'add_user_role',
  'remove_user_role',
  'update_ai_config',
] as const;
export const AUDIT_ACTIONS = [
  ...SPEC_AUDIT_ACTIONS,
  'set_org_plan',
  'disable_user',
  'enable_user',
  'delete_user',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];
export const ZAuditAction = z.enum(AUDIT_ACTIONS, { error: 'Unknown audit action' });

/** The two plan keys of the console's plan toggle (§9: premium_month when toggled on). */
export const ADMIN_PLAN_KEYS = ['free', 'premium_month'] as const;
export type TAdminPlanKey = (typeof ADMIN_PLAN_KEYS)[number];

export const WORKFLOW_MODES = ['basic', 'advanced'] as const;
export type TWorkflowMode = (typeof WORKFLOW_MODES)[number];

export const ADMIN_LIMITS = {
  /** /admin/users page sizes (§9), 10 by default. */
  userPageSizes: [10, 25, 50] as const,
  defaultUserPageSize: 10,
  /** /admin/orgs: 10 per page. */
  orgPageSize: 10,
  /** /admin/audit-logs: 20 per page. */
  auditPageSize: 20,
  /** The generic pagination's sizes and the most page buttons shown (§2.10, §9). */
  pageSizes: [10, 25, 50, 100] as const,
  maxPageButtons: 5,
  /** The largest page any admin list serves. */
  maxPageSize: 100,
  /** The admin dashboard's lists (§2.10: 5 rows). */
  dashboardListSize: 5,
  tokenLimitMin: TOKEN_LIMIT_MIN,
  tokenLimitMax: TOKEN_LIMIT_MAX,
  models: AI_MODEL_IDS,
  features: AI_FEATURES,
  auditActions: SPEC_AUDIT_ACTIONS,
  assignableRoles: ASSIGNABLE_ROLES,
  /** 'High token usage detected…' when a model's tokens exceed this (§9). */
  highTokenUsage: 1_000_000,
  /** Audit details are shown cut to this many characters per value (§9). */
  auditDetailChars: 30,
  /** Search debounce on the organizations and audit pages (§5.8). */
  searchDebounceMs: 300,
  /** The audit query is fresh 30 s and refetched every 60 s (§7.8). */
  auditStaleMs: 30_000,
  auditRefetchMs: 60_000,
  /** Search text, one limit for every admin search box. */
  searchMax: SHORT_TEXT_MAX,
  /** Users one bulk delete may name (the largest page). */
  bulkDeleteMax: 100,
  /** Days the sign-up and token-usage charts may look back, 30 by default. */
  defaultDaysBack: 30,
  maxDaysBack: 365,
  /** Failed jobs the health card lists. */
  recentFailures: 10,
  /** The impersonation banner refreshes its elapsed minutes every minute (000 §2). */
  bannerRefreshMs: 60_000,
} as const;

/** The spec's words (002 §2.10, §4.7, §8.5; 000 §2, §8) and the console's own where the spec has none. */
export const ADMIN_MESSAGES = {
  // The gate (002 §2.10, 000 §2).
  notAuthorized: 'Not authorized',
  notAuthorizedDescription: 'You must be an admin to access this area',
  checkingAdminFailed: 'Error checking admin status',
  // Toasts (§8.5).
  updateUserFailed: 'Error updating user',
  deleteUserFailed: 'Error deleting user',
  deleteUserFailedDescription: 'Failed to delete user',
  fetchUserOrgsFailed: 'Error fetching user organizations',
  manageRoleFailed: 'Error managing user role',
  manageRoleFailedDescription: 'Failed to update user role',
  fetchAiConfigsFailed: 'Error fetching AI configurations',
  updateAiConfigFailed: 'Error updating AI configuration',
  fetchHistoryFailed: 'Error fetching configuration history',
  fetchAuditLogsFailed: 'Error fetching audit logs',
  fetchOrgsFailed: 'Error fetching organizations',
  fetchUsersFailed: 'Error fetching users',
  updatePlanFailed: 'Error updating plan',
  startImpersonationFailed: 'Error starting impersonation',
  endImpersonationFailed: 'Error ending impersonation',
  updateOrgFailed: 'Error updating organization',
  // Success toasts (§8.5).
  userToggled: (disabled: boolean) => `User has been ${disabled ? 'disabled' : 're-enabled'}`,
  userDeleted: 'User Deleted',
  roleChanged: (role: string, added: boolean) => `Role ${role} has been ${added ? 'added' : 'removed'}`,
  // Page errors (§8.5).
  loadUsersFailed: (message: string) => `Failed to load users: ${message}`,
  loadOrgsFailed: (message: string) => `Failed to load organizations: ${message}`,
  loadAuditLogsFailed: 'Error loading audit logs',
  invalidImpersonationReply: 'Invalid response format from impersonation service',
  noSession: 'No active session found',
  notAuthenticated: 'Not authenticated',
  somethingWentWrong: 'Something went wrong',
  tryAgain: 'Try Again',
  // Empty states and texts (§2.10, §4.7, §9).
  noUsers: 'No users found',
  noOrganizations: 'No organizations found',
  noAuditEntries: 'No audit log entries found',
  revertComingSoon: 'Revert functionality coming soon',
  revertLabel: 'Revert to this version',
  highTokenUsage: 'High token usage detected. Consider implementing rate limiting.',
  deleteSelected: (n: number) => `Delete Selected (${n})`,
  quickDeleteTestUsers: (n: number) => `Quick Delete ${n} Test Users`,
  // The impersonation banner (000 §2).
  bannerTitle: 'Admin Impersonation Mode',
  bannerViewing: (org: string) => `Viewing as ${org}`,
  bannerJustNow: 'just now',
  exitImpersonation: 'Exit Impersonation',
  // The console's own words (decisions.md, "Admin console").
  userNotFound: 'User not found',
  organizationNotFound: 'Organization not found',
  cannotChangeSelf: 'You cannot disable or delete your own account here',
  userDisabledSignIn: 'This account has been disabled. Contact support to restore it.',
  userDeletedMessage: (email: string) => `User ${email} and their memberships were deleted`,
  usersDeletedMessage: (n: number) => `${n} ${n === 1 ? 'user' : 'users'} deleted`,
  frozenImpersonation: 'This organization is frozen. Unfreeze it before impersonating.',
  frozenWrite:
    'This organization is frozen by the platform administrators: you can view its data, but changes are refused. Contact support to unfreeze it.',
  frozenDonation: 'This organization is not accepting donations right now.',
  frozenBanner: 'This organization is frozen. You can view its data, but changes are disabled. Contact support.',
  notMember: 'This user is not a member of that organization',
  roleRequired: 'At least one role is required.',
  ownerKeepsAdmin: 'The owner keeps the admin role',
  impersonatingRefused: 'End impersonation before making platform changes',
  notImpersonating: 'No impersonation is active',
  noAccountWithEmail: (email: string) => `No account with the e-mail ${email}. Sign up first.`,
  adminGranted: (email: string) => `${email} is now a platform administrator`,
  bulkDeleteEmpty: 'Select at least one user',
  bulkDeleteTooMany: `At most ${ADMIN_LIMITS.bulkDeleteMax} users at once`,
  planUpdated: (plan: string) => `Plan set to ${plan === 'free' ? 'Free' : 'Premium'}`,
  orgToggled: (frozen: boolean) => `Organization ${frozen ? 'frozen' : 'unfrozen'}`,
  aiConfigUpdated: 'AI configuration updated',
  changeOneThing: 'Change either the plan or the frozen status',
} as const;

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

const ZSearch = text(ADMIN_LIMITS.searchMax, 'Search').trim().optional();
/** Whole numbers from a query string. */
const queryInt = (min: number, max: number, fallback: number, label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} cannot exceed ${max}`)
    .default(fallback);
const ZOffset = queryInt(0, 1_000_000, 0, 'Offset');

/** GET /admin/users (admin_list_users: search, limit, offset). */
export const ZAdminUsersQuery = z.object({
  search: ZSearch,
  limit: queryInt(1, ADMIN_LIMITS.maxPageSize, ADMIN_LIMITS.defaultUserPageSize, 'Limit'),
  offset: ZOffset,
});
export type TAdminUsersQuery = z.output<typeof ZAdminUsersQuery>;

/** GET /admin/orgs (admin_list_organizations: search, limit, offset). */
export const ZAdminOrgsQuery = z.object({
  search: ZSearch,
  limit: queryInt(1, ADMIN_LIMITS.maxPageSize, ADMIN_LIMITS.orgPageSize, 'Limit'),
  offset: ZOffset,
});
export type TAdminOrgsQuery = z.output<typeof ZAdminOrgsQuery>;

/** GET /admin/audit-logs (admin_get_audit_logs: search, action filter, limit, offset). */
export const ZAuditLogQuery = z.object({
  search: ZSearch,
  action: ZAuditAction.optional(),
  limit: queryInt(1, ADMIN_LIMITS.maxPageSize, ADMIN_LIMITS.auditPageSize, 'Limit'),
  offset: ZOffset,
});
export type TAuditLogQuery = z.output<typeof ZAuditLogQuery>;

/** ?days= for the sign-up and token-usage charts (days_back). */
export const ZDaysBackQuery = z.object({
  days: queryInt(1, ADMIN_LIMITS.maxDaysBack, ADMIN_LIMITS.defaultDaysBack, 'Days'),
});
export type TDaysBackQuery = z.output<typeof ZDaysBackQuery>;

/** PATCH /admin/users/{id} (admin_toggle_user_disabled). */
export const ZAdminUserUpdate = z.object({ disabled: z.boolean({ error: 'Say whether the user is disabled' }) });
export type TAdminUserUpdate = z.output<typeof ZAdminUserUpdate>;

/** POST /admin/users/bulk-delete. */
export const ZBulkDeleteUsers = z.object({
  userIds: z
    .array(z.uuid({ error: 'Unknown user' }))
    .min(1, ADMIN_MESSAGES.bulkDeleteEmpty)
    .max(ADMIN_LIMITS.bulkDeleteMax, ADMIN_MESSAGES.bulkDeleteTooMany),
});
export type TBulkDeleteUsers = z.output<typeof ZBulkDeleteUsers>;

/** The role in PUT/DELETE /admin/users/{id}/organizations/{orgId}/roles/{role}. */
export const ZAssignableRole = z.enum(ASSIGNABLE_ROLES, { error: 'Choose admin, treasurer or sponsorship_lead' });

/**
 * PATCH /admin/orgs/{id}: one change at a time, the frozen toggle (admin_toggle_org_frozen) or the
 * plan toggle (admin_set_org_plan), so each call is one audited action.
 */
export const ZAdminOrgUpdate = z
  .object({
    frozen: z.boolean({ error: 'Say whether the organization is frozen' }).optional(),
    planKey: z.enum(ADMIN_PLAN_KEYS, { error: 'Choose free or premium_month' }).optional(),
  })
  .refine((v) => (v.frozen === undefined) !== (v.planKey === undefined), ADMIN_MESSAGES.changeOneThing);
export type TAdminOrgUpdate = z.output<typeof ZAdminOrgUpdate>;

/** POST /admin/admins: grant the app-admin flag to an existing account (add_admin). */
export const ZGrantAdmin = z.object({ email: email() });
export type TGrantAdmin = z.output<typeof ZGrantAdmin>;

// ---------------------------------------------------------------------------------------------
// Replies
// ---------------------------------------------------------------------------------------------

/** GET /admin/me (is_app_admin). */
export const ZAdminMe = z.object({ isAppAdmin: z.boolean() });
export type TAdminMe = z.output<typeof ZAdminMe>;

/** A user row of /admin/users (§3 Admin user row; the name is the display-name fallback). */
export const ZAdminUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  createdAt: z.string(),
  orgCount: z.number().int(),
  disabled: z.boolean(),
  isAppAdmin: z.boolean(),
});
export type TAdminUser = z.output<typeof ZAdminUser>;

export const ZAdminUserList = z.object({ users: z.array(ZAdminUser), totalCount: z.number().int() });
export type TAdminUserList = z.output<typeof ZAdminUserList>;

/** The user's organizations and roles there (get_user_orgs_and_roles). */
export const ZAdminUserOrg = z.object({
  orgId: z.string(),
  orgName: z.string(),
  roles: z.array(z.enum(ROLES)),
  isOwner: z.boolean(),
});
export type TAdminUserOrg = z.output<typeof ZAdminUserOrg>;
export const ZAdminUserOrgs = z.object({ organizations: z.array(ZAdminUserOrg) });
export type TAdminUserOrgs = z.output<typeof ZAdminUserOrgs>;

/** A message reply (admin_hard_delete_user: 'response message'). */
export const ZAdminMessage = z.object({ message: z.string() });
export type TAdminMessage = z.output<typeof ZAdminMessage>;

export const ZBulkDeleteResult = z.object({ deleted: z.number().int(), message: z.string() });
export type TBulkDeleteResult = z.output<typeof ZBulkDeleteResult>;

/** An organization row of /admin/orgs (§3 Admin organization). */
export const ZAdminOrg = z.object({
  id: z.string(),
  name: z.string(),
  seasonLabel: z.string(),
  ownerEmail: z.string().nullable(),
  userCount: z.number().int(),
  workflowMode: z.enum(WORKFLOW_MODES),
  /** The stored plan key: free, premium_month, or premium_year when paid through the provider. */
  planKey: z.string(),
  subscriptionStatus: z.string().nullable(),
  frozen: z.boolean(),
  createdAt: z.string(),
});
export type TAdminOrg = z.output<typeof ZAdminOrg>;

export const ZAdminOrgList = z.object({ organizations: z.array(ZAdminOrg), totalCount: z.number().int() });
export type TAdminOrgList = z.output<typeof ZAdminOrgList>;

/** admin_impersonate_org's reply, also the record the banner shows (000 §3 Impersonation record). */
export const ZImpersonation = z.object({
  orgId: z.string(),
  orgName: z.string(),
  adminId: z.string(),
  adminEmail: z.string(),
  impersonatedAt: z.string(),
});
export type TImpersonation = z.output<typeof ZImpersonation>;

export const ZImpersonationEnded = z.object({ orgId: z.string(), endedAt: z.string() });
export type TImpersonationEnded = z.output<typeof ZImpersonationEnded>;

/** admin_get_ai_configs and friends: the AI area's own schemas. */
export const ZAdminAiConfigList = z.object({ configs: z.array(ZAiConfig) });
export type TAdminAiConfigList = z.output<typeof ZAdminAiConfigList>;
export const ZAdminAiConfigHistory = z.object({ history: z.array(ZAiConfigHistoryEntry) });
export type TAdminAiConfigHistory = z.output<typeof ZAdminAiConfigHistory>;

/**
 * admin_get_metrics_summary (§3 Metrics). Active organizations are those not frozen; active
 * contracts are agreements in force today; sponsors are companies in status sponsor; sign-ups
 * are accounts made in the last 30 days.
 */
export const ZAdminMetrics = z.object({
  totalOrganizations: z.number().int(),
  activeOrganizations: z.number().int(),
  totalUsers: z.number().int(),
  activeContracts: z.number().int(),
  totalSponsors: z.number().int(),
  signupCount: z.number().int(),
});
export type TAdminMetrics = z.output<typeof ZAdminMetrics>;

/** admin_get_cron_health (§3 Health): the job queue over the last day. */
export const ZSystemHealth = z.object({
  healthy: z.boolean(),
  healthPercent: z.number(),
  successCount: z.number().int(),
  errorCount: z.number().int(),
  /** Jobs waiting or running now. */
  pendingCount: z.number().int(),
  windowHours: z.number().int(),
  lastErrors: z.array(z.object({ runAt: z.string(), taskName: z.string(), message: z.string().nullable() })),
});
export type TSystemHealth = z.output<typeof ZSystemHealth>;

/** admin_get_openai_usage (§3 Token usage): per model, with the estimated cost in US dollars. */
export const ZTokenUsageRow = z.object({
  model: z.string(),
  tokenCount: z.number().int(),
  estimatedCost: z.number(),
});
export type TTokenUsageRow = z.output<typeof ZTokenUsageRow>;
export const ZTokenUsage = z.object({
  days: z.number().int(),
  usage: z.array(ZTokenUsageRow),
  /** Any model over the warning threshold (§9). */
  highUsage: z.boolean(),
});
export type TTokenUsage = z.output<typeof ZTokenUsage>;

/** admin_get_signup_metrics: accounts made per day (UTC), every day of the window listed. */
export const ZSignupMetrics = z.object({
  days: z.number().int(),
  total: z.number().int(),
  daily: z.array(z.object({ date: z.string(), count: z.number().int() })),
});
export type TSignupMetrics = z.output<typeof ZSignupMetrics>;

/** An audit log entry (§3 Audit log entry); details are a flat key/value object. */
export const ZAuditDetails = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type TAuditDetails = z.output<typeof ZAuditDetails>;
export const ZAuditEntry = z.object({
  id: z.string(),
  createdAt: z.string(),
  adminEmail: z.string().nullable(),
  action: z.string(),
  targetUserEmail: z.string().nullable(),
  targetOrgName: z.string().nullable(),
  details: ZAuditDetails,
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type TAuditEntry = z.output<typeof ZAuditEntry>;
export const ZAuditLogPage = z.object({ entries: z.array(ZAuditEntry), totalCount: z.number().int() });
export type TAuditLogPage = z.output<typeof ZAuditLogPage>;

/** GET /admin/dashboard: the counts and the 5-row lists (§2.10). */
export const ZAdminDashboard = z.object({
  totalOrganizations: z.number().int(),
  totalUsers: z.number().int(),
  activeContracts: z.number().int(),
  totalSponsors: z.number().int(),
  recentOrganizations: z.array(ZAdminOrg),
  recentUsers: z.array(ZAdminUser),
});
export type TAdminDashboard = z.output<typeof ZAdminDashboard>;
