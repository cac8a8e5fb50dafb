import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AI_DEFAULT_PROMPTS,
  type TEmailDraftRequest,
  type TEmailDraftRequestInput,
  ZEmailDraftRequest,
} from '@pennant/shared/ai/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { completion, startOpenAiStub } from '../../test/openai-stub';
import { createAiWriter } from './ai';
import { AiWriterError, emailPrompt, readDraft, type TAiWriterConfig } from './ai-writer';
import { composeEmail, createLocalWriter, possessive, readInstructions } from './local';
import { createOpenAiWriter } from './openai';

const CONFIG: TAiWriterConfig = {
  model: 'gpt-4o-mini',
  tokenLimit: 1500,
  systemPrompt: AI_DEFAULT_PROMPTS['chat-completion'],
};

function request(overrides: Partial<TEmailDraftRequestInput> = {}): TEmailDraftRequest {
  return ZEmailDraftRequest.parse({
    kind: 'quote',
    organizationName: 'Eastside Boosters',
    companyName: "Joe's Pizza",
    contactFirstName: 'Maria',
    items: [
      { name: 'Outfield Banner', qty: 2, cents: 50_000 },
      { name: 'Game Program Ad', qty: 1, cents: 25_000 },
    ],
    sender: { name: 'Sam Lee', email: 'sam@eastside.org' },
    ...overrides,
  });
}

/** Nothing a template could leak: unfilled values, unreplaced tags, doubled spaces. */
function expectClean(text: string) {
  expect(text).not.toMatch(/undefined|null|NaN|\{\{|\[object|[ \t]{2,}|\n{3,}| [.,]/);
}

describe('AI settings', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pennant-ai-config-'));
  const base = { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('uses the built-in writer without settings and the endpoint with AI_BASE_URL and AI_API_KEY together', () => {
    expect(loadConfig(base).ai).toEqual({ writer: 'local' });
    expect(createAiWriter(loadConfig(base)).kind).toBe('local');
    const endpoint = loadConfig({ ...base, AI_BASE_URL: 'https://api.openai.com/v1/', AI_API_KEY: ' sk-test ' });
    expect(endpoint.ai).toEqual({
      writer: 'openai',
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-test',
      model: undefined,
    });
    expect(createAiWriter(endpoint).kind).toBe('openai');
    expect(
      loadConfig({ ...base, AI_BASE_URL: 'http://127.0.0.1:11434/v1', AI_API_KEY: 'ollama', AI_MODEL: 'llama3.1' }).ai,
    ).toMatchObject({ writer: 'openai', model: 'llama3.1' });
  });

  it('refuses one without the other in one line that says what to do', () => {
    expect(() => loadConfig({ ...base, AI_BASE_URL: 'https://api.openai.com/v1' })).toThrow(
      /^Invalid configuration: AI_BASE_URL and AI_API_KEY go together; AI_API_KEY is not set\. Set it, or remove AI_BASE_URL to use the built-in writer\.$/,
    );
    expect(() => loadConfig({ ...base, AI_API_KEY: 'sk-test' })).toThrow(
      /^Invalid configuration: AI_BASE_URL and AI_API_KEY go together; AI_BASE_URL is not set\. Set it, or remove AI_API_KEY to use the built-in writer\.$/,
    );
    expect(() => loadConfig({ ...base, AI_MODEL: 'llama3.1' })).toThrow(/^Invalid configuration: AI_MODEL needs/);
    expect(() => loadConfig({ ...base, AI_BASE_URL: 'ftp://x', AI_API_KEY: 'k' })).toThrow(
      /AI_BASE_URL must be an http/,
    );
  });
});

describe('the OpenAI writer against an OpenAI-compatible server, through the SDK', () => {
  let stub: Awaited<ReturnType<typeof startOpenAiStub>>;
  beforeAll(async () => {
    stub = await startOpenAiStub();
  });
  afterAll(async () => {
    await stub.close();
  });
  const writer = () => createOpenAiWriter({ baseUrl: stub.baseUrl, apiKey: 'sk-test-key', maxRetries: 0 });

  it('sends the system prompt, the facts, the token limit and JSON mode, and reads subject, body and usage', async () => {
    stub.requests.length = 0;
    stub.answer(() =>
      completion(
        JSON.stringify({
          subject: ' Sponsorship Proposal\nfrom Eastside ',
          body: 'Hi Maria,  \r\n\r\n\r\nThanks!\n\nSam',
        }),
      ),
    );
    const draft = await writer().draftEmail('chat-completion', request({ dueDate: '2026-03-01' }), CONFIG);
    expect(draft).toEqual({
      subject: 'Sponsorship Proposal from Eastside',
      body: 'Hi Maria,\n\nThanks!\n\nSam',
      usage: { model: 'gpt-4o-mini', promptTokens: 120, completionTokens: 80, totalTokens: 200 },
    });
    expect(stub.requests).toHaveLength(1);
    const [sent] = stub.requests;
    expect(sent?.headers.authorization).toBe('Bearer sk-test-key');
    expect(sent?.body).toMatchObject({
      model: 'gpt-4o-mini',
      max_tokens: 1500,
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: CONFIG.systemPrompt },
        { role: 'user', content: emailPrompt(request({ dueDate: '2026-03-01' })) },
      ],
    });
    const user = emailPrompt(request({ dueDate: '2026-03-01' }));
    expect(user).toContain("Recipient company: Joe's Pizza");
    expect(user).toContain('Greet the recipient as: Maria');
    expect(user).toContain('- Outfield Banner × 2 at $500.00 each: $1,000.00');
    expect(user).toContain('Total: $1,250.00');
    expect(user).toContain('Due date: March 1, 2026');
    expect(user).toContain('Sender: Sam Lee <sam@eastside.org>');
    expect(user).toContain('JSON object');
  });

  it('sends AI_MODEL instead of the configured model, reads a fenced reply and estimates missing usage', async () => {
    stub.requests.length = 0;
    stub.answer(() => completion('Here you go:\n```json\n{"subject": "Hello", "body": "Hi Maria"}\n```', null));
    const local = createOpenAiWriter({ baseUrl: stub.baseUrl, apiKey: 'k', model: 'llama3.1', maxRetries: 0 });
    const draft = await local.draftEmail('chat-completion', request(), CONFIG);
    expect(draft.subject).toBe('Hello');
    expect(draft.body).toBe('Hi Maria');
    expect(draft.usage.model).toBe('llama3.1');
    expect(draft.usage.promptTokens).toBeGreaterThan(100);
    expect(draft.usage.totalTokens).toBe(draft.usage.promptTokens + draft.usage.completionTokens);
    expect(stub.requests[0]?.body).toMatchObject({ model: 'llama3.1' });
  });

  it("turns a non-2xx answer into 'LLM returned {status}'", async () => {
    stub.requests.length = 0;
    stub.answer(() => ({ status: 500, json: { error: { message: 'The server had an error', type: 'server_error' } } }));
    const failure = writer().draftEmail('chat-completion', request(), CONFIG);
    await expect(failure).rejects.toBeInstanceOf(AiWriterError);
    await expect(failure).rejects.toMatchObject({ message: 'LLM returned 500', status: 500 });
    expect(stub.requests).toHaveLength(1);

    stub.answer(() => ({
      status: 401,
      json: { error: { message: 'Incorrect API key', type: 'invalid_request_error' } },
    }));
    await expect(writer().draftEmail('chat-completion', request(), CONFIG)).rejects.toThrow(/^LLM returned 401$/);
  });

  it('retries a failed call once by default', async () => {
    stub.requests.length = 0;
    stub.answer(() => ({ status: 503, json: { error: { message: 'overloaded' } } }));
    const retrying = createOpenAiWriter({ baseUrl: stub.baseUrl, apiKey: 'k' });
    await expect(retrying.draftEmail('chat-completion', request(), CONFIG)).rejects.toThrow('LLM returned 503');
    expect(stub.requests).toHaveLength(2);
  });

  it("answers 'LLM response missing fields' when the reply has no subject or body", async () => {
    for (const content of [
      '{"subject":"Only a subject"}',
      '{"subject":"","body":"x"}',
      'Sure! Here is an e-mail.',
      null,
    ]) {
      stub.answer(() => completion(content));
      await expect(writer().draftEmail('chat-completion', request(), CONFIG), String(content)).rejects.toThrow(
        /^LLM response missing fields$/,
      );
    }
  });

  it('says so when the endpoint cannot be reached', async () => {
    const gone = await startOpenAiStub();
    await gone.close();
    const unreachable = createOpenAiWriter({ baseUrl: gone.baseUrl, apiKey: 'k', maxRetries: 0 });
    await expect(unreachable.draftEmail('chat-completion', request(), CONFIG)).rejects.toThrow(/^LLM call failed: /);
  });
});

describe('reading a reply', () => {
  it('takes the JSON object out of words or a fence and tidies it', () => {
    expect(readDraft('{"subject":"S","body":"B"}', 'missing')).toEqual({ subject: 'S', body: 'B' });
    expect(readDraft('```json\n{"subject":"S","body":"a\\n\\n\\n\\nb"}\n```', 'missing')).toEqual({
      subject: 'S',
      body: 'a\n\nb',
    });
    expect(readDraft(`{"subject":"${'s'.repeat(300)}","body":"B"}`, 'missing').subject).toHaveLength(200);
    expect(() => readDraft('{"subject":1,"body":"B"}', 'missing')).toThrow('missing');
    expect(() => readDraft('{broken', 'missing')).toThrow('missing');
  });
});

describe('the built-in writer', () => {
  it('writes a quote that greets the contact, names the company, lists the items and the total, and asks for a reply', () => {
    const { subject, body } = composeEmail(request({ documentAttached: true }));
    expect(subject).toBe('Sponsorship Proposal from Eastside Boosters');
    expect(body.startsWith('Hi Maria,\n\n')).toBe(true);
    expect(body).toContain("Joe's Pizza");
    expect(body).toContain('Eastside Boosters');
    expect(body).toContain('- Outfield Banner × 2 ($500 each): $1,000');
    expect(body).toContain('- Game Program Ad: $250');
    expect(body).toContain('Total: $1,250');
    expect(body).toContain('The full proposal is attached.');
    expect(body).toMatch(/Could you reply to let me know whether it works for Joe's Pizza/);
    expect(body.endsWith('Best regards,\nSam Lee\nEastside Boosters\nsam@eastside.org')).toBe(true);
    expectClean(body);
    expectClean(subject);
    // Paragraphs, not one block: the caller turns line breaks into <br>.
    expect(body.split('\n\n').length).toBeGreaterThanOrEqual(5);
  });

  it("greets 'Valued Partner' without a first name and leaves out an attachment it was not given", () => {
    const { body } = composeEmail(request({ contactFirstName: null }));
    expect(body.startsWith('Dear Valued Partner,\n\n')).toBe(true);
    expect(body).not.toContain('attached');
  });

  it("follows the sender's instructions: a focus, thanks, a reminder, a fact, short, a tone", () => {
    const plain = composeEmail(request()).body;
    const asked = composeEmail(
      request({
        customInstructions:
          'Mention our new LED scoreboard and thank them for their support last season. ' +
          'Remind them that the banner deadline is March 15. We won the league title last spring. Keep it short',
      }),
    ).body;
    expect(asked).toContain("I'd especially like to mention our new LED scoreboard.");
    expect(asked).toContain('Thank you for your support last season.');
    expect(asked).toContain('Just a reminder that the banner deadline is March 15.');
    expect(asked).toContain('We won the league title last spring.');
    expect(asked).not.toContain('in front of our players');
    expect(asked).not.toContain('Keep it short');
    expectClean(asked);
    expect(plain).toContain('in front of our players');

    const formal = composeEmail(request({ customInstructions: 'Please make it formal.' })).body;
    expect(formal.startsWith('Dear Maria,')).toBe(true);
    expect(formal).toContain('Sincerely,');
    expect(formal).not.toMatch(/\b(I'd|I've|I'm|we'll|don't)\b/);
    expect(formal).not.toContain('formal');

    const enthusiastic = composeEmail(request({ tone: 'enthusiastic' })).body;
    expect(enthusiastic.startsWith('Hi Maria!')).toBe(true);
    expect(enthusiastic).toContain('Cheers,');
  });

  it('reads instructions clause by clause and leaves out what only says how to write', () => {
    expect(readInstructions('Highlight that their logo goes on the home dugout; use a friendly tone')).toEqual({
      focus: [{ verb: 'highlight', phrase: 'that your logo goes on the home dugout' }],
      thanks: [],
      reminders: [],
      facts: [],
      short: false,
      tone: 'friendly and professional',
    });
    expect(readInstructions('Be brief.').short).toBe(true);
    expect(readInstructions("Don't mention prices. Please do not mention the deadline")).toMatchObject({
      focus: [],
      facts: [],
    });
    expect(readInstructions('The email should sound upbeat').facts).toEqual([]);
    expect(readInstructions(null).focus).toEqual([]);
  });

  it('writes possessives that read right', () => {
    expect(possessive("Joe's Pizza")).toBe("Joe's Pizza's");
    expect(possessive('Smith Brothers')).toBe("Smith Brothers'");
  });

  it('writes an invoice with the amount and due date, an agreement to sign, a prospect offer and a fundraising ask', () => {
    const inv = composeEmail(
      request({ kind: 'invoice', totalCents: 125_000, dueDate: '2026-03-01', documentAttached: true }),
    );
    expect(inv.subject).toBe('Invoice from Eastside Boosters: $1,250.00 due March 1, 2026');
    expect(inv.body).toContain("Attached is the invoice for Joe's Pizza's sponsorship.");
    expect(inv.body).toContain('Amount due: $1,250.00, by March 1, 2026');
    expect(inv.body).toContain('Please arrange payment by March 1, 2026');
    expectClean(inv.body);

    const agr = composeEmail(request({ kind: 'agreement', items: [], totalCents: 300_000 }));
    expect(agr.subject).toBe('Your sponsorship agreement with Eastside Boosters');
    expect(agr.body).toContain("The sponsorship agreement for Joe's Pizza is ready, with a total value of $3,000.");
    expect(agr.body).toContain('sign it and send it back');
    expectClean(agr.body);

    const pro = composeEmail(request({ kind: 'prospect', campaignName: 'Spring 2026', documentAttached: true }));
    expect(pro.subject).toBe('Spring 2026 - Sponsorship Opportunities');
    expect(pro.body).toContain('Our price sheet is attached with every option');
    expect(pro.body).toContain('- Outfield Banner: $500');
    expect(pro.body).toContain('Options start at $250.');
    expect(pro.body).toContain('Would you have 15 minutes');
    expectClean(pro.body);

    const fund = composeEmail(
      request({
        kind: 'fundraising',
        companyName: null,
        contactFirstName: null,
        items: [],
        totalCents: 500_000,
        campaignName: 'new team uniforms',
        tone: 'warm',
      }),
    );
    expect(fund.subject).toBe('Support Eastside Boosters: new team uniforms');
    expect(fund.body.startsWith('Dear Valued Partner,')).toBe(true);
    expect(fund.body).toContain('raising funds for new team uniforms');
    expect(fund.body).toContain('Our goal is $5,000.');
    expect(fund.body).toContain('Would you consider a gift this week?');
    expect(fund.body).toContain('Warmly,');
    expectClean(fund.body);
  });

  it('is deterministic and reports estimated usage as the local writer, at no cost', async () => {
    const writer = createLocalWriter();
    const first = await writer.draftEmail('chat-completion', request(), CONFIG);
    const second = await writer.draftEmail('chat-completion', request(), CONFIG);
    expect(second).toEqual(first);
    expect(first.usage.model).toBe('local-writer');
    expect(first.usage.promptTokens).toBeGreaterThan(CONFIG.systemPrompt.length / 4);
    expect(first.usage.completionTokens).toBeGreaterThan(50);
    expect(first.usage.totalTokens).toBe(first.usage.promptTokens + first.usage.completionTokens);
  });
});
