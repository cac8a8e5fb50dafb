// Quotes and agreements at scale (issue 12): an organization with 2,000 companies, 20,000 quotes
// (three lines each) and 10,000 agreements; the quotes list and the agreements list through the
// real app (session, permission, row-level security, JSON), p50 and p99 over 300 requests each;
// and the quote PDF, rendered alone and through its route.
// Targets: quotes list p99 < 30 ms with 20,000 quotes, agreements list p99 < 30 ms with 10,000,
// on PostgreSQL; quote PDF p50 < 50 ms.
//
//   npx tsx bench/sales.bench.ts                  both databases
//   npx tsx bench/sales.bench.ts --only=postgres  (or --only=pglite)
//   BENCH_DATABASE_URL / TEST_DATABASE_URL select the PostgreSQL server (default
//   postgres://postgres@127.0.0.1:5432/test); the bench creates and drops its own database.
import { z } from 'zod';
import { shutdown } from '../apps/server/src/boot';
import { rows, sql } from '../apps/server/src/db/client';
import { withPlatform } from '../apps/server/src/db/tenant';
import type { TDeps } from '../apps/server/src/deps';
import { loadPdfKit } from '../apps/server/src/documents/pdf-layout';
import { renderQuote, type TQuoteDocumentData } from '../apps/server/src/documents/quote';
import {
  bootBench,
  makePremium,
  openBenchDatabase,
  percentile,
  seedCompanies,
  signUpWithOrg,
  type TApp,
  type TKind,
} from './harness';

const COMPANIES = 2_000;
const QUOTES = 20_000;
const AGREEMENTS = 10_000;
const WARMUP = 20;
const RUNS = 300;
const PDF_RUNS = 30;
const ORIGIN = 'http://localhost:3993';
const TARGET_LIST_P99 = 30;
const TARGET_PDF_P50 = 50;

const argOnly = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;
function print(text: string): void {
  process.stdout.write(`${text}\n`);
}

/** 20,000 quotes over the companies (statuses spread like a real club's years) with three lines each. */
async function seedQuotes(deps: TDeps, orgId: string): Promise<void> {
  const chunk = 5_000;
  for (let from = 1; from <= QUOTES; from += chunk) {
    const to = Math.min(QUOTES, from + chunk - 1);
    await withPlatform(deps.db, deps.log, 'bench seed quotes', async (tx) => {
      await tx.execute(sql`
        WITH companies AS (
          SELECT id, row_number() OVER (ORDER BY id) AS n FROM company WHERE org_id = ${orgId}
        ),
        inserted AS (
          INSERT INTO quote (org_id, company_id, status, total_cents, renewal_cents, created_at, sent_at, expires_at)
          SELECT ${orgId}::uuid, c.id,
            (ARRAY['draft','sent','sent','accepted','contracted','rejected','expired','archived'])[1 + i % 8],
            150000, 125000,
            now() - i * interval '17 minutes',
            CASE WHEN i % 8 > 0 THEN now() - i * interval '17 minutes' END,
            CASE WHEN i % 8 > 0 THEN now() - i * interval '17 minutes' + interval '30 days' END
          FROM generate_series(${from}::int, ${to}::int) AS i
          JOIN companies c ON c.n = 1 + i % ${COMPANIES}
          RETURNING id, org_id
        )
        INSERT INTO quote_line (org_id, quote_id, item_name, qty, unit_price_cents, is_setup_fee, position)
        SELECT org_id, id, l.name, 1, l.cents, l.fee, l.pos FROM inserted,
          (VALUES ('Outfield Banner', 50000, false, 0), ('Outfield Banner', 25000, true, 1),
                  ('Game Program Ad', 75000, false, 2)) AS l(name, cents, fee, pos)`);
    });
  }
}

/** 10,000 agreements: most active, some expiring, expired and deleted. */
async function seedAgreements(deps: TDeps, orgId: string): Promise<void> {
  await withPlatform(deps.db, deps.log, 'bench seed agreements', async (tx) => {
    await tx.execute(sql`
      WITH companies AS (
        SELECT id, name, row_number() OVER (ORDER BY id) AS n FROM company WHERE org_id = ${orgId}
      ),
      inserted AS (
        INSERT INTO contract (org_id, company_id, status, season_label, start_date, end_date, term_months,
                              total_value_cents, calculated_total_value_cents, clauses, created_at, deleted_at)
        SELECT ${orgId}::uuid, c.id,
          CASE WHEN i % 10 = 0 THEN 'expired' WHEN i % 25 = 0 THEN 'cancelled' ELSE 'active' END,
          '2025',
          current_date - (i % 700) * interval '1 day',
          current_date - (i % 700) * interval '1 day' + interval '12 months',
          12, 100000 + (i % 50) * 1000, 100000 + (i % 50) * 1000, ARRAY['Net 30'],
          now() - i * interval '29 minutes',
          CASE WHEN i % 40 = 0 THEN now() END
        FROM generate_series(1, ${AGREEMENTS}::int) AS i
        JOIN companies c ON c.n = 1 + i % ${COMPANIES}
        RETURNING id, org_id
      )
      INSERT INTO contract_line (org_id, contract_id, item_name, qty, unit_price_cents, setup_fee_cents, position)
      SELECT org_id, id, 'Outfield Banner', 2, 50000, 7500, 0 FROM inserted`);
  });
  await deps.database.withSession(async (s) => {
    for (const t of ['company', 'quote', 'quote_line', 'quote_document', 'contract', 'contract_line']) {
      await s.exec(`VACUUM ANALYZE ${t}`);
    }
  });
}

/** A quote of `n` items, every other one with its setup-fee line, as the send route renders it. */
function sampleQuote(n: number): TQuoteDocumentData {
  const lines: TQuoteDocumentData['lines'] = [];
  for (let i = 1; i <= n; i++) {
    lines.push({
      itemName: `Outfield Banner ${i}`,
      qty: 1 + (i % 3),
      unitPriceCents: 50_000 + i * 2_500,
      isSetupFee: false,
    });
    if (i % 2 === 1)
      lines.push({
        itemName: `Outfield Banner ${i} setup fee`,
        qty: 1 + (i % 3),
        unitPriceCents: 7_500,
        isSetupFee: true,
      });
  }
  const yearOneCents = lines.reduce((s, l) => s + l.qty * l.unitPriceCents, 0);
  const renewalCents = lines.reduce((s, l) => (l.isSetupFee ? s : s + l.qty * l.unitPriceCents), 0);
  const sentAt = new Date('2026-03-02T15:00:00Z');
  return {
    organization: {
      name: 'Riverside Eagles Booster Club',
      remitToAddress: 'Riverside Eagles Booster Club, PO Box 118, Riverside, OR 97001',
      business: { street: '400 Eagle Way', city: 'Riverside', state: 'OR', zip: '97001' },
    },
    sender: { name: 'Jordan Rivera', email: 'lead@riverside-eagles.example' },
    company: { name: 'Summit Auto Group' },
    contact: { name: 'Dana Miller', email: 'dana@summit.example' },
    quote: {
      number: 'Quote #3F2A9C',
      createdAt: sentAt,
      sentAt,
      validUntil: new Date('2026-04-01T15:00:00Z'),
      notes: 'Banners go up before the home opener.',
    },
    lines,
    yearOneCents,
    renewalCents,
    generatedAt: sentAt,
    timeZone: 'America/Los_Angeles',
  };
}

const ZList = z.object({ total: z.number(), counts: z.record(z.string(), z.number()) });

async function timeList(app: TApp, cookie: string, path: string) {
  const once = async () => {
    const started = performance.now();
    const res = await app.request(`${ORIGIN}${path}`, { headers: { cookie } });
    const text = await res.text();
    const took = performance.now() - started;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
    return { took, total: ZList.parse(JSON.parse(text)).total };
  };
  for (let i = 0; i < WARMUP; i++) await once();
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < RUNS; i++) {
    const r = await once();
    times.push(r.took);
    total = r.total;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), total };
}

async function timePdf(run: () => Promise<unknown>, runs = PDF_RUNS) {
  for (let i = 0; i < 3; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

const QUOTE_PATHS: [string, string][] = [
  ['quotes, Active tab (default)', '/api/quotes'],
  ['quotes, All tab', '/api/quotes?tab=all'],
  ['quotes, Accepted tab, page 3', '/api/quotes?tab=accepted&page=3'],
  ['quotes, status sent', '/api/quotes?tab=all&status=sent'],
  ['quotes, search company', '/api/quotes?tab=all&q=Summit'],
];
const AGREEMENT_PATHS: [string, string][] = [
  ['agreements, All tab (default)', '/api/agreements'],
  ['agreements, Expiring tab', '/api/agreements?tab=expiring'],
  ['agreements, sort by value', '/api/agreements?sort=value&order=desc'],
  ['agreements, sort by company', '/api/agreements?sort=company&order=asc'],
  ['agreements, search company', '/api/agreements?q=Summit'],
  ['agreements, Deleted tab', '/api/agreements?tab=deleted'],
];

async function runFor(kind: TKind): Promise<boolean> {
  print(`\n== ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} ==`);
  const opened = await openBenchDatabase(kind, kind === 'postgres' ? adminUrl : null);
  const { deps, app } = await bootBench(opened, ORIGIN, 'inline');
  let met = true;
  try {
    const { cookie, orgId } = await signUpWithOrg(app, ORIGIN, `sales-${kind}`);
    await makePremium(deps, orgId);
    const seedStarted = performance.now();
    await seedCompanies(deps, orgId, { count: COMPANIES });
    await seedQuotes(deps, orgId);
    await seedAgreements(deps, orgId);
    print(
      `seeded ${COMPANIES} companies, ${QUOTES} quotes (${QUOTES * 3} lines), ${AGREEMENTS} agreements in ${ms(performance.now() - seedStarted)}`,
    );
    print(`list requests: ${WARMUP} warm-up + ${RUNS} measured each, one client`);
    for (const [label, path] of [...QUOTE_PATHS, ...AGREEMENT_PATHS]) {
      const f = await timeList(app, cookie, path);
      const ok = f.p99 < TARGET_LIST_P99;
      if (kind === 'postgres') met &&= ok;
      print(
        `  ${label.padEnd(34)} p50 ${ms(f.p50).padStart(9)}   p99 ${ms(f.p99).padStart(9)}   total ${String(f.total).padStart(6)}` +
          (kind === 'postgres' ? `   (target p99 < ${TARGET_LIST_P99} ms: ${ok ? 'met' : 'MISSED'})` : ''),
      );
    }

    // The quote PDF through its route: a fresh quote each time, so each request renders and stores.
    const quoteIds = (
      await withPlatform(deps.db, deps.log, 'bench quote ids', (tx) =>
        rows(
          tx,
          z.object({ id: z.string() }),
          sql`SELECT id FROM quote WHERE org_id = ${orgId} ORDER BY created_at DESC LIMIT 40`,
        ),
      )
    ).map((r) => r.id);
    let next = 0;
    const route = await timePdf(async () => {
      const id = quoteIds[next++ % quoteIds.length];
      await withPlatform(deps.db, deps.log, 'bench forget pdf', (tx) =>
        tx.execute(sql`DELETE FROM quote_document WHERE quote_id = ${id}`),
      );
      const res = await app.request(`${ORIGIN}/api/quotes/${id}/pdf`, {
        method: 'POST',
        headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
        body: '{}',
      });
      if (res.status !== 200) throw new Error(`quote pdf: ${res.status} ${await res.text()}`);
    });
    print(
      `  ${'quote PDF route (render + store)'.padEnd(34)} p50 ${ms(route.p50).padStart(9)}   p95 ${ms(route.p95).padStart(9)}`,
    );
  } finally {
    await shutdown(deps);
    await opened.drop();
  }
  return met;
}

async function main(): Promise<void> {
  print('Quote PDF renderer (pdfkit), a quote of 6 lines with setup fees:');
  await loadPdfKit();
  const data = sampleQuote(6);
  const render = await timePdf(() => renderQuote(data));
  const pdfOk = render.p50 < TARGET_PDF_P50;
  print(
    `  ${'quote PDF render'.padEnd(34)} p50 ${ms(render.p50).padStart(9)}   p95 ${ms(render.p95).padStart(9)}   (target p50 < ${TARGET_PDF_P50} ms: ${pdfOk ? 'met' : 'MISSED'})`,
  );
  let met = pdfOk;
  const kinds: TKind[] = argOnly ? [argOnly === 'pglite' ? 'pglite' : 'postgres'] : ['postgres', 'pglite'];
  for (const kind of kinds) met = (await runFor(kind)) && met;
  print(met ? '\nAll targets met.' : '\nSome targets MISSED.');
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
