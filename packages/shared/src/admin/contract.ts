import { z } from 'zod';
import { ZAiConfig, ZAiConfigUpdate, ZAiFeature } from '../ai/schemas';
import { contract, fail, json, jsonBody } from '../contract';
import {
  ZAdminAiConfigHistory,
  ZAdminAiConfigList,
  ZAdminDashboard,
  ZAdminMe,
  ZAdminMessage,
  ZAdminMetrics,
  ZAdminOrg,
  ZAdminOrgList,
  ZAdminOrgsQuery,
  ZAdminOrgUpdate,
  ZAdminUser,
  ZAdminUserList,
  ZAdminUserOrgs,
  ZAdminUsersQuery,
  ZAdminUserUpdate,
  ZAssignableRole,
  ZAuditLogPage,
  ZAuditLogQuery,
  ZBulkDeleteResult,
  ZBulkDeleteUsers,
  ZDaysBackQuery,
  ZGrantAdmin,
  ZImpersonation,
  ZImpersonationEnded,
  ZSignupMetrics,
  ZSystemHealth,
  ZTokenUsage,
} from './schemas';

/*
 * The platform admin console (spec 002 §7.8, 000 §7 stored procedures), one REST route per
 * procedure; docs/decisions.md "Admin console" maps each procedure to its route. Every route but
 * GET /admin/me needs the app-admin flag (`platformAdmin`): 401 signed out, 403 for anyone else,
 * before the body is read. While an admin impersonates an organization, the console's reads stay
 * open and its writes are refused, except ending the impersonation (`endImpersonation`). Path ids
 * name platform records (accounts, organizations), not one organization's, so no `resources`.
 */

const tags = ['admin'];
const topic = 'admin';
const permission = 'platformAdmin';

const invalid = fail('Invalid input, with a message per field');
const signedOut = fail('Not signed in');
const notAdmin = fail('Not a platform administrator (or impersonating, for a change)');
const exampleId = '00000000-0000-4000-8000-000000000000';
const ZUserParams = z.object({ id: z.uuid({ error: 'Unknown user' }) });
const ZOrgParams = z.object({ id: z.uuid({ error: 'Unknown organization' }) });
const ZFeatureParams = z.object({ feature: ZAiFeature });

export const getAdminMe = contract({
  method: 'get',
  path: '/admin/me',
  tags,
  summary: 'Whether the signed-in account is a platform administrator (is_app_admin)',
  permission: 'user',
  responses: { 200: json(ZAdminMe), 401: signedOut },
});

export const getAdminDashboard = contract({
  method: 'get',
  path: '/admin/dashboard',
  tags,
  summary: 'The console dashboard: totals and the 5 newest organizations and users',
  permission,
  topic,
  responses: { 200: json(ZAdminDashboard), 401: signedOut, 403: notAdmin },
});

// ---------------------------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------------------------

export const listAdminUsers = contract({
  method: 'get',
  path: '/admin/users',
  tags,
  summary: 'Accounts by search (name or e-mail), newest first, a page with the total (admin_list_users)',
  permission,
  topic,
  request: { query: ZAdminUsersQuery },
  responses: { 200: json(ZAdminUserList), 400: invalid, 401: signedOut, 403: notAdmin },
});

export const updateAdminUser = contract({
  method: 'patch',
  path: '/admin/users/{id}',
  tags,
  summary:
    'Disable or re-enable an account (admin_toggle_user_disabled); disabling ends its sessions at once and refuses its sign-in',
  permission,
  topic,
  example: { disabled: true },
  request: { params: ZUserParams, ...jsonBody(ZAdminUserUpdate) },
  responses: {
    200: json(ZAdminUser),
    400: invalid,
    401: signedOut,
    403: notAdmin,
    404: fail('User not found'),
    409: fail('An admin cannot disable their own account'),
  },
});

export const deleteAdminUser = contract({
  method: 'delete',
  path: '/admin/users/{id}',
  tags,
  summary:
    'Hard delete an account and its memberships (admin_hard_delete_user); an organization it alone owned passes to its next admin',
  permission,
  topic,
  request: { params: ZUserParams },
  responses: {
    200: json(ZAdminMessage),
    400: invalid,
    401: signedOut,
    403: notAdmin,
    404: fail('User not found'),
    409: fail('An admin cannot delete their own account'),
  },
});

export const bulkDeleteAdminUsers = contract({
  method: 'post',
  path: '/admin/users/bulk-delete',
  tags,
  summary: "Hard delete several accounts ('Delete Selected (n)', 'Quick Delete n Test Users')",
  permission,
  topic,
  example: { userIds: [exampleId] },
  request: jsonBody(ZBulkDeleteUsers),
  responses: {
    200: json(ZBulkDeleteResult),
    400: invalid,
    401: signedOut,
    403: notAdmin,
    409: fail('An admin cannot delete their own account'),
  },
});

export const getAdminUserOrganizations = contract({
  method: 'get',
  path: '/admin/users/{id}/organizations',
  tags,
  summary: 'The organizations of an account and its roles in each (get_user_orgs_and_roles)',
  permission,
  topic,
  request: { params: ZUserParams },
  responses: { 200: json(ZAdminUserOrgs), 400: invalid, 401: signedOut, 403: notAdmin, 404: fail('User not found') },
});

const ZRoleParams = z.object({
  id: z.uuid({ error: 'Unknown user' }),
  orgId: z.uuid({ error: 'Unknown organization' }),
  role: ZAssignableRole,
});

export const addAdminUserRole = contract({
  method: 'put',
  path: '/admin/users/{id}/organizations/{orgId}/roles/{role}',
  tags,
  summary: 'Add a role (admin, treasurer, sponsorship_lead) to a member of an organization (admin_manage_user_role)',
  permission,
  topic,
  request: { params: ZRoleParams },
  responses: {
    200: json(ZAdminUserOrgs),
    400: invalid,
    401: signedOut,
    403: notAdmin,
    404: fail('User or organization not found, or the user is not a member of it'),
  },
});

export const removeAdminUserRole = contract({
  method: 'delete',
  path: '/admin/users/{id}/organizations/{orgId}/roles/{role}',
  tags,
  summary: 'Remove a role from a member of an organization; the last role and the owner’s admin role stay',
  permission,
  topic,
  request: { params: ZRoleParams },
  responses: {
    200: json(ZAdminUserOrgs),
    400: invalid,
    401: signedOut,
    403: notAdmin,
    404: fail('User or organization not found, or the user is not a member of it'),
    409: fail('At least one role is required, and the owner keeps the admin role'),
  },
});

export const grantAdmin = contract({
  method: 'post',
  path: '/admin/admins',
  tags,
  summary: 'Make an existing account a platform administrator (add_admin)',
  permission,
  topic,
  example: { email: 'helper@pennant.app' },
  request: jsonBody(ZGrantAdmin),
  responses: {
    200: json(ZAdminUser),
    400: invalid,
    401: signedOut,
    403: notAdmin,
    404: fail('No account with that e-mail'),
  },
});

// ---------------------------------------------------------------------------------------------
// Organizations and impersonation
// ---------------------------------------------------------------------------------------------

export const listAdminOrganizations = contract({
  method: 'get',
  path: '/admin/orgs',
  tags,
  summary:
    'Organizations by search (name, season, owner e-mail), newest first, with the total (admin_list_organizations)',
  permission,
  topic,
  request: { query: ZAdminOrgsQuery },
  responses: { 200: json(ZAdminOrgList), 400: invalid, 401: signedOut, 403: notAdmin },
});

export const updateAdminOrganization = contract({
  method: 'patch',
  path: '/admin/orgs/{id}',
  tags,
  summary:
    'Freeze or unfreeze (admin_toggle_org_frozen), or set the plan to free or premium_month (admin_set_org_plan); one per call',
  permission,
  topic,
  example: { frozen: true },
  request: { params: ZOrgParams, ...jsonBody(ZAdminOrgUpdate) },
  responses: {
    200: json(ZAdminOrg),
    400: invalid,
    401: signedOut,
    403: notAdmin,
    404: fail('Organization not found'),
  },
});

export const startImpersonation = contract({
  method: 'post',
  path: '/admin/orgs/{id}/impersonation',
  tags,
  summary:
    'Impersonate an organization (admin_impersonate_org): until it ends, every request of this admin acts as that organization’s admin',
  permission,
  topic,
  request: { params: ZOrgParams },
  responses: {
    201: json(ZImpersonation, 'Impersonating'),
    400: invalid,
    401: signedOut,
    403: notAdmin,
    404: fail('Organization not found'),
    409: fail('The organization is frozen'),
  },
});

export const endImpersonation = contract({
  method: 'delete',
  path: '/admin/impersonation',
  tags,
  summary: 'End this admin’s impersonation (admin_end_impersonation)',
  permission: 'endImpersonation',
  topic,
  responses: {
    200: json(ZImpersonationEnded),
    401: signedOut,
    403: notAdmin,
    404: fail('No impersonation is active'),
  },
});

// ---------------------------------------------------------------------------------------------
// AI configuration
// ---------------------------------------------------------------------------------------------

export const listAiConfigs = contract({
  method: 'get',
  path: '/admin/ai-configs',
  tags,
  summary: 'Each AI feature’s model, token limit, system prompt, last update and who made it (admin_get_ai_configs)',
  permission,
  topic,
  responses: { 200: json(ZAdminAiConfigList), 401: signedOut, 403: notAdmin },
});

export const updateAiConfig = contract({
  method: 'put',
  path: '/admin/ai-configs/{feature}',
  tags,
  summary: 'Change a feature’s model, token limit (1,000–32,000) and system prompt, keeping the old one in its history',
  permission,
  topic,
  example: { model: 'gpt-4o-mini', tokenLimit: 1000, systemPrompt: 'You write short, warm e-mails.' },
  request: { params: ZFeatureParams, ...jsonBody(ZAiConfigUpdate) },
  responses: { 200: json(ZAiConfig), 400: invalid, 401: signedOut, 403: notAdmin },
});

export const getAiConfigHistory = contract({
  method: 'get',
  path: '/admin/ai-configs/{feature}/history',
  tags,
  summary: 'A feature’s earlier configurations, newest first (admin_get_ai_config_history)',
  permission,
  topic,
  request: { params: ZFeatureParams },
  responses: { 200: json(ZAdminAiConfigHistory), 400: invalid, 401: signedOut, 403: notAdmin },
});

// ---------------------------------------------------------------------------------------------
// Metrics, health, usage, audit
// ---------------------------------------------------------------------------------------------

export const getAdminMetrics = contract({
  method: 'get',
  path: '/admin/metrics',
  tags,
  summary: 'Organizations, users, active contracts, sponsors and 30-day sign-ups (admin_get_metrics_summary)',
  permission,
  topic,
  responses: { 200: json(ZAdminMetrics), 401: signedOut, 403: notAdmin },
});

export const getSystemHealth = contract({
  method: 'get',
  path: '/admin/system-health',
  tags,
  summary:
    'The job queue over the last 24 hours: completed and failed jobs, the latest failures (admin_get_cron_health)',
  permission,
  topic,
  responses: { 200: json(ZSystemHealth), 401: signedOut, 403: notAdmin },
});

export const getTokenUsage = contract({
  method: 'get',
  path: '/admin/token-usage',
  tags,
  summary: 'AI tokens by model over the last days, with the estimated cost (admin_get_openai_usage)',
  permission,
  topic,
  request: { query: ZDaysBackQuery },
  responses: { 200: json(ZTokenUsage), 400: invalid, 401: signedOut, 403: notAdmin },
});

export const getSignupMetrics = contract({
  method: 'get',
  path: '/admin/signups',
  tags,
  summary: 'Accounts made per day over the last days (admin_get_signup_metrics)',
  permission,
  topic,
  request: { query: ZDaysBackQuery },
  responses: { 200: json(ZSignupMetrics), 400: invalid, 401: signedOut, 403: notAdmin },
});

export const listAuditLogs = contract({
  method: 'get',
  path: '/admin/audit-logs',
  tags,
  summary: 'The audit log by search (admin, target, action, details) and action, newest first, with the total',
  permission,
  topic,
  request: { query: ZAuditLogQuery },
  responses: { 200: json(ZAuditLogPage), 400: invalid, 401: signedOut, 403: notAdmin },
});
