import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { z } from 'zod';
import { serverNodeFlags } from '../../node-flags.mjs';
import { signatureHeader } from '../integrations/payments/webhook-signature';
import { keepCookies } from './client';

/*
 * App nodes as real processes, for the tests that only a process shows: start-up rules
 * (http/server-process.test.ts), several nodes on one database (multi-node.test.ts) and a node
 * killed in the middle of its work (crash-safety.test.ts). A node is the server's entry point
 * started with tsx and nothing but environment variables; the tests talk to it over HTTP and read
 * the database, as a caller would notice.
 */

const ENTRY = resolve(import.meta.dirname, '../main.ts');
const children = new Set<ChildProcess>();
const dirs = new Set<string>();

export interface TProcess {
  child: ChildProcess;
  output: () => string;
  errors: () => string;
  exited: Promise<number | null>;
}

/** The server's entry point as a process, with its Node.js flags and only these environment variables (and PATH). */
export function spawnServer(env: Record<string, string>): TProcess {
  const child = spawn(process.execPath, [...serverNodeFlags(), '--import', 'tsx', ENTRY], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  let err = '';
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    err += d.toString();
  });
  const exited = new Promise<number | null>((done) =>
    child.once('exit', (code) => {
      children.delete(child);
      done(code);
    }),
  );
  return { child, output: () => out, errors: () => err, exited };
}

/** A temporary directory, removed by cleanUp(). */
export function tempDir(prefix = 'pennant-proc-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.add(dir);
  return dir;
}

/**
 * For afterAll, whatever happened: every process spawned here that still runs is killed (SIGKILL,
 * by its own pid) and awaited, then the temporary directories go.
 */
export async function cleanUp(): Promise<void> {
  const running = [...children];
  await Promise.all(
    running.map(
      (child) =>
        new Promise<void>((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          child.once('exit', () => done());
          child.kill('SIGKILL');
        }),
    ),
  );
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs.clear();
}

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

/** Polls the check (every `every` ms) until it holds; fails with `what` after `ms`. */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string | (() => string),
  ms = 60_000,
  every = 100,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((r) => setTimeout(r, every));
  }
}

/** SIGTERM, and the exit awaited. */
export async function stop(run: TProcess): Promise<void> {
  if (run.child.exitCode !== null || run.child.signalCode !== null) return;
  run.child.kill('SIGTERM');
  await run.exited;
}

// ---------------------------------------------------------------------------------------------
// Nodes: app processes on one PostgreSQL database
// ---------------------------------------------------------------------------------------------

/** The address every node answers for, as behind a load balancer: not loopback, so not local mode. */
export const PUBLIC_URL = 'https://pennant.test';
/** Shared by every node, as a deployment's secrets are. */
export const NODE_SESSION_SECRET = 'multi-node-test-session-secret-0123456789abcdef';
export const NODE_WEBHOOK_SECRET = 'whsec_multi_node_test_0123456789abcdef';

export interface TNode extends TProcess {
  name: string;
  /** http://127.0.0.1:port */
  base: string;
  dataDir: string;
}

/**
 * Starts an app node on the database (its own port and data directory, a fresh one unless given)
 * and resolves once it answers /healthz. The outbox keeps its mail in DATA_DIR/mail; payments are
 * the simulator's, its webhooks signed with NODE_WEBHOOK_SECRET.
 */
export async function startNode(
  name: string,
  databaseUrl: string,
  env: Record<string, string> = {},
  dataDir = tempDir(`pennant-${name}-`),
): Promise<TNode> {
  const port = await freePort();
  const run = spawnServer({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL,
    SESSION_SECRET: NODE_SESSION_SECRET,
    STRIPE_WEBHOOK_SECRET: NODE_WEBHOOK_SECRET,
    SEED_DEMO: 'never',
    ...env,
  });
  const node: TNode = { ...run, name, base: `http://127.0.0.1:${port}`, dataDir };
  let exitCode: number | null | undefined;
  void run.exited.then((code) => {
    exitCode = code;
  });
  await until(
    async () => {
      if (exitCode !== undefined) throw new Error(`node ${name} exited (${exitCode}): ${run.errors()}`);
      if (!run.output().includes('Pennant is running')) return false;
      return (await fetch(`${node.base}/healthz`).catch(() => null))?.status === 200;
    },
    `node ${name} to start`,
    90_000,
    50,
  );
  return node;
}

/** SIGKILL: the node gets no chance to finish anything. Resolves once it is gone. */
export async function killHard(node: TNode): Promise<void> {
  if (node.child.exitCode !== null || node.child.signalCode !== null) return;
  node.child.kill('SIGKILL');
  await node.exited;
}

const ZOutboxEntry = z.object({ to: z.array(z.string()) });

/**
 * The e-mails the nodes' local outboxes delivered (one JSON file each), by recipient address. A
 * file a killed node left half-written is no delivery: its message is sent again.
 */
export function outboxByAddress(dataDirs: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const dataDir of dataDirs) {
    let files: string[];
    try {
      files = readdirSync(join(dataDir, 'mail')).filter((f) => f.endsWith('.json'));
    } catch {
      continue;
    }
    for (const file of files) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(readFileSync(join(dataDir, 'mail', file), 'utf8'));
      } catch {
        continue;
      }
      const entry = ZOutboxEntry.safeParse(parsed);
      if (!entry.success) continue;
      for (const to of entry.data.to) counts.set(to, (counts.get(to) ?? 0) + 1);
    }
  }
  return counts;
}

// ---------------------------------------------------------------------------------------------
// A browser: one cookie jar, any node
// ---------------------------------------------------------------------------------------------

export interface THttpReply {
  status: number;
  body: unknown;
}

/**
 * A person's browser behind the load balancer: its cookies go with every request, to whichever
 * node answers it. Writes carry the public origin, as the app's own pages send it.
 */
export class Browser {
  readonly cookies = new Map<string, string>();

  async request(node: TNode, method: string, path: string, body?: unknown): Promise<THttpReply> {
    const headers = new Headers({ origin: PUBLIC_URL });
    if (body !== undefined && !(body instanceof FormData)) headers.set('content-type', 'application/json');
    if (this.cookies.size) headers.set('cookie', this.cookieHeader());
    const res = await fetch(`${node.base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
    keepCookies(this.cookies, res.headers);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: the text
    }
    return { status: res.status, body: parsed };
  }

  /** The reply's body parsed by the schema when the status is the expected one; else the test fails with the reply. */
  async expect<S extends z.ZodType>(
    node: TNode,
    method: string,
    path: string,
    body: unknown,
    status: number,
    schema: S,
  ): Promise<z.output<S>> {
    const res = await this.request(node, method, path, body);
    if (res.status !== status) {
      throw new Error(`${method} ${path} on ${node.name}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    return schema.parse(res.body);
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

const ZAny = z.unknown();
const ZOrgCreated = z.object({ orgId: z.string() });

/** A new account and its organization, made through node; the browser is signed in. */
export async function ownerOnNode(
  browser: Browser,
  node: TNode,
  email: string,
  orgName: string,
): Promise<{ orgId: string; email: string; password: string }> {
  const password = 'secret-pass-123';
  await browser.expect(node, 'POST', '/api/auth/sign-up', { name: 'Node Owner', email, password }, 200, ZAny);
  const { orgId } = await browser.expect(
    node,
    'POST',
    '/api/onboarding/organization',
    { name: orgName, seasonLabel: '2026', fiscalStartMonth: 7 },
    201,
    ZOrgCreated,
  );
  return { orgId, email, password };
}

// ---------------------------------------------------------------------------------------------
// The payment provider's side: signed webhook events, as the simulator signs them (Stripe's scheme)
// ---------------------------------------------------------------------------------------------

/** A provider event's raw body and Stripe-Signature header, signed with the nodes' webhook secret. */
export function signedEvent(
  id: string,
  type: string,
  object: Record<string, unknown>,
): { rawBody: string; signature: string } {
  const created = Math.floor(Date.now() / 1000);
  const rawBody = JSON.stringify({
    id,
    object: 'event',
    api_version: 'simulator',
    created,
    livemode: false,
    type,
    data: { object },
  });
  return { rawBody, signature: signatureHeader(NODE_WEBHOOK_SECRET, rawBody, created) };
}

/** POSTs the event to the node's webhook route, as the provider does (no cookie, no origin). */
export async function deliverEvent(node: TNode, event: { rawBody: string; signature: string }): Promise<number> {
  const res = await fetch(`${node.base}/api/payments/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    body: event.rawBody,
  });
  await res.text();
  return res.status;
}

/**
 * The provider's events of a premium subscription for the organization (checkout completed, then
 * the subscription), delivered to the node; resolves once the database has handled both.
 */
export async function premiumByWebhook(db: TTestDb, nodes: readonly TNode[], orgId: string): Promise<void> {
  const tag = orgId.slice(0, 8);
  const customer = `cus_test_${tag}`;
  const subscription = `sub_test_${tag}`;
  const events = [
    signedEvent(`evt_checkout_${tag}`, 'checkout.session.completed', {
      id: `cs_test_${tag}`,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      amount_total: 2_900,
      customer,
      subscription,
      client_reference_id: orgId,
      metadata: { orgId },
    }),
    signedEvent(`evt_sub_${tag}`, 'customer.subscription.created', {
      id: subscription,
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      items: {
        data: [
          { current_period_end: Math.floor(Date.now() / 1000) + 30 * 86_400, price: { id: 'price_sim_premium_month' } },
        ],
      },
    }),
  ];
  for (const event of events) {
    for (const node of nodes) {
      const status = await deliverEvent(node, event);
      if (status !== 200) throw new Error(`webhook to ${node.name}: ${status}`);
    }
    const id = z.object({ id: z.string() }).parse(JSON.parse(event.rawBody)).id;
    await until(
      async () =>
        (
          await db.rows(ZProcessed, 'SELECT processed_at IS NOT NULL AS processed FROM payment_event WHERE id = $1', [
            id,
          ])
        )[0]?.processed === true,
      `payment event ${id} to be handled`,
      30_000,
    );
  }
  await until(
    async () =>
      (await db.rows(ZPlan, 'SELECT plan_key FROM organization WHERE id = $1', [orgId]))[0]?.plan_key ===
      'premium_month',
    'the organization to be premium',
    10_000,
  );
}

const ZProcessed = z.object({ processed: z.boolean() });
const ZPlan = z.object({ plan_key: z.string() });

// ---------------------------------------------------------------------------------------------
// The database, as the tests read it (and, for what only time would do, write it)
// ---------------------------------------------------------------------------------------------

export interface TTestDb {
  /** The rows of a query, each parsed by the schema. */
  rows<S extends z.ZodType>(schema: S, text: string, params?: unknown[]): Promise<z.output<S>[]>;
  /** One count(*)-like number. */
  count(text: string, params?: unknown[]): Promise<number>;
  /** A statement for rows no route makes: what the calendar would (a quote past its expiry, say). */
  exec(text: string, params?: unknown[]): Promise<void>;
  close(): Promise<void>;
}

const ZCount = z.object({ n: z.coerce.number() });

/** The superuser's view of the test database (row-level security does not apply to it). */
export function testDb(url: string): TTestDb {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  return {
    async rows(schema, text, params = []) {
      const res = await pool.query(text, params);
      return res.rows.map((r: unknown) => schema.parse(r));
    },
    async count(text, params = []) {
      const res = await pool.query(text, params);
      return ZCount.parse(res.rows[0]).n;
    },
    async exec(text, params = []) {
      await pool.query(text, params);
    },
    close: () => pool.end(),
  };
}

// ---------------------------------------------------------------------------------------------
// Server-sent events, as the browser's EventSource reads /api/events
// ---------------------------------------------------------------------------------------------

export interface TEventStream {
  /** Resolves with the milliseconds it took once a `change` event of the topic has arrived since `since`. */
  change(topic: string, since: number, ms?: number): Promise<number>;
  close(): void;
}

const ZChange = z.object({ topic: z.string() });

/** Opens the browser's event stream on the node; resolves once the stream said `ready`. */
export async function openEvents(browser: Browser, node: TNode): Promise<TEventStream> {
  const abort = new AbortController();
  const res = await fetch(`${node.base}/api/events`, {
    headers: { cookie: browser.cookieHeader(), accept: 'text/event-stream' },
    signal: abort.signal,
  });
  if (res.status !== 200 || !res.body) throw new Error(`/api/events on ${node.name}: ${res.status}`);
  const changes: { topic: string; at: number }[] = [];
  let ready = false;
  let buffer = '';
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          const event = /^event: ?(.*)$/m.exec(block)?.[1];
          const data = /^data: ?(.*)$/m.exec(block)?.[1];
          if (event === 'ready') ready = true;
          if (event === 'change' && data)
            changes.push({ topic: ZChange.parse(JSON.parse(data)).topic, at: Date.now() });
        }
      }
    } catch {
      // aborted
    }
  })();
  await until(() => ready, `the event stream on ${node.name} to be ready`, 10_000, 20);
  return {
    async change(topic, since, ms = 10_000) {
      let at = 0;
      await until(
        () => {
          at = changes.find((c) => c.topic === topic && c.at >= since)?.at ?? 0;
          return at > 0;
        },
        `a '${topic}' event on ${node.name}`,
        ms,
        20,
      );
      return at - since;
    },
    close: () => abort.abort(),
  };
}
