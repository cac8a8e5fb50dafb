import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { freshDatabase } from '../test/databases';
import {
  blastStatus,
  campaignWithContacts,
  companiesCsv,
  importState,
  launch,
  priceList,
  prospect,
  queueBlast,
  queuedRecipients,
  recipientMail,
  startImport,
  undelivered,
  uploadAndReview,
} from '../test/node-work';
import {
  Browser,
  cleanUp,
  killHard,
  outboxByAddress,
  ownerOnNode,
  premiumByWebhook,
  startNode,
  type TNode,
  type TTestDb,
  tempDir,
  testDb,
  until,
} from '../test/nodes';

/*
 * Crash safety (DESIGN §5): an app node killed with SIGKILL in the middle of its work — a
 * 500-recipient campaign launch sending, a prospect blast sending and a large company import
 * running, all at once — and a node started again on the same database (and data directory).
 * Afterwards, as a caller would notice: every recipient has exactly one e-mail, none lost and none
 * twice; the blast completes; the import committed whole batches only, and the counts it reports
 * are the rows in the table.
 *
 * CRASH_IMPORT_ROWS sets the import's size (default 100,000, the largest file the import takes);
 * CRASH_RECIPIENTS the campaign's (default 500).
 */

const RECIPIENTS = Number(process.env.CRASH_RECIPIENTS ?? 500);
const IMPORT_ROWS = Number(process.env.CRASH_IMPORT_ROWS ?? 100_000);
/** Sent one a second (BLAST_SEND_CADENCE_SECONDS=1): the blast is under way whenever the node dies. */
const BLAST_RECIPIENTS = 60;
/** Rows per batch of an import on PostgreSQL (IMPORT_BATCH_SIZE.postgres). */
const BATCH = 2_000;
const say = (line: string) => process.stdout.write(`crash-safety: ${line}\n`);

const ZImportRow = z.object({
  status: z.string(),
  rows_done: z.number(),
  imported: z.number(),
  skipped: z.number(),
  failed: z.number(),
  total_rows: z.number().nullable(),
});

describe.runIf(process.env.TEST_DATABASE_URL)('a node killed in the middle of its work [PostgreSQL]', () => {
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
  }, 60_000);

  afterAll(async () => {
    await cleanUp();
    await db?.close();
    await drop();
  }, 30_000);

  it('loses nothing and does nothing twice: campaign, blast and import finish once on the next node', async () => {
    const dataDir = tempDir('pennant-crash-');
    // The campaign's e-mails all due at once (its pace is the worker's), the blast's a second apart.
    const env = { CAMPAIGN_SEND_CADENCE_SECONDS: '0', BLAST_SEND_CADENCE_SECONDS: '1' };
    const setupStarted = Date.now();
    const first: TNode = await startNode('A', url, env, dataDir);
    const browser = new Browser();
    const { orgId } = await ownerOnNode(browser, first, `crash.${randomUUID().slice(0, 8)}@club.test`, 'Crash Club');
    await premiumByWebhook(db, [first], orgId);

    const contacts = Array.from({ length: RECIPIENTS }, (_, i) => ({
      name: `Donor ${i + 1}`,
      email: `donor${i + 1}@crash.test`,
    }));
    const campaignId = await campaignWithContacts(browser, first, contacts);
    const listId = await priceList(browser, first);
    const prospects: string[] = [];
    for (let i = 1; i <= BLAST_RECIPIENTS; i += 1) {
      prospects.push(await prospect(browser, first, `Sponsor ${i}`, `sponsor${i}@crash.test`));
    }
    const importId = await uploadAndReview(browser, first, companiesCsv(IMPORT_ROWS, 'Bulk'), 'bulk.csv');
    const before = await db.count('SELECT count(*) AS n FROM company WHERE org_id = $1', [orgId]);

    const importRow = async () =>
      (
        await db.rows(
          ZImportRow,
          'SELECT status, rows_done, imported, skipped, failed, total_rows FROM company_import WHERE id = $1',
          [importId],
        )
      )[0];
    const sentOf = (batch: string) =>
      db.count(`SELECT count(*) AS n FROM email_campaign_recipient WHERE email_campaign_id = $1 AND status = 'sent'`, [
        batch,
      ]);

    say(`node, organization, campaign, prospects and the reviewed upload ready in ${Date.now() - setupStarted} ms`);

    // All three on node A: the campaign and the blast sending, then the import running too.
    const launchedAt = Date.now();
    const launched = await launch(browser, first, campaignId);
    expect(launched.queued).toBe(RECIPIENTS);
    const blastId = await queueBlast(browser, first, listId, prospects, true);
    await until(
      async () => (await sentOf(launched.emailCampaignId)) >= RECIPIENTS / 5 && (await sentOf(blastId)) > 0,
      'a fifth of the campaign and the blast’s first e-mail',
      60_000,
      25,
    );
    await startImport(browser, first, importId);
    await until(
      async () => ((await importRow())?.rows_done ?? 0) >= 2 * BATCH,
      'the import to commit two batches',
      60_000,
      25,
    );
    await killHard(first);
    const atKill = {
      campaign: await sentOf(launched.emailCampaignId),
      blast: await sentOf(blastId),
      import: await importRow(),
      // Messages the kill caught in the middle of their send: the mailer may have them already.
      midSend: await db.count(`SELECT count(*) AS n FROM email_message WHERE status = 'sending'`),
    };
    say(
      `killed ${Date.now() - launchedAt} ms after the launch, with ${atKill.campaign}/${RECIPIENTS} campaign and ${atKill.blast}/${BLAST_RECIPIENTS} blast e-mails ` +
        `recorded, ${atKill.midSend} in the middle of its send, the import at ${atKill.import?.rows_done}/${IMPORT_ROWS} rows`,
    );
    expect(atKill.campaign).toBeLessThan(RECIPIENTS);
    expect(atKill.blast).toBeLessThan(BLAST_RECIPIENTS);
    expect(atKill.import?.status).toBe('running');
    expect(atKill.import?.rows_done ?? IMPORT_ROWS).toBeLessThan(IMPORT_ROWS);
    // Whole batches only: the progress and its rows were committed together.
    const rowsAtKill = atKill.import?.rows_done ?? 0;
    expect(rowsAtKill % BATCH).toBe(0);
    expect(await db.count('SELECT count(*) AS n FROM company WHERE org_id = $1', [orgId])).toBe(
      before + (atKill.import?.imported ?? -1),
    );
    expect(atKill.import?.imported).toBe(rowsAtKill);

    // The next node, on the same database and data directory.
    const restarted = Date.now();
    const second = await startNode('A2', url, env, dataDir);
    let importNow = '';
    await until(
      async () => {
        const row = await importRow();
        importNow = JSON.stringify(row);
        return row?.status === 'done';
      },
      () => `the import to finish (${importNow})`,
      150_000,
      250,
    );
    const importDone = Date.now() - restarted;
    for (const batch of [launched.emailCampaignId, blastId]) {
      let left = '';
      await until(
        async () => {
          const queued = await queuedRecipients(db, batch);
          const sending = await undelivered(db, batch);
          left = `${queued} queued, ${sending} recorded but not delivered`;
          return queued === 0 && sending === 0;
        },
        () => `every e-mail of ${batch} to be delivered (${left})`,
        150_000,
        250,
      );
    }
    say(`everything finished ${Date.now() - restarted} ms after the restart (the import after ${importDone} ms)`);

    // Each recipient: one e-mail, recorded once and delivered once.
    for (const [batch, size] of [
      [launched.emailCampaignId, RECIPIENTS],
      [blastId, BLAST_RECIPIENTS],
    ] as const) {
      const mail = await recipientMail(db, batch);
      expect(mail).toHaveLength(size);
      const wrong = mail.filter((r) => r.status !== 'sent' || r.messages !== 1 || r.delivered !== 1);
      expect(wrong).toEqual([]);
    }
    // Delivered: every address at least once, and twice at most a message the kill cut mid-send
    // (the mailer may have taken it before the node died: at least once, never lost).
    const delivered = outboxByAddress([dataDir]);
    const addresses = [
      ...contacts.map((c) => c.email),
      ...Array.from({ length: BLAST_RECIPIENTS }, (_, i) => `sponsor${i + 1}@crash.test`),
    ];
    expect(addresses.filter((address) => (delivered.get(address) ?? 0) < 1)).toEqual([]);
    const again = addresses.filter((address) => (delivered.get(address) ?? 0) > 1);
    expect(again.length).toBeLessThanOrEqual(atKill.midSend);
    expect(addresses.filter((address) => (delivered.get(address) ?? 0) > 2)).toEqual([]);
    say(`${again.length} message(s) delivered a second time after the kill cut their send`);
    const blast = await blastStatus(browser, second, blastId);
    expect(blast).toMatchObject({ status: 'completed', total: BLAST_RECIPIENTS, sent: BLAST_RECIPIENTS, failed: 0 });
    // Both batches marked completed by their last e-mail's job, as without a crash.
    const batches = await db.rows(
      z.object({ status: z.string() }),
      'SELECT status FROM email_campaign WHERE id = ANY($1)',
      [[launched.emailCampaignId, blastId]],
    );
    expect(batches).toEqual([{ status: 'completed' }, { status: 'completed' }]);

    // The import: every row once, and the counts it reports are the rows in the table.
    const state = await importState(browser, second, importId);
    expect(state).toMatchObject({
      status: 'done',
      totalRows: IMPORT_ROWS,
      rowsDone: IMPORT_ROWS,
      imported: IMPORT_ROWS,
    });
    expect(state.skipped + state.failed).toBe(0);
    expect(await db.count('SELECT count(*) AS n FROM company WHERE org_id = $1', [orgId])).toBe(before + IMPORT_ROWS);
    expect(
      await db.count(`SELECT count(DISTINCT name) AS n FROM company WHERE org_id = $1 AND name LIKE 'Bulk Company %'`, [
        orgId,
      ]),
    ).toBe(IMPORT_ROWS);
    expect(
      await db.count(
        `SELECT count(*) AS n FROM company_contact cc JOIN company c ON c.id = cc.company_id
         WHERE c.org_id = $1 AND c.name LIKE 'Bulk Company %'`,
        [orgId],
      ),
    ).toBe(IMPORT_ROWS);
  }, 300_000);
});
