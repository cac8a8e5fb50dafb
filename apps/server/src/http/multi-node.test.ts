import { randomUUID } from 'node:crypto';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EXPIRE_QUOTES } from '../jobs/expire-quotes.job';
import { MARK_OVERDUE_INVOICES } from '../jobs/mark-overdue-invoices.job';
import { freshDatabase } from '../test/databases';
import {
  campaignWithContacts,
  launch,
  priceList,
  prospect,
  queueBlast,
  queuedRecipients,
  recipientMail,
  undelivered,
} from '../test/node-work';
import {
  Browser,
  cleanUp,
  deliverEvent,
  openEvents,
  outboxByAddress,
  ownerOnNode,
  premiumByWebhook,
  signedEvent,
  startNode,
  type TNode,
  type TTestDb,
  testDb,
  until,
} from '../test/nodes';

/*
 * Several app nodes behind one load balancer (DESIGN §8): two real server processes, each with its
 * own port and data directory, on one PostgreSQL database, with the pg-boss queue, the local outbox
 * and the payment simulator. What a person or the provider would notice, over HTTP and in the
 * database: a session is one on every node, each job runs once however many workers race for it,
 * an event made on one node reaches a browser connected to the other, and a webhook delivered to
 * both nodes has one effect.
 */

const ZAny = z.unknown();
const ZId = z.object({ id: z.string() });
const CAMPAIGN_RECIPIENTS = 60;
const BLAST_RECIPIENTS = 20;
/** Quotes and invoices the daily and hourly runs find due. */
const DUE_ROWS = 300;
/** Copies of each run started at once: more than one worker takes at a time, so both nodes get some. */
const RUN_COPIES = 6;
const say = (line: string) => process.stdout.write(`multi-node: ${line}\n`);

describe.runIf(process.env.TEST_DATABASE_URL)('several app nodes on one PostgreSQL', () => {
  let a: TNode;
  let b: TNode;
  let db: TTestDb;
  let url = '';
  let drop: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    const fresh = await freshDatabase('postgres');
    await fresh.database.close();
    drop = fresh.drop;
    if (!fresh.url) throw new Error('a PostgreSQL test database has a URL');
    url = fresh.url;
    db = testDb(url);
    const started = Date.now();
    // Every job due at once: both nodes' workers race for each of them.
    const env = { CAMPAIGN_SEND_CADENCE_SECONDS: '0', BLAST_SEND_CADENCE_SECONDS: '0' };
    [a, b] = await Promise.all([startNode('A', url, env), startNode('B', url, env)]);
    say(`two nodes up in ${Date.now() - started} ms`);
  }, 120_000);

  afterAll(async () => {
    await cleanUp();
    await db?.close();
    await drop();
  }, 30_000);

  it('a session made on node A is good on node B; signed out on A, B refuses it', async () => {
    const browser = new Browser();
    const owner = await ownerOnNode(browser, a, `owner.${randomUUID().slice(0, 8)}@club.test`, 'Two Node Club');
    expect((await browser.request(b, 'GET', '/api/companies')).status).toBe(200);
    // The same cookie in a second tab that stays on node B.
    const otherTab = new Browser();
    for (const [k, v] of browser.cookies) otherTab.cookies.set(k, v);
    expect((await otherTab.request(b, 'GET', '/api/companies')).status).toBe(200);

    await browser.expect(a, 'POST', '/api/auth/sign-out', {}, 200, ZAny);
    const signedOut = Date.now();
    await until(
      async () => (await otherTab.request(b, 'GET', '/api/companies')).status === 401,
      'B to refuse',
      5_000,
      20,
    );
    say(`node B refused the signed-out session ${Date.now() - signedOut} ms after node A signed it out`);

    // Signed in again on B: A knows the new session.
    await browser.expect(b, 'POST', '/api/auth/sign-in', { email: owner.email, password: owner.password }, 200, ZAny);
    expect((await browser.request(a, 'GET', '/api/companies')).status).toBe(200);
  });

  it('an event made on node A reaches a browser connected to node B', async () => {
    const browser = new Browser();
    await ownerOnNode(browser, b, `events.${randomUUID().slice(0, 8)}@club.test`, 'Events Club');
    const stream = await openEvents(browser, b);
    try {
      const since = Date.now();
      await browser.expect(a, 'POST', '/api/companies', { name: 'Harbor Lights Marina', status: 'prospect' }, 201, ZId);
      const ms = await stream.change('companies', since);
      say(`a change on node A reached node B's event stream in ${ms} ms`);
    } finally {
      stream.close();
    }
  });

  it('a webhook delivered to both nodes has one effect', async () => {
    const browser = new Browser();
    const { orgId } = await ownerOnNode(browser, a, `billing.${randomUUID().slice(0, 8)}@club.test`, 'Billing Club');
    // Checkout and subscription, each event to A and then to B: the organization is premium once.
    await premiumByWebhook(db, [a, b], orgId);
    const plan = await browser.expect(b, 'GET', '/api/plan', undefined, 200, z.object({ planKey: z.string() }));
    expect(plan.planKey).toBe('premium_month');

    // The subscription's paid invoice, to both nodes at the same moment.
    const tag = orgId.slice(0, 8);
    const paid = signedEvent(`evt_paid_${tag}`, 'invoice.paid', {
      id: `in_test_${tag}`,
      object: 'invoice',
      customer: `cus_test_${tag}`,
      amount_paid: 2_900,
      currency: 'usd',
      parent: { subscription_details: { subscription: `sub_test_${tag}` } },
      metadata: {},
    });
    expect(await Promise.all([deliverEvent(a, paid), deliverEvent(b, paid)])).toEqual([200, 200]);
    await until(
      async () =>
        (await db.count('SELECT count(*) AS n FROM payment_event WHERE id = $1 AND processed_at IS NOT NULL', [
          `evt_paid_${tag}`,
        ])) === 1,
      'the paid invoice to be handled',
      30_000,
    );
    const receipts = await browser.expect(
      b,
      'GET',
      '/api/billing/receipts',
      undefined,
      200,
      z.object({ receipts: z.array(z.object({ amountPaidCents: z.number() })) }),
    );
    expect(receipts.receipts).toEqual([{ amountPaidCents: 2_900 }]);
    expect(await db.count('SELECT count(*) AS n FROM invoice_receipt WHERE org_id = $1', [orgId])).toBe(1);
    expect(await db.count('SELECT count(*) AS n FROM payment_event WHERE id LIKE $1', [`evt_%_${tag}`])).toBe(3);
  });

  it('a campaign launch and a blast made on node A, worked by both nodes: each recipient gets one e-mail', async () => {
    const browser = new Browser();
    const { orgId } = await ownerOnNode(browser, a, `jobs.${randomUUID().slice(0, 8)}@club.test`, 'Jobs Club');
    await premiumByWebhook(db, [a], orgId);
    const contacts = Array.from({ length: CAMPAIGN_RECIPIENTS }, (_, i) => ({
      name: `Donor ${i + 1}`,
      email: `donor${i + 1}@jobs.test`,
    }));
    const campaignId = await campaignWithContacts(browser, a, contacts);
    const listId = await priceList(browser, a);
    const prospects: string[] = [];
    for (let i = 1; i <= BLAST_RECIPIENTS; i += 1)
      prospects.push(await prospect(browser, a, `Sponsor ${i}`, `sponsor${i}@jobs.test`));

    const started = Date.now();
    const launched = await launch(browser, a, campaignId);
    expect(launched.queued).toBe(CAMPAIGN_RECIPIENTS);
    // The price sheet stays out: each node keeps files in its own DATA_DIR (a deployment's are on S3).
    const blastId = await queueBlast(browser, a, listId, prospects, false);
    for (const batch of [launched.emailCampaignId, blastId]) {
      await until(
        async () => (await queuedRecipients(db, batch)) === 0 && (await undelivered(db, batch)) === 0,
        'every e-mail to be delivered',
        60_000,
        200,
      );
    }
    say(
      `${CAMPAIGN_RECIPIENTS + BLAST_RECIPIENTS} e-mails recorded and delivered by two nodes in ${Date.now() - started} ms`,
    );

    for (const [batch, size] of [
      [launched.emailCampaignId, CAMPAIGN_RECIPIENTS],
      [blastId, BLAST_RECIPIENTS],
    ] as const) {
      const mail = await recipientMail(db, batch);
      expect(mail).toHaveLength(size);
      for (const r of mail) expect(r).toMatchObject({ status: 'sent', messages: 1, delivered: 1 });
    }
    // Delivered: one message per address across both nodes' outboxes.
    const perNode = [a, b].map((n) => outboxByAddress([n.dataDir]));
    const both = outboxByAddress([a.dataDir, b.dataDir]);
    for (const address of [...contacts.map((c) => c.email), ...prospects.map((_, i) => `sponsor${i + 1}@jobs.test`)]) {
      expect(both.get(address), address).toBe(1);
    }
    const jobsOf = (m: Map<string, number>) => [...m.keys()].filter((k) => k.endsWith('@jobs.test')).length;
    say(`node A delivered ${jobsOf(perNode[0] ?? new Map())}, node B ${jobsOf(perNode[1] ?? new Map())}`);
  }, 120_000);

  it('the daily quote expiry and the hourly overdue run, started on both nodes at once, change each row once', async () => {
    const browser = new Browser();
    const { orgId } = await ownerOnNode(browser, a, `daily.${randomUUID().slice(0, 8)}@club.test`, 'Daily Club');
    const company = await browser.expect(
      a,
      'POST',
      '/api/companies',
      { name: 'Lakeside Lumber', status: 'sponsor' },
      201,
      ZId,
    );
    // What the calendar does: sent quotes a day past their 30 days, sent invoices a week past due.
    await db.exec(
      `INSERT INTO quote (org_id, company_id, status, total_cents, sent_at, expires_at)
       SELECT $1, $2, 'sent', 50000, now() - interval '31 days', now() - interval '1 day' FROM generate_series(1, $3)`,
      [orgId, company.id, DUE_ROWS],
    );
    await db.exec(
      `INSERT INTO invoice (org_id, company_id, invoice_source, invoice_type, status, due_date, total_amount_cents)
       SELECT $1, $2, 'direct', 'manual', 'sent', current_date - 7, 10000 FROM generate_series(1, $3)`,
      [orgId, company.id, DUE_ROWS],
    );

    // Both nodes' schedulers firing the same run: several copies of each job at the same moment,
    // which the two nodes' workers take between them.
    const boss = new PgBoss({
      connectionString: url,
      schema: 'pgboss',
      supervise: false,
      schedule: false,
      migrate: false,
    });
    boss.on('error', () => undefined);
    await boss.start();
    try {
      for (let i = 0; i < RUN_COPIES; i += 1) {
        await boss.send(EXPIRE_QUOTES, {});
        await boss.send(MARK_OVERDUE_INVOICES, {});
      }
    } finally {
      await boss.stop({ graceful: false });
    }
    await until(
      async () =>
        (await db.count(`SELECT count(*) AS n FROM pgboss.job WHERE name = ANY($1) AND state <> 'completed'`, [
          [EXPIRE_QUOTES, MARK_OVERDUE_INVOICES],
        ])) === 0,
      'both runs to be done on the nodes',
      60_000,
      200,
    );
    expect(
      await db.count(`SELECT count(*) AS n FROM pgboss.job WHERE name = ANY($1) AND state = 'completed'`, [
        [EXPIRE_QUOTES, MARK_OVERDUE_INVOICES],
      ]),
    ).toBeGreaterThanOrEqual(2 * RUN_COPIES);

    const ZChanged = z.object({ status: z.string(), events: z.coerce.number() });
    const quotes = await db.rows(
      ZChanged,
      `SELECT q.status, (SELECT count(*) FROM timeline_event e WHERE e.quote_id = q.id AND e.event_type = 'quote_expired') AS events
       FROM quote q WHERE q.org_id = $1`,
      [orgId],
    );
    const invoices = await db.rows(
      ZChanged,
      `SELECT i.status, (SELECT count(*) FROM timeline_event e WHERE e.invoice_id = i.id AND e.event_type = 'invoice_overdue') AS events
       FROM invoice i WHERE i.org_id = $1`,
      [orgId],
    );
    expect(quotes).toHaveLength(DUE_ROWS);
    expect(invoices).toHaveLength(DUE_ROWS);
    expect(quotes.filter((q) => q.status !== 'expired' || q.events !== 1)).toEqual([]);
    expect(invoices.filter((i) => i.status !== 'overdue' || i.events !== 1)).toEqual([]);
  }, 90_000);
});
