import { randomBytes } from 'node:crypto';
import { CSV_PARSE_OPTIONS, readImportTable } from '@pennant/shared/companies/import-mapping';
import { Hono } from 'hono';
import Papa from 'papaparse';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from '../../app';
import { column, rows, sql } from '../../db/client';
import { withPlatform } from '../../db/tenant';
import type { TDeps } from '../../deps';
import type { TAppEnv } from '../../http/env';
import { handleError } from '../../http/errors';
import type { TQueue } from '../../jobs/queue';
import { TestClient } from '../../test/client';
import { ownerWithOrg } from '../../test/fixtures';
import { forEachDatabase, type TTestEnv } from '../../test/harness';
import { mountDevPlan } from '../dev/plan.routes';
import {
  addCompany,
  makePremium,
  premiumOwner,
  readFixture,
  readOnlyMember,
  runImportFlow,
  type TDuplicatesReply,
  type TImportStateReply,
  twoSheetWorkbook,
  uploadFile,
} from './fixtures/company-fixtures';
import { runImport, sweepImports } from './import.service';
import { detectFileKind, readImportRows, zipDeclaredSize } from './import-file';

const CSV_MAPPING = {
  'Company Name': 'name',
  'Contact Name': 'contact_name',
  Email: 'contact_email',
  Phone: 'contact_phone',
  Website: 'website',
  Industry: 'industry',
  Notes: 'notes',
};

const SHEET_MAPPING = {
  Business: 'name',
  Contact: 'contact_name',
  'E-mail': 'contact_email',
  Telephone: 'contact_phone',
  URL: 'website',
  Sector: 'industry',
  Comments: 'notes',
};

const ROW_LIMIT_MESSAGE =
  'The file has more than 100,000 rows. Split it into smaller files and import them one at a time.';

async function orgCompanies(env: TTestEnv, orgId: string) {
  return withPlatform(env.deps.db, env.deps.log, 'test read', (tx) =>
    rows(
      tx,
      z.object({
        name: z.string(),
        status: z.string(),
        country: z.string().nullable(),
        website: z.string().nullable(),
        industry: z.string().nullable(),
        notes: z.string().nullable(),
        contact_name: z.string().nullable(),
        contact_email: z.string().nullable(),
        contact_phone: z.string().nullable(),
        is_primary: z.boolean().nullable(),
        role: z.string().nullable(),
      }),
      sql`SELECT c.name, c.status, c.country, c.website, c.industry, c.notes, cc.name AS contact_name,
                 cc.email AS contact_email, cc.phone AS contact_phone, cc.is_primary, cc.role
          FROM company c LEFT JOIN company_contact cc ON cc.company_id = c.id
          WHERE c.org_id = ${orgId} ORDER BY c.name`,
    ),
  );
}

async function countOf(env: TTestEnv, orgId: string) {
  const [found] = await withPlatform(env.deps.db, env.deps.log, 'test read', (tx) =>
    rows(
      tx,
      z.object({ companies: column.count, contacts: column.count, names: column.count }),
      sql`SELECT (SELECT count(*) FROM company WHERE org_id = ${orgId})::int AS companies,
                 (SELECT count(*) FROM company_contact WHERE org_id = ${orgId})::int AS contacts,
                 (SELECT count(DISTINCT name) FROM company WHERE org_id = ${orgId})::int AS names`,
    ),
  );
  if (!found) throw new Error('no counts');
  return found;
}

/** Sets the declared uncompressed size of the zip's first central directory entry. */
function inflateDeclaredSize(zip: Buffer, size: number): Buffer {
  const out = Buffer.from(zip);
  const eocd = out.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const cd = out.readUInt32LE(eocd + 16);
  out.writeUInt32LE(size, cd + 24);
  return out;
}

/** A CSV of n companies 'Co 1'…'Co n' with an e-mail each; `cell(i)` can replace row i's name. */
function companiesCsv(n: number, name: (i: number) => string = (i) => `Co ${i}`): string {
  const lines = ['Company,Email,Website'];
  for (let i = 1; i <= n; i++) lines.push(`${name(i)},contact${i}@example.com,co${i}.example`);
  return `${lines.join('\n')}\n`;
}

/** A queue that only records what was sent: the test runs the job itself, when it likes. */
function capturingQueue(): TQueue & { sent: Record<string, unknown>[] } {
  const sent: Record<string, unknown>[] = [];
  return {
    sent,
    async send(_name, data) {
      sent.push(data);
    },
    async sendMany(_name, jobs) {
      for (const job of jobs) sent.push(job.data);
    },
    async start() {},
    async stop() {},
  };
}

/** A log that keeps its warnings, to see which batches the database refused. */
function warningLog() {
  const warnings: string[] = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) });
  return { log, warnings };
}

/** The same app and database, but starting an import only enqueues it. */
function clientWithCapturingQueue(env: TTestEnv, like: TestClient) {
  const queue = capturingQueue();
  const deps: TDeps = { ...env.deps, queue };
  const client = new TestClient(createApp(deps));
  for (const [k, v] of like.cookies) client.cookies.set(k, v);
  return { client, queue };
}

describe('import file checks', () => {
  it('knows files by their first bytes; text may hold the odd NUL, UTF-16 and binaries are refused', () => {
    expect(detectFileKind(twoSheetWorkbook())).toBe('xlsx');
    expect(detectFileKind(twoSheetWorkbook('biff8'))).toBe('xls');
    expect(detectFileKind(Buffer.from('Company\nAcme\n'))).toBe('csv');
    expect(detectFileKind(Buffer.from(`${companiesCsv(20)}Bad\u0000Co,x@example.com,\n`))).toBe('csv');
    expect(detectFileKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
    expect(detectFileKind(Buffer.from([0x43, 0x00, 0x6f]))).toBeNull();
    expect(detectFileKind(Buffer.from('Company\nAcme\n', 'utf16le'))).toBeNull();
    expect(detectFileKind(Buffer.from([0xc3, 0x28]))).toBeNull();
  });

  it('reads a large CSV in pieces exactly as the browser reads it whole', async () => {
    const lines = ['Company;Notes;Website'];
    for (let i = 1; i <= 30_000; i++) {
      lines.push(
        i % 997 === 0 ? `"Multi; line ${i}";"first line\r\nsecond ""quoted"" line";site${i}.example` : `Co ${i};;`,
      );
      if (i % 5000 === 0) lines.push('', ';;');
    }
    const csv = `\uFEFF${lines.join('\r\n')}\r\n`;
    const whole = readImportTable(Papa.parse<unknown[]>(csv.slice(1), { ...CSV_PARSE_OPTIONS }).data);
    if (!whole.ok) throw new Error(whole.message);
    const streamed = [];
    for (const row of readImportRows(Buffer.from(csv), 'csv', null)) streamed.push(row);
    expect(streamed).toEqual(whole.table.rows);
    expect(streamed.find((r) => r.values.Company === 'Multi; line 997')?.values.Notes).toBe(
      'first line\r\nsecond "quoted" line',
    );
  });

  it('reads the declared unpacked size from the central directory', () => {
    const book = twoSheetWorkbook();
    expect(zipDeclaredSize(book)).toBeGreaterThan(10_000);
    expect(zipDeclaredSize(inflateDeclaredSize(book, 0xfffffff0))).toBeGreaterThan(4_000_000_000);
    expect(() => zipDeclaredSize(Buffer.from('PK\u0003\u0004 not really a zip'))).toThrow();
  });
});

forEachDatabase('company import', (env) => {
  it('imports the CSV in the background: rows without a name and blank rows dropped, contacts when given', async () => {
    const client = env().client();
    const { orgId } = await premiumOwner(env(), client);
    const upload = await uploadFile(env(), client, 'companies.csv', readFixture('companies.csv'));
    expect(upload.status).toBe(201);
    expect(upload.body).toMatchObject({ fileName: 'companies.csv', fileKind: 'csv', sheets: [], status: 'uploaded' });

    const { id, review, state } = await runImportFlow(env(), client, {
      fileName: 'companies.csv',
      content: readFixture('companies.csv'),
      mapping: CSV_MAPPING,
    });
    expect(review).toEqual({ totalRows: 6, records: 5, duplicateRows: [], duplicates: [] });
    expect(state).toMatchObject({ id, status: 'done', totalRows: 6, rowsDone: 6, imported: 5, skipped: 0, failed: 0 });
    const polled = await client.get<TImportStateReply>(`/api/companies/imports/${id}`);
    expect(polled.body).toMatchObject({ status: 'done', imported: 5, failures: [] });

    const saved = await orgCompanies(env(), orgId);
    expect(saved.map((c) => c.name)).toEqual([
      'Copper Kettle Cafe',
      'Lakeside Lumber',
      'Northside Pediatrics',
      'Pioneer Credit Union',
      'Ridge Runner Outfitters',
    ]);
    expect(saved.every((c) => c.status === 'prospect' && c.country === 'US')).toBe(true);
    expect(saved.find((c) => c.name === 'Lakeside Lumber')).toMatchObject({
      website: 'https://lakesidelumber.example',
      industry: 'Retail',
      notes: 'Met at the spring fair',
      contact_name: 'Grace Hill',
      contact_email: 'grace@lakesidelumber.example',
      contact_phone: '(555) 301-2211',
      is_primary: true,
      role: 'primary',
    });
    expect(saved.find((c) => c.name === 'Copper Kettle Cafe')).toMatchObject({
      notes: 'Owner asked for a "family night" package',
      contact_name: null,
    });
    expect(saved.find((c) => c.name === 'Pioneer Credit Union')).toMatchObject({
      contact_name: 'Sam Patel',
      contact_email: null,
      contact_phone: '(555) 303-6677',
    });
    expect(saved.find((c) => c.name === 'Ridge Runner Outfitters')).toMatchObject({
      contact_name: 'Primary Contact',
      contact_email: 'info@ridgerunner.example',
    });
    // The stored file is gone once the import has finished.
    const files = await withPlatform(env().deps.db, env().deps.log, 'test read', (tx) =>
      rows(
        tx,
        z.object({ n: column.count }),
        sql`SELECT count(*)::int AS n FROM company_import_file WHERE import_id = ${id}`,
      ),
    );
    expect(files[0]?.n).toBe(0);
  });

  it('reviews duplicates on the server, skips them by default and imports the ones decided otherwise', async () => {
    const client = env().client();
    const { orgId } = await premiumOwner(env(), client);
    const lumber = await addCompany(client, { name: 'Lakeside Lumber', website: 'lakesidelumber.example' });
    await addCompany(client, { name: 'Pioneer Savings', website: 'http://pioneercu.example' });

    // The CSV's records: 0 Lakeside Lumber, 1 Northside, 2 Copper Kettle, 3 Pioneer, 4 Ridge Runner.
    const first = await runImportFlow(env(), client, {
      fileName: 'companies.csv',
      content: readFixture('companies.csv'),
      mapping: CSV_MAPPING,
    });
    expect(first.review.duplicateRows).toEqual([0, 3]);
    expect(first.review.duplicates).toEqual([
      {
        rowIndex: 0,
        rowNumber: 2,
        importRow: { name: 'Lakeside Lumber', website: 'https://lakesidelumber.example' },
        existingCompany: {
          id: lumber.id,
          name: 'Lakeside Lumber',
          website: 'lakesidelumber.example',
          status: 'prospect',
          createdAt: lumber.createdAt,
        },
        matchReason: 'Exact name match',
        action: 'skip',
      },
      expect.objectContaining({ rowIndex: 3, rowNumber: 7, matchReason: 'Website match', action: 'skip' }),
    ]);
    expect(first.state).toMatchObject({ status: 'done', imported: 3, skipped: 2, failed: 0 });

    const again = await runImportFlow(env(), client, {
      fileName: 'companies.csv',
      content: readFixture('companies.csv'),
      mapping: CSV_MAPPING,
      decisions: { overrides: { '0': 'create_new', '3': 'merge', '4': 'skip' } },
    });
    // Now every row is a duplicate: 0 and 3 are imported anyway, the rest skipped.
    expect(again.review.duplicateRows).toEqual([0, 1, 2, 3, 4]);
    expect(again.state).toMatchObject({ imported: 2, skipped: 3 });
    const all = await runImportFlow(env(), client, {
      fileName: 'companies.csv',
      content: readFixture('companies.csv'),
      mapping: CSV_MAPPING,
      decisions: { defaultAction: 'create_new', overrides: { '1': 'skip' } },
    });
    expect(all.state).toMatchObject({ imported: 4, skipped: 1 });
    const names = (await orgCompanies(env(), orgId)).map((c) => c.name);
    expect(names.filter((n) => n === 'Lakeside Lumber')).toHaveLength(3);
    expect(names.filter((n) => n === 'Northside Pediatrics')).toHaveLength(1);
  });

  it('checks more than 18,000 rows for duplicates on the server and applies one decision to all of them', async () => {
    const client = env().client();
    const { orgId } = await premiumOwner(env(), client);
    const csv = companiesCsv(20_000);
    const seeded = await runImportFlow(env(), client, {
      fileName: 'many.csv',
      content: csv,
      mapping: { Company: 'name' },
    });
    expect(seeded.state).toMatchObject({ status: 'done', imported: 20_000 });

    const { review, state } = await runImportFlow(env(), client, {
      fileName: 'many.csv',
      content: csv,
      mapping: { Company: 'name', Email: 'contact_email' },
      decisions: { defaultAction: 'skip', overrides: { '19999': 'create_new' } },
    });
    expect(review.totalRows).toBe(20_000);
    expect(review.duplicateRows).toHaveLength(20_000);
    expect(review.duplicates).toHaveLength(1000);
    expect(state).toMatchObject({ status: 'done', imported: 1, skipped: 19_999, failed: 0 });
    expect((await countOf(env(), orgId)).companies).toBe(20_001);
  }, 120_000);

  it('rejects a bad row on its own, with its row number and reason, and keeps its batch neighbours', async () => {
    const client = env().client();
    const { orgId } = await premiumOwner(env(), client);
    // 1,200 rows make three batches; the bad rows sit in the middle of the first two.
    const bad: Record<number, string> = {
      10: `${'N'.repeat(1024 * 1024)},big@example.com,big.example`,
      20: 'Nul\u0000Co,nul@example.com,nul.example',
      30: 'Script Co,script@example.com,javascript:alert(1)',
      40: 'Mail Co,not-an-email,mail.example',
      700: 'Notes Co,notes@example.com,notes.example',
    };
    const lines = ['Company,Email,Website,Notes'];
    for (let i = 1; i <= 1200; i++) {
      lines.push(
        i === 700
          ? `${bad[700]},note with a \u0000 NUL`
          : `${bad[i] ?? `Row Co ${i},c${i}@example.com,r${i}.example`},`,
      );
    }
    const { state } = await runImportFlow(env(), client, {
      fileName: 'rules.csv',
      content: lines.join('\n'),
      mapping: { Company: 'name', Email: 'contact_email', Website: 'website', Notes: 'notes' },
    });
    expect(state).toMatchObject({ status: 'done', imported: 1195, failed: 5, skipped: 0 });
    expect(state.failures).toEqual([
      { row: 11, reason: 'Company name cannot exceed 200 characters' },
      { row: 21, reason: 'Company Name: Text cannot contain NUL characters' },
      { row: 31, reason: 'Website: Please enter a valid website' },
      { row: 41, reason: 'Contact Email: Please enter a valid email address' },
      { row: 701, reason: 'Notes: Text cannot contain NUL characters' },
    ]);
    const counts = await countOf(env(), orgId);
    expect(counts).toEqual({ companies: 1195, contacts: 1195, names: 1195 });
    const neighbours = await withPlatform(env().deps.db, env().deps.log, 'test read', (tx) =>
      rows(
        tx,
        z.object({ n: column.count }),
        sql`SELECT count(*)::int AS n FROM company WHERE org_id = ${orgId}
            AND name IN ('Row Co 9', 'Row Co 11', 'Row Co 29', 'Row Co 31', 'Row Co 699', 'Row Co 701')`,
      ),
    );
    expect(neighbours[0]?.n).toBe(6);
  });

  it('reads the chosen sheet of a two-sheet workbook, .xlsx and .xls', async () => {
    const client = env().client();
    const { orgId } = await premiumOwner(env(), client);
    await runImportFlow(env(), client, {
      fileName: 'companies.csv',
      content: readFixture('companies.csv'),
      mapping: CSV_MAPPING,
    });
    const upload = await uploadFile(env(), client, 'companies.xlsx', readFixture('companies-two-sheets.xlsx'));
    expect(upload.body).toMatchObject({ fileKind: 'xlsx', sheets: ['Read Me', 'Companies'] });
    const reviewOf = (body: Record<string, unknown>) =>
      client.post<TDuplicatesReply>(`/api/companies/imports/${upload.body.id}/duplicates`, body);

    // The first sheet is read unless another is chosen; it has no such columns.
    expect((await reviewOf({ mapping: SHEET_MAPPING })).body).toMatchObject({
      error: { message: 'Column "Business" was not found in the file' },
    });
    expect((await reviewOf({ mapping: SHEET_MAPPING, sheet: 'Sheet9' })).body).toMatchObject({
      error: { message: 'Sheet "Sheet9" was not found in the workbook' },
    });
    const review = await reviewOf({ mapping: SHEET_MAPPING, sheet: 'Companies' });
    expect(review.body).toMatchObject({ totalRows: 5, records: 4, duplicateRows: [0, 1] });
    const started = await client.post<TImportStateReply>(`/api/companies/imports/${upload.body.id}/start`, {});
    expect(started.body).toMatchObject({ status: 'done', sheet: 'Companies', imported: 2, skipped: 2 });
    const saved = await orgCompanies(env(), orgId);
    expect(saved.find((c) => c.name === 'Harbor Lights Marina')).toMatchObject({
      industry: 'Marine',
      contact_name: 'Jo Banks',
      contact_phone: '(555) 304-8899',
    });

    const xls = await runImportFlow(env(), client, {
      fileName: 'companies.xls',
      content: twoSheetWorkbook('biff8'),
      mapping: SHEET_MAPPING,
      sheet: 'Companies',
      decisions: { overrides: { '2': 'create_new' } },
    });
    expect(xls.state).toMatchObject({ imported: 1, skipped: 3 });
  });

  it('refuses files that are not CSV or Excel, whatever their name says', async () => {
    const client = env().client();
    await premiumOwner(env(), client);
    const wrong = 'Please upload a CSV or Excel file (.csv, .xlsx, .xls)';
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    for (const [fileName, content] of [
      ['logo.csv', png],
      ['logo.xlsx', png],
      ['notes.txt', 'Company\nAcme\n'],
      ['utf16.csv', Buffer.from('Company\nAcme\n', 'utf16le')],
      // A text file renamed .xlsx is not a workbook either.
      ['renamed.xlsx', 'Company\nAcme\n'],
      ['renamed.xls', 'Company\nAcme\n'],
    ] as const) {
      const res = await uploadFile(env(), client, fileName, content);
      expect(res.status, fileName).toBe(400);
      expect(res.body).toMatchObject({ error: { message: wrong } });
    }
    const corrupt = await uploadFile(
      env(),
      client,
      'broken.xlsx',
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(200)]),
    );
    expect(corrupt.body).toMatchObject({ error: { message: 'The file appears to be empty or corrupted' } });
  });

  it('refuses files over 10MB or 100,000 rows, and workbooks that claim to unpack past 100MB', async () => {
    const client = env().client();
    await premiumOwner(env(), client);
    const line = 'Acme Widgets,widgets.example\n';
    const big = `Company,Website\n${line.repeat(Math.ceil((10 * 1024 * 1024) / line.length))}`;
    const over = await uploadFile(env(), client, 'big.csv', big);
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ error: { message: 'File size must be less than 10MB' } });

    // Tiny rows: well under 10MB, but 100,001 of them.
    const tooMany = await uploadFile(env(), client, 'rows.csv', `Company\n${'a\n'.repeat(100_001)}`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ error: { message: ROW_LIMIT_MESSAGE } });
    // Exactly 100,000 is allowed.
    const limit = await uploadFile(env(), client, 'rows.csv', `Company\n${'a\n'.repeat(100_000)}`);
    expect(limit.status).toBe(201);

    const bomb = inflateDeclaredSize(twoSheetWorkbook(), 150 * 1024 * 1024);
    const refused = await uploadFile(env(), client, 'bomb.xlsx', bomb);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: { message: 'The workbook is too large to import once unpacked (over 100MB)' },
    });
  });

  it('explains empty files and checks the mapping', async () => {
    const client = env().client();
    await premiumOwner(env(), client);
    const upload = async (content: string) => (await uploadFile(env(), client, 'a.csv', content)).body;
    expect(await upload('')).toMatchObject({ error: { message: 'The file appears to be empty or corrupted' } });
    expect(await upload('Company\n')).toMatchObject({
      error: { message: 'The file must contain at least a header row and one data row' },
    });
    expect(await upload('Company,Notes\n,\n\n')).toMatchObject({
      error: { message: 'No data rows found in the file' },
    });

    const { id } = await upload('Company,Notes\nAcme,x\n');
    const review = (mapping: unknown) => client.post(`/api/companies/imports/${id}/duplicates`, { mapping });
    expect((await review({ Notes: 'notes' })).body).toMatchObject({
      error: { message: 'Company Name must be mapped to a column' },
    });
    expect((await review({ Company: 'name', Notes: 'name' })).body).toMatchObject({
      error: { message: 'Each field can only be mapped to one column' },
    });
    expect((await review({ 'Bad\u0000Column': 'name' })).status).toBe(400);
    // Starting needs the review first.
    const unreviewed = await upload('Company\nAcme\n');
    const early = await client.post(`/api/companies/imports/${unreviewed.id}/start`, {});
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({
      error: { message: 'Check the file for duplicates before starting the import.' },
    });
    // Only names missing: nothing to import, nothing failed.
    const nameless = await runImportFlow(env(), client, {
      fileName: 'a.csv',
      content: 'Company,Notes\n,just a note\n',
      mapping: { Company: 'name' },
    });
    expect(nameless.state).toMatchObject({ status: 'done', imported: 0, failed: 0, skipped: 0 });
    // A started import cannot be started or reviewed again.
    const twice = await client.post(`/api/companies/imports/${nameless.id}/start`, {});
    expect(twice.status).toBe(409);
  });

  it('is a premium feature: a free organization gets 403 plan_limit, a read-only member 403', async () => {
    const client = env().client();
    const { orgId } = await ownerWithOrg(client);
    const message = 'Bulk import is a Premium feature. Upgrade to Premium to import companies from a file.';
    const upload = await uploadFile(env(), client, 'companies.csv', readFixture('companies.csv'));
    expect(upload.status).toBe(403);
    expect(upload.body).toEqual({ error: { code: 'plan_limit', message } });

    await makePremium(env(), orgId);
    const ok = await uploadFile(env(), client, 'companies.csv', readFixture('companies.csv'));
    expect(ok.status).toBe(201);
    const reader = await readOnlyMember(env(), orgId);
    const refused = await uploadFile(env(), reader, 'companies.csv', readFixture('companies.csv'));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'forbidden' } });

    // Back on the free plan, every import route refuses.
    await makePremium(env(), orgId, 'free');
    for (const res of [
      await client.get(`/api/companies/imports/${ok.body.id}`),
      await client.post(`/api/companies/imports/${ok.body.id}/duplicates`, { mapping: CSV_MAPPING }),
      await client.post(`/api/companies/imports/${ok.body.id}/start`, {}),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: { code: 'plan_limit', message } });
    }
  });

  it('keeps imports to their organization: another one gets 404 for every route', async () => {
    const client = env().client();
    await premiumOwner(env(), client);
    const mine = await uploadFile(env(), client, 'companies.csv', readFixture('companies.csv'));
    const other = env().client();
    await premiumOwner(env(), other);
    const id = mine.body.id;
    for (const res of [
      await other.get(`/api/companies/imports/${id}`),
      await other.post(`/api/companies/imports/${id}/duplicates`, { mapping: CSV_MAPPING }),
      await other.post(`/api/companies/imports/${id}/start`, {}),
      await other.get('/api/companies/imports/not-a-uuid'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: { code: 'not_found', message: 'Import not found' } });
    }
    expect((await client.get<TImportStateReply>(`/api/companies/imports/${id}`)).body.status).toBe('uploaded');
  });

  it('saves a batch the database refuses row by row: the refused row fails alone, its neighbours are kept', async () => {
    const client = env().client();
    const { orgId } = await premiumOwner(env(), client);
    const { client: queued } = clientWithCapturingQueue(env(), client);
    // Rows the form's rules accept but the database refuses are rare; a trigger stands in for one.
    await env().deps.database.withSession((s) =>
      s.exec(`
        CREATE FUNCTION test_refuse_company() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.name = 'Refused Co' THEN RAISE EXCEPTION 'refused'; END IF;
          RETURN NEW;
        END $$;
        CREATE TRIGGER test_refuse_company BEFORE INSERT ON company
          FOR EACH ROW EXECUTE FUNCTION test_refuse_company();`),
    );
    try {
      // 1,200 rows: one batch on PostgreSQL, three on PGlite; the refused row is in the second.
      const upload = await uploadFile(
        env(),
        queued,
        'refused.csv',
        companiesCsv(1200, (i) => (i === 600 ? 'Refused Co' : `Co ${i}`)),
      );
      await queued.post(`/api/companies/imports/${upload.body.id}/duplicates`, {
        mapping: { Company: 'name', Email: 'contact_email' },
      });
      await queued.post(`/api/companies/imports/${upload.body.id}/start`, {});
      const { log, warnings } = warningLog();
      await runImport({ ...env().deps, log }, upload.body.id);
      const done = await client.get<TImportStateReply>(`/api/companies/imports/${upload.body.id}`);
      expect(done.body).toMatchObject({
        status: 'done',
        imported: 1199,
        failed: 1,
        failures: [
          { row: 601, reason: 'This row could not be saved. Check it for unusual values and import it again.' },
        ],
      });
      expect(await countOf(env(), orgId)).toEqual({ companies: 1199, contacts: 1199, names: 1199 });
      // Only the batch with the refused row was saved row by row.
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('company import batch refused');
    } finally {
      await env().deps.database.withSession((s) =>
        s.exec('DROP TRIGGER test_refuse_company ON company; DROP FUNCTION test_refuse_company();'),
      );
    }
  });

  it('resumes a half-done import where it stopped and never inserts a batch twice', async () => {
    const client = env().client();
    const { orgId } = await premiumOwner(env(), client);
    const { client: queued, queue } = clientWithCapturingQueue(env(), client);
    const upload = await uploadFile(env(), queued, 'resume.csv', companiesCsv(2300));
    await queued.post(`/api/companies/imports/${upload.body.id}/duplicates`, {
      mapping: { Company: 'name', Email: 'contact_email' },
    });
    const started = await queued.post<TImportStateReply>(`/api/companies/imports/${upload.body.id}/start`, {});
    expect(started.body.status).toBe('queued');
    expect(queue.sent).toEqual([{ importId: upload.body.id }]);

    // The first run "crashes" after its second batch of 500 (set here: the default depends on the database).
    const batchSize = 500;
    await expect(
      runImport(env().deps, upload.body.id, {
        batchSize,
        afterBatch: (n) => {
          if (n === 2) throw new Error('worker lost');
        },
      }),
    ).rejects.toThrow('worker lost');
    const half = await client.get<TImportStateReply>(`/api/companies/imports/${upload.body.id}`);
    expect(half.body).toMatchObject({ status: 'running', rowsDone: 1000, imported: 1000, totalRows: 2300 });
    expect((await countOf(env(), orgId)).companies).toBe(1000);

    // The retry and a second, concurrent run: only one of them imports each batch.
    const { log, warnings } = warningLog();
    await Promise.all([
      runImport({ ...env().deps, log }, upload.body.id, { batchSize }),
      runImport({ ...env().deps, log }, upload.body.id, { batchSize }),
    ]);
    // Every batch went in set-based (none fell back to row by row).
    expect(warnings).toEqual([]);
    const done = await client.get<TImportStateReply>(`/api/companies/imports/${upload.body.id}`);
    expect(done.body).toMatchObject({ status: 'done', rowsDone: 2300, imported: 2300, failed: 0 });
    expect(await countOf(env(), orgId)).toEqual({ companies: 2300, contacts: 2300, names: 2300 });
    // A late duplicate delivery of the job changes nothing.
    await runImport(env().deps, upload.body.id);
    expect((await countOf(env(), orgId)).companies).toBe(2300);
  });

  it('expires uploads that were never started after a day, with their files', async () => {
    const client = env().client();
    await premiumOwner(env(), client);
    const upload = await uploadFile(env(), client, 'companies.csv', readFixture('companies.csv'));
    await sweepImports(env().deps, new Date(Date.now() + 25 * 60 * 60 * 1000));
    const state = await client.get<TImportStateReply>(`/api/companies/imports/${upload.body.id}`);
    expect(state.body.status).toBe('expired');
    const review = await client.post(`/api/companies/imports/${upload.body.id}/duplicates`, { mapping: CSV_MAPPING });
    expect(review.status).toBe(409);
    expect(review.body).toMatchObject({ error: { message: 'This upload has expired. Upload the file again.' } });
  });

  it('lets a local-mode developer route set the owner’s plan', async () => {
    const client = env().client();
    const { orgId } = await ownerWithOrg(client);
    const app = new Hono<TAppEnv>();
    app.onError(handleError);
    app.use('*', async (c, next) => {
      c.set('deps', env().deps);
      await next();
    });
    mountDevPlan(app);
    const dev = new TestClient(app);
    for (const [k, v] of client.cookies) dev.cookies.set(k, v);
    expect((await dev.post('/dev/api/plan', { planKey: 'gold' })).status).toBe(400);
    const set = await dev.post('/dev/api/plan', { planKey: 'premium_year' });
    expect(set.status).toBe(200);
    expect((await uploadFile(env(), client, 'companies.csv', readFixture('companies.csv'))).status).toBe(201);
    const plan = await withPlatform(env().deps.db, env().deps.log, 'test read', (tx) =>
      rows(
        tx,
        z.object({ plan_key: z.string(), subscription_status: z.string(), year_out: z.boolean() }),
        sql`SELECT plan_key, subscription_status, current_period_end > now() + interval '360 days' AS year_out
            FROM organization WHERE id = ${orgId}`,
      ),
    );
    expect(plan[0]).toEqual({ plan_key: 'premium_year', subscription_status: 'active', year_out: true });
    expect((await new TestClient(app).post('/dev/api/plan', { planKey: 'free' })).status).toBe(401);
  });
});

forEachDatabase(
  'company import on the real queue',
  (env) => {
    it('runs the import as a pg-boss job with progress, once, however often the job is delivered', async () => {
      const client = env().client();
      const { orgId } = await premiumOwner(env(), client);
      const { id, state } = await runImportFlow(env(), client, {
        fileName: 'queued.csv',
        content: companiesCsv(1500),
        mapping: { Company: 'name', Email: 'contact_email', Website: 'website' },
      });
      expect(['queued', 'running', 'done']).toContain(state.status);
      const until = Date.now() + 30_000;
      let now = state;
      while (now.status !== 'done' && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 200));
        now = (await client.get<TImportStateReply>(`/api/companies/imports/${id}`)).body;
      }
      expect(now).toMatchObject({ status: 'done', totalRows: 1500, rowsDone: 1500, imported: 1500 });
      await env().deps.queue.send('import-companies', { importId: id });
      await new Promise((r) => setTimeout(r, 2500));
      expect(await countOf(env(), orgId)).toEqual({ companies: 1500, contacts: 1500, names: 1500 });
    }, 60_000);
  },
  { queue: 'pg-boss' },
);
