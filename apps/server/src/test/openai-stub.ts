import { createServer, type IncomingHttpHeaders } from 'node:http';

/** One request the stub received. */
export interface TStubRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface TStubReply {
  status: number;
  json: unknown;
}

/** A chat completion as an OpenAI-compatible server answers it, with `content` as the message. */
export function completion(
  content: string | null,
  usage: { prompt_tokens: number; completion_tokens: number } | null = { prompt_tokens: 120, completion_tokens: 80 },
  model = 'gpt-4o-mini-2024-07-18',
): TStubReply {
  return {
    status: 200,
    json: {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      created: 1_700_000_000,
      model,
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
      ...(usage ? { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } } : {}),
    },
  };
}

/**
 * A tiny OpenAI-compatible server for tests: POST /v1/chat/completions answers with what
 * `reply` returns (a completion by default), and every request is kept for the test to read.
 */
export async function startOpenAiStub() {
  const requests: TStubRequest[] = [];
  let reply: (body: unknown) => TStubReply = () => completion('{"subject":"Hello","body":"Hi there"}');
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = text;
      }
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      const answer =
        req.method === 'POST' && req.url === '/v1/chat/completions'
          ? reply(body)
          : { status: 404, json: { error: { message: 'Not found', type: 'invalid_request_error' } } };
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the OpenAI stub has no port');
  return {
    baseUrl: `http://127.0.0.1:${address.port}/v1`,
    requests,
    /** What the next requests are answered with. */
    answer(next: (body: unknown) => TStubReply) {
      reply = next;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
