import { applyMergeTags, estimateCostMicros } from '@pennant/shared/ai/rules';
import {
  AI_MESSAGES,
  EMAIL_SUBJECT_MAX,
  type TAiEmailFeature,
  type TEmailDraft,
  type TEmailDraftRequest,
} from '@pennant/shared/ai/schemas';
import { readPlatform, withPlatform, withTenant } from '../../db/tenant';
import type { TDeps } from '../../deps';
import { AppError } from '../../errors';
import type { TAiDraftResult, TAiUsage } from '../../integrations/ai/ai';
import type { TMember } from '../session/member';
import { findAiConfig, insertAiUsage } from './ai.repo';

export interface TWrittenEmail extends TEmailDraft {
  usage: TAiUsage;
}

/**
 * Writes one e-mail with the feature's configuration (ai_config): the writer in deps (a model
 * or the built-in writer) drafts it, merge tags in the draft are filled, and the call's tokens
 * are recorded in ai_usage for the member's organization (none for a call without a member).
 * No transaction is held while the writer works. Any failure is logged with its technical
 * words ('LLM returned 500') and answered 502 'Failed to generate AI content. Please try again.'.
 */
export async function writeEmail(
  deps: TDeps,
  member: TMember | null,
  feature: TAiEmailFeature,
  request: TEmailDraftRequest,
): Promise<TWrittenEmail> {
  const orgId = member?.orgId ?? null;
  const config = await readPlatform(deps.db, deps.log, 'read ai config', (tx) => findAiConfig(tx, feature));
  if (!config) {
    deps.log.error({ feature }, 'AI config missing');
    throw new AppError('bad_gateway', AI_MESSAGES.failed);
  }

  let draft: TAiDraftResult;
  try {
    draft = await deps.ai.draftEmail(feature, request, config);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    deps.log.error({ err, feature, orgId, writer: deps.ai.kind, model: config.model }, `AI writer failed: ${reason}`);
    throw new AppError('bad_gateway', AI_MESSAGES.failed);
  }

  const { usage } = draft;
  try {
    const row = {
      orgId,
      feature,
      model: usage.model,
      promptTokens: usage.promptTokens,
      completionTokens: usage.completionTokens,
      totalTokens: usage.totalTokens,
      estimatedCostMicros: estimateCostMicros(usage.model, usage.promptTokens, usage.completionTokens),
    };
    if (member) await withTenant(deps.db, member, (tx) => insertAiUsage(tx, row));
    else
      await withPlatform(deps.db, deps.log, 'record ai usage without an organization', (tx) => insertAiUsage(tx, row));
  } catch (err) {
    // The e-mail is written and the tokens are spent; a lost usage row must not cost the sender it.
    deps.log.error({ err, feature, orgId, usage }, 'AI usage could not be recorded');
  }

  const tags = { company_name: request.companyName, contact_name: request.contactFirstName };
  return {
    subject: applyMergeTags(draft.subject, tags).slice(0, EMAIL_SUBJECT_MAX),
    body: applyMergeTags(draft.body, tags),
    usage,
  };
}
