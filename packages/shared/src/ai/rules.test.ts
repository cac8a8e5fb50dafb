import { describe, expect, it } from 'vitest';
import { NUL_MESSAGE } from '../fields';
import {
  applyMergeTags,
  bodyToHtml,
  defaultQuoteSubject,
  emailFeatureFor,
  estimateCostMicros,
  estimateTokens,
  greetingName,
  isAiModel,
} from './rules';
import {
  AI_DEFAULT_PROMPTS,
  AI_DEFAULT_TOKEN_LIMITS,
  AI_FEATURES,
  AI_MESSAGES,
  AI_MODEL_IDS,
  AI_MODELS,
  CUSTOM_INSTRUCTIONS_MAX,
  DEFAULT_AI_MODEL,
  LOCAL_WRITER_MODEL,
  SYSTEM_PROMPT_MAX,
  TOKEN_LIMIT_MAX,
  TOKEN_LIMIT_MIN,
  ZAiConfigUpdate,
  ZEmailDraftRequest,
} from './schemas';

const sender = { name: 'Sam Lee', email: 'Sam@Eastside.org ' };

function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('AI features and models', () => {
  it('has the four features of spec 002 §9 and two models, the recommended one the smaller', () => {
    expect(AI_FEATURES).toEqual([
      'personalize-email',
      'personalize-fundraising-reminder',
      'lead-scout-parse',
      'chat-completion',
    ]);
    expect(AI_MODEL_IDS).toHaveLength(2);
    expect(AI_MODELS[DEFAULT_AI_MODEL].recommended).toBe(true);
    const [small, large] = AI_MODEL_IDS.map((id) => AI_MODELS[id]);
    expect(small?.recommended && !large?.recommended).toBe(true);
    expect(small?.inputUsdPerMillion).toBeLessThan(large?.inputUsdPerMillion ?? 0);
  });

  it('seeds a prompt for every feature, the e-mail ones asking for a warm, professional, concise email with a call to action', () => {
    for (const feature of AI_FEATURES) {
      expect(AI_DEFAULT_PROMPTS[feature].length).toBeGreaterThan(100);
      expect(AI_DEFAULT_PROMPTS[feature].length).toBeLessThanOrEqual(SYSTEM_PROMPT_MAX);
      expect(AI_DEFAULT_TOKEN_LIMITS[feature]).toBeGreaterThanOrEqual(TOKEN_LIMIT_MIN);
      expect(AI_DEFAULT_TOKEN_LIMITS[feature]).toBeLessThanOrEqual(TOKEN_LIMIT_MAX);
    }
    for (const feature of ['personalize-email', 'personalize-fundraising-reminder', 'chat-completion'] as const) {
      expect(AI_DEFAULT_PROMPTS[feature]).toContain('warm, professional, concise email');
      expect(AI_DEFAULT_PROMPTS[feature]).toContain('call to action');
    }
  });
});

describe('AI configuration', () => {
  const valid = { model: 'gpt-4o-mini', tokenLimit: 1000, systemPrompt: '  Be brief.  ' };

  it('takes a token limit from 1000 to 32000 and one of the two models', () => {
    expect(ZAiConfigUpdate.parse(valid)).toEqual({ model: 'gpt-4o-mini', tokenLimit: 1000, systemPrompt: 'Be brief.' });
    expect(ZAiConfigUpdate.safeParse({ ...valid, tokenLimit: 32000, model: 'gpt-4o' }).success).toBe(true);
    for (const tokenLimit of [999, 32001, 1500.5, '2000', null]) {
      expect(issues(ZAiConfigUpdate.safeParse({ ...valid, tokenLimit }))).toEqual([
        `tokenLimit: ${AI_MESSAGES.tokenLimit}`,
      ]);
    }
    expect(AI_MESSAGES.tokenLimit).toBe('Token limit must be between 1000 and 32000');
    expect(issues(ZAiConfigUpdate.safeParse({ ...valid, model: 'gpt-5' }))).toEqual([`model: ${AI_MESSAGES.model}`]);
  });

  it('refuses a blank, NUL-holding or over-long system prompt', () => {
    expect(issues(ZAiConfigUpdate.safeParse({ ...valid, systemPrompt: '   ' }))).toEqual([
      'systemPrompt: System prompt is required',
    ]);
    expect(issues(ZAiConfigUpdate.safeParse({ ...valid, systemPrompt: 'a\u0000b' }))).toEqual([
      `systemPrompt: ${NUL_MESSAGE}`,
    ]);
    expect(issues(ZAiConfigUpdate.safeParse({ ...valid, systemPrompt: 'x'.repeat(SYSTEM_PROMPT_MAX + 1) }))).toEqual([
      `systemPrompt: System prompt cannot exceed ${SYSTEM_PROMPT_MAX} characters`,
    ]);
  });
});

describe('the e-mail request', () => {
  const quote = {
    kind: 'quote',
    organizationName: 'Eastside Boosters',
    companyName: "Joe's Pizza",
    contactFirstName: ' Maria ',
    items: [{ name: 'Outfield Banner', qty: 2, cents: 50_000 }],
    sender,
  };

  it('fills the defaults: friendly and professional, no items, no total, nothing attached', () => {
    const parsed = ZEmailDraftRequest.parse({ ...quote, items: undefined });
    expect(parsed).toMatchObject({
      tone: 'friendly and professional',
      items: [],
      totalCents: null,
      dueDate: null,
      campaignName: null,
      documentAttached: false,
      customInstructions: null,
      contactFirstName: 'Maria',
      sender: { name: 'Sam Lee', email: 'sam@eastside.org' },
    });
  });

  it('needs a company except for fundraising, and refuses bad items, dates and long instructions', () => {
    expect(issues(ZEmailDraftRequest.safeParse({ ...quote, companyName: ' ' }))).toEqual([
      `companyName: ${AI_MESSAGES.companyName}`,
    ]);
    expect(ZEmailDraftRequest.safeParse({ ...quote, kind: 'fundraising', companyName: null }).success).toBe(true);
    expect(issues(ZEmailDraftRequest.safeParse({ ...quote, items: [{ name: 'Banner', qty: 0, cents: -1 }] }))).toEqual([
      'items.0.qty: Quantity must be at least 1',
      'items.0.cents: Amounts cannot be negative',
    ]);
    expect(issues(ZEmailDraftRequest.safeParse({ ...quote, dueDate: 'March 1' }))).toEqual([
      'dueDate: Due date must be a date (YYYY-MM-DD)',
    ]);
    expect(
      issues(ZEmailDraftRequest.safeParse({ ...quote, customInstructions: 'x'.repeat(CUSTOM_INSTRUCTIONS_MAX + 1) })),
    ).toEqual([`customInstructions: Custom instructions cannot exceed ${CUSTOM_INSTRUCTIONS_MAX} characters`]);
    expect(issues(ZEmailDraftRequest.safeParse({ ...quote, customInstructions: 'a\u0000' }))).toEqual([
      `customInstructions: ${NUL_MESSAGE}`,
    ]);
    expect(issues(ZEmailDraftRequest.safeParse({ ...quote, sender: { name: 'Sam', email: 'nope' } }))).toEqual([
      'sender.email: Please enter a valid email address',
    ]);
  });
});

describe('merge tags, subject and greeting (spec 001 §9)', () => {
  it('greets the first name or Valued Partner', () => {
    expect(greetingName('Maria')).toBe('Maria');
    expect(greetingName('  Maria Lopez ')).toBe('Maria');
    expect(greetingName('')).toBe('Valued Partner');
    expect(greetingName('   ')).toBe('Valued Partner');
    expect(greetingName(null)).toBe('Valued Partner');
    expect(greetingName(undefined)).toBe('Valued Partner');
  });

  it("writes the default quote subject with the organization's name", () => {
    expect(defaultQuoteSubject('Eastside Boosters')).toBe('Sponsorship Proposal from Eastside Boosters');
    expect(defaultQuoteSubject(' ')).toBe('Sponsorship Proposal from Your Club');
    expect(defaultQuoteSubject(null)).toBe('Sponsorship Proposal from Your Club');
  });

  it('fills {{company_name}} and {{contact_name}}, leaving other tags alone', () => {
    const values = { company_name: "Joe's Pizza", contact_name: 'Maria' };
    expect(applyMergeTags('Hi {{contact_name}}, thanks to {{ company_name }}! {{company_name}}', values)).toBe(
      "Hi Maria, thanks to Joe's Pizza! Joe's Pizza",
    );
    expect(applyMergeTags('Dear {{contact_name}},', { company_name: 'X', contact_name: null })).toBe(
      'Dear Valued Partner,',
    );
    expect(applyMergeTags('{{company}} {{Contact_Name}} $& $1', values)).toBe('{{company}} {{Contact_Name}} $& $1');
    expect(applyMergeTags('For {{company_name}}', { company_name: '$& $1 $$', contact_name: 'M' })).toBe(
      'For $& $1 $$',
    );
  });
});

describe('features, costs and HTML', () => {
  it('picks the feature by kind', () => {
    expect(emailFeatureFor('quote')).toBe('chat-completion');
    expect(emailFeatureFor('invoice')).toBe('chat-completion');
    expect(emailFeatureFor('agreement')).toBe('chat-completion');
    expect(emailFeatureFor('prospect')).toBe('personalize-email');
    expect(emailFeatureFor('fundraising')).toBe('personalize-fundraising-reminder');
  });

  it('estimates cost in micro-dollars from list prices, 0 for the built-in writer or an unknown model', () => {
    expect(isAiModel('gpt-4o')).toBe(true);
    expect(isAiModel('toString')).toBe(false);
    // 1,000 prompt tokens at $0.15/M + 500 completion tokens at $0.60/M = $0.00045.
    expect(estimateCostMicros('gpt-4o-mini', 1000, 500)).toBe(450);
    expect(estimateCostMicros('gpt-4o', 1000, 500)).toBe(7500);
    expect(estimateCostMicros(LOCAL_WRITER_MODEL, 1000, 500)).toBe(0);
    expect(estimateCostMicros('llama3.1', 1000, 500)).toBe(0);
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcde')).toBe(2);
  });

  it('turns a plain-text body into escaped HTML with <br> line breaks', () => {
    expect(bodyToHtml('Hi <Maria> & "co",\r\n\r\nThanks!')).toBe(
      'Hi &lt;Maria&gt; &amp; &quot;co&quot;,<br><br>Thanks!',
    );
  });
});
