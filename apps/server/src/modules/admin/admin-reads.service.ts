import { isHighTokenUsage, microsToDollars } from '@pennant/shared/admin/rules';
import {
  ADMIN_LIMITS,
  ADMIN_MESSAGES,
  type TAdminAiConfigHistory,
  type TAdminAiConfigList,
  type TAdminDashboard,
  type TAdminMetrics,
  type TAuditLogPage,
  type TAuditLogQuery,
  type TSignupMetrics,
  type TSystemHealth,
  type TTokenUsage,
} from '@pennant/shared/admin/schemas';
import type { TAiConfig, TAiConfigUpdate, TAiFeature } from '@pennant/shared/ai/schemas';
import { readPlatform, withPlatform } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { AppError } from '../../errors';
import { aiUsageByModel, listAiConfigHistory, listAiConfigs, updateAiConfig } from '../ai/ai.repo';
import { auditBy, type TAdminActor, toAuditEntry } from './admin-audit';
import { platformTotals, queueHealth, signupsPerDay } from './admin-metrics.repo';
import { organizationsPage } from './admin-orgs.repo';
import { toAdminOrg } from './admin-orgs.service';
import { usersPage } from './admin-users.repo';
import { toAdminUser } from './admin-users.service';
import { insertAudit, listAudit } from './audit.repo';

/*
 * The console's reads (dashboard, metrics, system health, token usage, sign-ups, audit log) and
 * the AI configuration (spec 002 §2.10, §3, §7.8). ai_config is what the AI writer reads for every
 * call (modules/ai/ai.service.ts writeEmail), so a save here applies to the next e-mail written.
 */

/** Sign-ups counted by the metrics card: the last 30 days. */
const SIGNUP_WINDOW_DAYS = ADMIN_LIMITS.defaultDaysBack;
/** The system-health window. */
const HEALTH_WINDOW_HOURS = 24;
/** Healthy while at least this share of the window's finished jobs completed. */
const HEALTHY_PERCENT = 90;

export async function adminMetrics(deps: TDeps): Promise<TAdminMetrics> {
  const t = await readPlatform(deps.db, deps.log, 'admin: metrics', (tx) => platformTotals(tx, SIGNUP_WINDOW_DAYS));
  return {
    totalOrganizations: t.organizations,
    activeOrganizations: t.active_organizations,
    totalUsers: t.users,
    activeContracts: t.active_contracts,
    totalSponsors: t.sponsors,
    signupCount: t.signups,
  };
}

/** The console's dashboard: the totals and the newest organizations and accounts (their counts are the totals'). */
export async function adminDashboard(deps: TDeps): Promise<TAdminDashboard> {
  const n = ADMIN_LIMITS.dashboardListSize;
  return readPlatform(deps.db, deps.log, 'admin: dashboard', async (tx) => {
    // Issued together: one round trip on a PostgreSQL server (db/tenant.ts).
    const [t, orgs, users] = await Promise.all([
      platformTotals(tx, SIGNUP_WINDOW_DAYS),
      organizationsPage(tx, { limit: n, offset: 0 }),
      usersPage(tx, { limit: n, offset: 0 }),
    ]);
    return {
      totalOrganizations: t.organizations,
      totalUsers: t.users,
      activeContracts: t.active_contracts,
      totalSponsors: t.sponsors,
      recentOrganizations: orgs.map(toAdminOrg),
      recentUsers: users.map(toAdminUser),
    };
  });
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

/** admin_get_cron_health: the job queue over the last 24 hours, on either database. */
export async function systemHealth(deps: TDeps): Promise<TSystemHealth> {
  const q = await queueHealth(deps.db, HEALTH_WINDOW_HOURS, ADMIN_LIMITS.recentFailures);
  const finished = q.completed + q.failed;
  const healthPercent = finished === 0 ? 100 : Math.round((q.completed / finished) * 1000) / 10;
  return {
    healthy: healthPercent >= HEALTHY_PERCENT,
    healthPercent,
    successCount: q.completed,
    errorCount: q.failed,
    pendingCount: q.pending,
    windowHours: HEALTH_WINDOW_HOURS,
    lastErrors: q.lastErrors.map((e) => ({ runAt: iso(e.run_at), taskName: e.task_name, message: e.message })),
  };
}

/** admin_get_openai_usage: tokens and the estimated cost per model over the last `days` days. */
export async function tokenUsage(deps: TDeps, days: number): Promise<TTokenUsage> {
  const since = new Date(Date.now() - days * 86_400_000);
  const usage = await readPlatform(deps.db, deps.log, 'admin: token usage', (tx) => aiUsageByModel(tx, since));
  const rows = usage.map((u) => ({
    model: u.model,
    tokenCount: u.tokenCount,
    // The repo's dollars, rounded like every estimate the console shows.
    estimatedCost: microsToDollars(Math.round(u.estimatedCost * 1e6)),
  }));
  return { days, usage: rows, highUsage: isHighTokenUsage(rows) };
}

export async function signupMetrics(deps: TDeps, days: number): Promise<TSignupMetrics> {
  const daily = await readPlatform(deps.db, deps.log, 'admin: sign-ups', (tx) => signupsPerDay(tx, days));
  return { days, total: daily.reduce((sum, d) => sum + d.count, 0), daily };
}

export async function auditLogs(deps: TDeps, q: TAuditLogQuery): Promise<TAuditLogPage> {
  const { entries, total } = await readPlatform(deps.db, deps.log, 'admin: audit log', (tx) => listAudit(tx, q));
  return { entries: entries.map(toAuditEntry), totalCount: total };
}

// ---------------------------------------------------------------------------------------------
// AI configuration
// ---------------------------------------------------------------------------------------------

export async function aiConfigs(deps: TDeps): Promise<TAdminAiConfigList> {
  return { configs: await readPlatform(deps.db, deps.log, 'admin: ai configs', listAiConfigs) };
}

/**
 * admin_update_ai_config: the model (one of two), the token limit (1,000–32,000) and the system
 * prompt, validated by the contract; the previous configuration goes to ai_config_history and the
 * change is audited (update_ai_config), in one transaction.
 */
export async function saveAiConfig(
  deps: TDeps,
  actor: TAdminActor,
  feature: TAiFeature,
  values: TAiConfigUpdate,
): Promise<TAiConfig> {
  return withPlatform(deps.db, deps.log, 'admin: update ai config', async (tx) => {
    const saved = await updateAiConfig(tx, feature, values, actor.email);
    if (!saved) throw new AppError('not_found', ADMIN_MESSAGES.updateAiConfigFailed);
    await insertAudit(tx, {
      ...auditBy(actor),
      action: 'update_ai_config',
      details: { feature, model: values.model, tokenLimit: values.tokenLimit },
    });
    return saved;
  });
}

export async function aiConfigHistory(deps: TDeps, feature: TAiFeature): Promise<TAdminAiConfigHistory> {
  return {
    history: await readPlatform(deps.db, deps.log, 'admin: ai config history', (tx) =>
      listAiConfigHistory(tx, feature),
    ),
  };
}
