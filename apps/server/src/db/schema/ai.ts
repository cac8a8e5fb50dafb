import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { organizations } from './organizations';

/** What a history row keeps of the configuration a change replaced (spec 002 §3). */
export interface TStoredAiConfig {
  model: string;
  token_limit: number;
  system_prompt: string;
}

/**
 * One row per AI feature (platform table, no org_id): the model, the token limit (1000–32000)
 * and the system prompt every organization's calls of that feature use. Seeded by 0011_ai.sql.
 */
export const aiConfigs = pgTable('ai_config', {
  featureKey: text('feature_key').primaryKey(),
  model: text('model').notNull(),
  tokenLimit: integer('token_limit').notNull(),
  systemPrompt: text('system_prompt').notNull(),
  updatedAt: updatedAt(),
  updatedByEmail: text('updated_by_email'),
});

/** Each change of a feature's configuration, with what it replaced. */
export const aiConfigHistory = pgTable(
  'ai_config_history',
  {
    id: id(),
    featureKey: text('feature_key')
      .notNull()
      .references(() => aiConfigs.featureKey, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    createdByEmail: text('created_by_email').notNull(),
    previousConfig: jsonb('previous_config').$type<TStoredAiConfig>().notNull(),
  },
  (t) => [index('ai_config_history_feature_idx').on(t.featureKey, t.createdAt.desc())],
);

/**
 * Tokens per call (tenant table: org_id, row-level security; NULL for a call no organization
 * made). The app role may read and add rows, never change them.
 */
export const aiUsage = pgTable(
  'ai_usage',
  {
    id: id(),
    orgId: uuid('org_id').references(() => organizations.id, { onDelete: 'set null' }),
    featureKey: text('feature_key')
      .notNull()
      .references(() => aiConfigs.featureKey),
    model: text('model').notNull(),
    promptTokens: integer('prompt_tokens').notNull(),
    completionTokens: integer('completion_tokens').notNull(),
    totalTokens: integer('total_tokens').notNull(),
    /** Millionths of a US dollar, from the model's list prices (an estimate). */
    estimatedCostMicros: integer('estimated_cost_micros').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('ai_usage_org_created_idx').on(t.orgId, t.createdAt), index('ai_usage_created_idx').on(t.createdAt)],
);
