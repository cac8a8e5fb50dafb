import { estimateTokens } from '@pennant/shared/ai/rules';
import { AI_MESSAGES } from '@pennant/shared/ai/schemas';
import type { OpenAI } from 'openai';
import { AiWriterError, emailPrompt, readDraft, type TAiWriter } from './ai-writer';

/** A call that has not answered in this long is given up (the SDK's own default is 10 minutes). */
export const AI_TIMEOUT_MS = 60_000;

export interface TOpenAiWriterOptions {
  /** The endpoint's base address, e.g. https://api.openai.com/v1 or a compatible server's /v1. */
  baseUrl: string;
  apiKey: string;
  /** Sent instead of the feature's configured model (servers that serve other models). */
  model?: string;
  /** Retries of a failed call (connection errors, 408, 409, 429, 5xx); 1 by default, 0 in tests. */
  maxRetries?: number;
  timeoutMs?: number;
}

type TSdk = typeof import('openai');

/** The SDK's failure in the spec's technical words: 'LLM returned {status}', or what kept the call from an answer. */
function writerError(sdk: TSdk, err: unknown): AiWriterError {
  if (err instanceof AiWriterError) return err;
  if (err instanceof sdk.APIConnectionTimeoutError) {
    return new AiWriterError(`LLM did not answer within ${AI_TIMEOUT_MS / 1000} s`, undefined, { cause: err });
  }
  if (err instanceof sdk.APIError && typeof err.status === 'number') {
    return new AiWriterError(AI_MESSAGES.llmReturned(err.status), err.status, { cause: err });
  }
  const reason = err instanceof Error ? err.message : String(err);
  return new AiWriterError(`LLM call failed: ${reason}`, undefined, { cause: err });
}

/**
 * Chat completions through the official `openai` SDK against any OpenAI-compatible endpoint.
 * The system prompt is the feature's (the admin console edits it); the user message holds the
 * e-mail's facts and the reply format, so an edited prompt cannot break the reply. The SDK is
 * loaded on the first call: a server that never writes with a model never pays for it at start.
 */
export function createOpenAiWriter(opts: TOpenAiWriterOptions): TAiWriter {
  let loaded: Promise<{ sdk: TSdk; client: OpenAI }> | undefined;
  const load = () => {
    loaded ??= import('openai').then((sdk) => ({
      sdk,
      client: new sdk.OpenAI({
        baseURL: opts.baseUrl,
        apiKey: opts.apiKey,
        maxRetries: opts.maxRetries ?? 1,
        timeout: opts.timeoutMs ?? AI_TIMEOUT_MS,
      }),
    }));
    return loaded;
  };

  return {
    kind: 'openai',
    async draftEmail(_feature, request, config) {
      const { sdk, client } = await load();
      const model = opts.model ?? config.model;
      const user = emailPrompt(request);
      let completion: OpenAI.Chat.Completions.ChatCompletion;
      try {
        completion = await client.chat.completions.create({
          model,
          max_tokens: config.tokenLimit,
          response_format: { type: 'json_object' },
          messages: [
            { role: 'system', content: config.systemPrompt },
            { role: 'user', content: user },
          ],
        });
      } catch (err) {
        throw writerError(sdk, err);
      }
      const content = completion.choices[0]?.message.content;
      const draft = readDraft(content, AI_MESSAGES.missingFields);
      // Some compatible servers report no usage: then it is estimated from the text.
      const promptTokens = completion.usage?.prompt_tokens ?? estimateTokens(config.systemPrompt + user);
      const completionTokens = completion.usage?.completion_tokens ?? estimateTokens(content ?? '');
      return {
        ...draft,
        usage: {
          model,
          promptTokens,
          completionTokens,
          totalTokens: completion.usage?.total_tokens ?? promptTokens + completionTokens,
        },
      };
    },
  };
}
