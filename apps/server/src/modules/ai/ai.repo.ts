import {
  type TAiConfig,
  type TAiConfigHistoryEntry,
  type TAiConfigUpdate,
  type TAiFeature,
  type TAiUsageByModel,
  ZAiFeature,
  ZAiModel,
} from '@pennant/shared/ai/schemas';
import { z } from 'zod';
import { column, preparedRows, rows, sql, type TTx } from '../../db/client';

// ai_config and ai_config_history are platform tables: call these inside withPlatform. ai_usage
// is a tenant table: insertAiUsage runs in withTenant for a member's call (row-level security
// checks the org_id), in withPlatform for a call no organization made.

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

const ZConfigRow = z.object({
  feature_key: ZAiFeature,
  model: ZAiModel,
  token_limit: z.number().int(),
  system_prompt: z.string(),
  updated_at: column.instant,
  updated_by_email: z.string().nullable(),
});

function toConfig(row: z.output<typeof ZConfigRow>): TAiConfig {
  return {
    featureKey: row.feature_key,
    model: row.model,
    tokenLimit: row.token_limit,
    systemPrompt: row.system_prompt,
    updatedAt: iso(row.updated_at),
    updatedByEmail: row.updated_by_email,
  };
}

const CONFIG_COLUMNS = sql`feature_key, model, token_limit, system_prompt, updated_at, updated_by_email`;

/** Every feature's configuration, by feature key. */
export async function listAiConfigs(tx: TTx): Promise<TAiConfig[]> {
  const found = await preparedRows(tx, ZConfigRow, sql`SELECT ${CONFIG_COLUMNS} FROM ai_config ORDER BY feature_key`);
  return found.map(toConfig);
}

export async function findAiConfig(tx: TTx, feature: TAiFeature): Promise<TAiConfig | null> {
  const [row] = await preparedRows(
    tx,
    ZConfigRow,
    sql`SELECT ${CONFIG_COLUMNS} FROM ai_config WHERE feature_key = ${feature}`,
  );
  return row ? toConfig(row) : null;
}

/**
 * The admin console's save (spec 002 admin_update_ai_config): locks the feature's row, keeps
 * what it held in ai_config_history with who changed it, and writes the new values. Saving the
 * same values again changes nothing and writes no history. Null when the feature has no row.
 */
export async function updateAiConfig(
  tx: TTx,
  feature: TAiFeature,
  values: TAiConfigUpdate,
  byEmail: string,
): Promise<TAiConfig | null> {
  const [current] = await rows(
    tx,
    ZConfigRow,
    sql`SELECT ${CONFIG_COLUMNS} FROM ai_config WHERE feature_key = ${feature} FOR UPDATE`,
  );
  if (!current) return null;
  if (
    current.model === values.model &&
    current.token_limit === values.tokenLimit &&
    current.system_prompt === values.systemPrompt
  ) {
    return toConfig(current);
  }
  const previous = { model: current.model, token_limit: current.token_limit, system_prompt: current.system_prompt };
  await tx.execute(
    sql`INSERT INTO ai_config_history (feature_key, created_by_email, previous_config)
        VALUES (${feature}, ${byEmail}, ${JSON.stringify(previous)}::jsonb)`,
  );
  const [updated] = await rows(
    tx,
    ZConfigRow,
    sql`UPDATE ai_config
        SET model = ${values.model}, token_limit = ${values.tokenLimit}, system_prompt = ${values.systemPrompt},
            updated_at = now(), updated_by_email = ${byEmail}
        WHERE feature_key = ${feature}
        RETURNING ${CONFIG_COLUMNS}`,
  );
  return updated ? toConfig(updated) : null;
}

const ZHistoryRow = z.object({
  id: z.string(),
  feature_key: ZAiFeature,
  created_at: column.instant,
  created_by_email: z.string(),
  previous_config: z.object({ model: ZAiModel, token_limit: z.number().int(), system_prompt: z.string() }),
});

/** A feature's changes, newest first (spec 002 admin_get_ai_config_history), at most `limit`. */
export async function listAiConfigHistory(tx: TTx, feature: TAiFeature, limit = 100): Promise<TAiConfigHistoryEntry[]> {
  const found = await preparedRows(
    tx,
    ZHistoryRow,
    sql`SELECT id, feature_key, created_at, created_by_email, previous_config
        FROM ai_config_history WHERE feature_key = ${feature}
        ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
  );
  return found.map((row) => ({
    id: row.id,
    featureKey: row.feature_key,
    createdAt: iso(row.created_at),
    createdByEmail: row.created_by_email,
    previousConfig: {
      model: row.previous_config.model,
      tokenLimit: row.previous_config.token_limit,
      systemPrompt: row.previous_config.system_prompt,
    },
  }));
}

export interface TAiUsageRow {
  orgId: string | null;
  feature: TAiFeature;
  model: string;
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  estimatedCostMicros: number;
}

/** One call's tokens. */
export async function insertAiUsage(tx: TTx, usage: TAiUsageRow): Promise<void> {
  await tx.execute(
    sql`INSERT INTO ai_usage (org_id, feature_key, model, prompt_tokens, completion_tokens, total_tokens,
                              estimated_cost_micros)
        VALUES (${usage.orgId}, ${usage.feature}, ${usage.model}, ${usage.promptTokens}, ${usage.completionTokens},
                ${usage.totalTokens}, ${usage.estimatedCostMicros})`,
  );
}

const ZUsageByModelRow = z.object({ model: z.string(), token_count: column.count, cost_micros: column.count });

/**
 * Tokens and estimated cost per model since `since` (the admin metrics' 'Token Usage by Model'),
 * most used first. In withPlatform it covers every organization; in withTenant only the member's.
 */
export async function aiUsageByModel(tx: TTx, since: Date): Promise<TAiUsageByModel[]> {
  const found = await preparedRows(
    tx,
    ZUsageByModelRow,
    sql`SELECT model, coalesce(sum(total_tokens), 0)::bigint AS token_count,
               coalesce(sum(estimated_cost_micros), 0)::bigint AS cost_micros
        FROM ai_usage WHERE created_at >= ${since.toISOString()}::timestamptz
        GROUP BY model ORDER BY token_count DESC, model`,
  );
  return found.map((row) => ({ model: row.model, tokenCount: row.token_count, estimatedCost: row.cost_micros / 1e6 }));
}
