import type { TConfig } from '../../config';
import type { TAiWriter } from './ai-writer';
import { createLocalWriter } from './local';
import { createOpenAiWriter } from './openai';

export type { TAiDraftResult, TAiUsage, TAiWriter, TAiWriterConfig } from './ai-writer';
export { AiWriterError } from './ai-writer';

/** The writer the configuration names: an OpenAI-compatible endpoint, else the built-in writer. */
export function createAiWriter(config: TConfig): TAiWriter {
  const { ai } = config;
  if (ai.writer === 'openai') return createOpenAiWriter({ baseUrl: ai.baseUrl, apiKey: ai.apiKey, model: ai.model });
  return createLocalWriter();
}
