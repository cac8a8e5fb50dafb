import {
  AI_DEFAULT_PROMPTS,
  AI_FEATURES,
  AI_MESSAGES,
  AI_MODEL_IDS,
  type TEmailDraftRequest,
  TOKEN_LIMIT_MAX,
  TOKEN_LIMIT_MIN,
  ZEmailDraftRequest,
} from '@pennant/shared/ai/schemas';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { column, sql, type TTx } from '../../db/client';
import { withPlatform, withTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { AppError } from '../../errors';
import { createOpenAiWriter } from '../../integrations/ai/openai';
import { ownerWithOrg } from '../../test/fixtures';
import { forEachDatabase, type TTestEnv } from '../../test/harness';
import { completion, startOpenAiStub } from '../../test/openai-stub';
import { platformExec, platformQuery } from '../../test/team-fixtures';
import { loadMember, type TMember } from '../session/member';
import { aiUsageByModel, findAiConfig, listAiConfigHistory, listAiConfigs, updateAiConfig } from './ai.repo';
import { writeEmail } from './ai.service';

const ZUsage = z.object({
  org_id: z.string().nullable(),
  feature_key: z.string(),
  model: z.string(),
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  total_tokens: z.number(),
  estimated_cost_micros: z.number(),
});

function quoteRequest(): TEmailDraftRequest {
  return ZEmailDraftRequest.parse({
    kind: 'quote',
    organizationName: 'Eastside Boosters',
    companyName: "Joe's Pizza",
    contactFirstName: 'Maria',
    items: [{ name: 'Outfield Banner', qty: 2, cents: 50_000 }],
    sender: { name: 'Sam Lee', email: 'sam@eastside.org' },
  });
}

async function memberOf(env: TTestEnv): Promise<TMember> {
  const client = env.client();
  await ownerWithOrg(client, 'Eastside Boosters');
  const me = await client.get<{ session: { user: { id: string; email: string; name: string } } }>('/api/session');
  const member = await loadMember(env.deps, me.body.session.user);
  if (!member) throw new Error('owner has no organization');
  return member;
}

function usageOf(env: TTestEnv, orgId: string | null) {
  return platformQuery(
    env,
    ZUsage,
    orgId === null
      ? sql`SELECT * FROM ai_usage WHERE org_id IS NULL ORDER BY created_at`
      : sql`SELECT * FROM ai_usage WHERE org_id = ${orgId} ORDER BY created_at`,
  );
}

/** The database's own words for a refused statement (drizzle wraps them as the error's cause). */
async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (err) {
    const cause = err instanceof Error ? err.cause : undefined;
    return cause instanceof Error ? cause.message : String(err);
  }
  return 'not refused';
}

/** The deps with a logger whose lines the test reads. */
function capturing(deps: TDeps, overrides: Partial<TDeps> = {}) {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  return { deps: { ...deps, log, ...overrides }, lines };
}

forEachDatabase('AI writer', (env) => {
  let stub: Awaited<ReturnType<typeof startOpenAiStub>>;
  beforeAll(async () => {
    stub = await startOpenAiStub();
  });
  afterAll(async () => {
    await stub.close();
  });
  const platform = <T>(fn: (tx: TTx) => Promise<T>) => withPlatform(env().deps.db, env().deps.log, 'test', fn);

  it('seeds the four features with one of the two models, a token limit in range and the default prompt', async () => {
    const configs = await platform((tx) => listAiConfigs(tx));
    expect(configs.map((c) => c.featureKey).sort()).toEqual([...AI_FEATURES].sort());
    for (const config of configs) {
      expect(AI_MODEL_IDS).toContain(config.model);
      expect(config.tokenLimit).toBeGreaterThanOrEqual(TOKEN_LIMIT_MIN);
      expect(config.tokenLimit).toBeLessThanOrEqual(TOKEN_LIMIT_MAX);
      expect(config.systemPrompt, config.featureKey).toBe(AI_DEFAULT_PROMPTS[config.featureKey]);
      expect(config.updatedByEmail).toBeNull();
      expect(Number.isNaN(Date.parse(config.updatedAt))).toBe(false);
    }
    await expect(
      platformExec(env(), sql`UPDATE ai_config SET token_limit = 999 WHERE feature_key = 'chat-completion'`),
    ).rejects.toThrow();
    await expect(
      platformExec(env(), sql`UPDATE ai_config SET model = 'gpt-5' WHERE feature_key = 'chat-completion'`),
    ).rejects.toThrow();
  });

  it('keeps what a change replaced in the history, newest first, and nothing for a save without changes', async () => {
    const feature = 'personalize-email';
    const first = await platform((tx) =>
      updateAiConfig(
        tx,
        feature,
        { model: 'gpt-4o', tokenLimit: 4000, systemPrompt: 'Be brief.' },
        'admin@pennant.app',
      ),
    );
    expect(first).toMatchObject({
      featureKey: feature,
      model: 'gpt-4o',
      tokenLimit: 4000,
      systemPrompt: 'Be brief.',
      updatedByEmail: 'admin@pennant.app',
    });
    // The same values again: no history row, no new author.
    await platform((tx) =>
      updateAiConfig(
        tx,
        feature,
        { model: 'gpt-4o', tokenLimit: 4000, systemPrompt: 'Be brief.' },
        'other@pennant.app',
      ),
    );
    expect((await platform((tx) => findAiConfig(tx, feature)))?.updatedByEmail).toBe('admin@pennant.app');
    await platform((tx) =>
      updateAiConfig(
        tx,
        feature,
        { model: 'gpt-4o-mini', tokenLimit: 2000, systemPrompt: 'Be warm.' },
        'second@pennant.app',
      ),
    );

    const history = await platform((tx) => listAiConfigHistory(tx, feature));
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({
      featureKey: feature,
      createdByEmail: 'second@pennant.app',
      previousConfig: { model: 'gpt-4o', tokenLimit: 4000, systemPrompt: 'Be brief.' },
    });
    expect(history[1]).toMatchObject({
      createdByEmail: 'admin@pennant.app',
      previousConfig: { model: 'gpt-4o-mini', tokenLimit: 1000, systemPrompt: AI_DEFAULT_PROMPTS[feature] },
    });
    expect(await platform((tx) => listAiConfigHistory(tx, 'chat-completion'))).toEqual([]);
  });

  it("writes with the built-in writer and records the tokens for the member's organization only", async () => {
    const member = await memberOf(env());
    const written = await writeEmail(env().deps, member, 'chat-completion', quoteRequest());
    expect(written.subject).toBe('Sponsorship Proposal from Eastside Boosters');
    expect(written.body).toMatch(/^Hi Maria,\n\n/);
    expect(written.body).toContain('Total: $1,000');

    const usage = await usageOf(env(), member.orgId);
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({ feature_key: 'chat-completion', model: 'local-writer', estimated_cost_micros: 0 });
    expect(usage[0]?.total_tokens).toBe((usage[0]?.prompt_tokens ?? 0) + (usage[0]?.completion_tokens ?? 0));
    expect(usage[0]?.prompt_tokens).toBeGreaterThan(100);

    // Row-level security: the organization sees its own usage, another sees none of it.
    const other = await memberOf(env());
    const count = (m: TMember) =>
      withTenant(env().deps.db, m, (tx) => aiUsageByModel(tx, new Date(Date.now() - 3_600_000)));
    expect(await count(member)).toEqual([
      { model: 'local-writer', tokenCount: usage[0]?.total_tokens, estimatedCost: 0 },
    ]);
    expect(await count(other)).toEqual([]);
    // The app role adds usage but never rewrites it.
    expect(
      await refusal(withTenant(env().deps.db, member, (tx) => tx.execute(sql`UPDATE ai_usage SET total_tokens = 0`))),
    ).toMatch(/permission denied/);
    expect(await refusal(withTenant(env().deps.db, member, (tx) => tx.execute(sql`DELETE FROM ai_usage`)))).toMatch(
      /permission denied/,
    );
    // Another organization's id is refused by the policy, even inside the member's own transaction.
    expect(
      await refusal(
        withTenant(env().deps.db, member, (tx) =>
          tx.execute(sql`INSERT INTO ai_usage (org_id, feature_key, model, prompt_tokens, completion_tokens, total_tokens)
                         VALUES (${other.orgId}, 'chat-completion', 'x', 1, 1, 2)`),
        ),
      ),
    ).toMatch(/row-level security/);

    // A call without a member is recorded without an organization.
    const before = (await usageOf(env(), null)).length;
    await writeEmail(env().deps, null, 'personalize-email', { ...quoteRequest(), kind: 'prospect' });
    const platformUsage = await usageOf(env(), null);
    expect(platformUsage).toHaveLength(before + 1);
    expect(platformUsage.at(-1)).toMatchObject({ feature_key: 'personalize-email', model: 'local-writer' });
  });

  it("writes through the OpenAI SDK with the feature's configuration and records usage with the feature and model", async () => {
    const member = await memberOf(env());
    stub.requests.length = 0;
    stub.answer(() =>
      completion(
        JSON.stringify({
          subject: 'A season with {{company_name}}',
          body: 'Hi {{contact_name}},\n\nThank you for considering Eastside Boosters.\n\nSam',
        }),
        { prompt_tokens: 1200, completion_tokens: 300 },
      ),
    );
    const { deps } = capturing(env().deps, {
      ai: createOpenAiWriter({ baseUrl: stub.baseUrl, apiKey: 'sk-test', maxRetries: 0 }),
    });
    const written = await writeEmail(deps, member, 'chat-completion', quoteRequest());
    expect(written.subject).toBe("A season with Joe's Pizza");
    expect(written.body).toBe('Hi Maria,\n\nThank you for considering Eastside Boosters.\n\nSam');

    expect(stub.requests).toHaveLength(1);
    expect(stub.requests[0]?.body).toMatchObject({
      model: 'gpt-4o-mini',
      max_tokens: 1000,
      messages: [{ role: 'system', content: AI_DEFAULT_PROMPTS['chat-completion'] }, { role: 'user' }],
    });

    const usage = await usageOf(env(), member.orgId);
    expect(usage).toEqual([
      {
        org_id: member.orgId,
        feature_key: 'chat-completion',
        model: 'gpt-4o-mini',
        prompt_tokens: 1200,
        completion_tokens: 300,
        total_tokens: 1500,
        // 1,200 × $0.15/M + 300 × $0.60/M = $0.00036
        estimated_cost_micros: 360,
      },
    ]);
  });

  it("answers 'Failed to generate AI content. Please try again.' (502) and logs the technical reason", async () => {
    const member = await memberOf(env());
    const ai = createOpenAiWriter({ baseUrl: stub.baseUrl, apiKey: 'sk-test', maxRetries: 0 });

    for (const [answer, technical] of [
      [() => ({ status: 500, json: { error: { message: 'boom', type: 'server_error' } } }), 'LLM returned 500'],
      [() => completion('{"subject":"Only a subject"}'), AI_MESSAGES.missingFields],
    ] as const) {
      stub.answer(answer);
      const { deps, lines } = capturing(env().deps, { ai });
      const failure = writeEmail(deps, member, 'chat-completion', quoteRequest());
      await expect(failure).rejects.toBeInstanceOf(AppError);
      await expect(failure).rejects.toMatchObject({ code: 'bad_gateway', message: AI_MESSAGES.failed });
      const logged = lines.join('\n');
      expect(logged).toContain(technical);
      expect(logged).not.toContain('sk-test');
    }
    expect(await usageOf(env(), member.orgId)).toEqual([]);
    expect(AI_MESSAGES.failed).toBe('Failed to generate AI content. Please try again.');
  });

  it('sums tokens and estimated cost by model for the platform', async () => {
    const byModel = await platform((tx) => aiUsageByModel(tx, new Date(Date.now() - 3_600_000)));
    const mini = byModel.find((m) => m.model === 'gpt-4o-mini');
    expect(mini).toEqual({ model: 'gpt-4o-mini', tokenCount: 1500, estimatedCost: 0.00036 });
    expect(byModel.map((m) => m.model)).toContain('local-writer');
    const total = await platformQuery(
      env(),
      z.object({ n: column.count }),
      sql`SELECT coalesce(sum(total_tokens), 0)::int AS n FROM ai_usage`,
    );
    expect(byModel.reduce((sum, m) => sum + m.tokenCount, 0)).toBe(total[0]?.n);
  });
});
