import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rows, sql } from '../../db/client';
import { withPlatform } from '../../db/tenant';
import { ownerWithOrg } from '../../test/fixtures';
import { forEachDatabase, type TTestEnv } from '../../test/harness';
import { addCompany, readFixture, type TListReply, twoSheetWorkbook, uploadImport } from './fixtures/company-fixtures';
import { detectFileKind, zipDeclaredSize } from './import-file';

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

interface TImportReply {
  imported: number;
  failed: number;
  skipped: number;
  failedBatches: { fromRow: number; toRow: number; message: string }[];
}

async function orgCompanies(env: TTestEnv, orgId: string) {
  return withPlatform(env.deps.db, env.deps.log, 'test read', (tx) =>
    rows<{
      name: string;
      status: string;
      country: string | null;
      website: string | null;
      industry: string | null;
      notes: string | null;
      contact_name: string | null;
      contact_email: string | null;
      contact_phone: string | null;
      is_primary: boolean | null;
      role: string | null;
    }>(
      tx,
      sql`SELECT c.name, c.status, c.country, c.website, c.industry, c.notes, cc.name AS contact_name,
                 cc.email AS contact_email, cc.phone AS contact_phone, cc.is_primary, cc.role
          FROM company c LEFT JOIN company_contact cc ON cc.company_id = c.id
          WHERE c.org_id = ${orgId} ORDER BY c.name`,
    ),
  );
}

/** Sets the declared uncompressed size of the zip's first central directory entry. */
function inflateDeclaredSize(zip: Buffer, size: number): Buffer {
  const out = Buffer.from(zip);
  const eocd = out.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const cd = out.readUInt32LE(eocd + 16);
  out.writeUInt32LE(size, cd + 24);
  return out;
}

describe('import file checks', () => {
  it('knows files by their first bytes', () => {
    expect(detectFileKind(twoSheetWorkbook())).toBe('xlsx');
    expect(detectFileKind(twoSheetWorkbook('biff8'))).toBe('xls');
    expect(detectFileKind(Buffer.from('Company\nAcme\n'))).toBe('csv');
    expect(detectFileKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
    expect(detectFileKind(Buffer.from([0x43, 0x00, 0x6f]))).toBeNull();
    expect(detectFileKind(Buffer.from([0xc3, 0x28]))).toBeNull();
  });

  it('reads the declared unpacked size from the central directory', () => {
    const book = twoSheetWorkbook();
    expect(zipDeclaredSize(book)).toBeGreaterThan(10_000);
    expect(zipDeclaredSize(inflateDeclaredSize(book, 0xfffffff0))).toBeGreaterThan(4_000_000_000);
    expect(() => zipDeclaredSize(Buffer.from('PK\u0003\u0004 not really a zip'))).toThrow();
  });
});

forEachDatabase('company import', (env) => {
  it('imports the CSV: rows without a name and blank rows dropped, contacts when a name or email is given', async () => {
    const client = env().client();
    const { orgId } = await ownerWithOrg(client);
    const res = await uploadImport<TImportReply>(env(), client, {
      fileName: 'companies.csv',
      content: readFixture('companies.csv'),
      mapping: CSV_MAPPING,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ imported: 5, failed: 0, skipped: 0, failedBatches: [] });
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
    const list = await client.get<TListReply>('/api/companies');
    expect(list.body.counts).toEqual({ all: 5, pipeline: 5, sponsors: 0, former: 0 });
  });

  it('reviews duplicates, skips them by default and imports them on create_new or merge', async () => {
    const client = env().client();
    const { orgId } = await ownerWithOrg(client);
    const lumber = await addCompany(client, { name: 'Lakeside Lumber', website: 'lakesidelumber.example' });
    await addCompany(client, { name: 'Pioneer Savings', website: 'http://pioneercu.example' });

    const review = await client.post<{ duplicates: unknown[] }>('/api/companies/import/duplicates', {
      rows: [
        { name: 'lakeside lumber', website: null },
        { name: 'Brand New Co' },
        { name: 'Pioneer Credit Union', website: 'https://www.pioneercu.example/' },
      ],
    });
    expect(review.status).toBe(200);
    expect(review.body.duplicates).toEqual([
      {
        rowIndex: 0,
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
      expect.objectContaining({ rowIndex: 2, matchReason: 'Website match', action: 'skip' }),
    ]);

    // The CSV's records: 0 Lakeside Lumber, 1 Northside, 2 Copper Kettle, 3 Pioneer, 4 Ridge Runner.
    const skipped = await uploadImport<TImportReply>(env(), client, {
      fileName: 'companies.csv',
      content: readFixture('companies.csv'),
      mapping: CSV_MAPPING,
    });
    expect(skipped.body).toEqual({ imported: 3, failed: 0, skipped: 2, failedBatches: [] });

    const again = await uploadImport<TImportReply>(env(), client, {
      fileName: 'companies.csv',
      content: readFixture('companies.csv'),
      mapping: CSV_MAPPING,
      decisions: { '0': 'create_new', '3': 'merge', '4': 'skip' },
    });
    // Now every row is a duplicate: 0 and 3 are imported anyway, the rest skipped.
    expect(again.body).toEqual({ imported: 2, failed: 0, skipped: 3, failedBatches: [] });
    const names = (await orgCompanies(env(), orgId)).map((c) => c.name);
    expect(names.filter((n) => n === 'Lakeside Lumber')).toHaveLength(2);
    expect(names.filter((n) => n === 'Pioneer Credit Union')).toHaveLength(1);
    expect(names.filter((n) => n === 'Ridge Runner Outfitters')).toHaveLength(1);
  });

  it('reads the chosen sheet of a two-sheet workbook, .xlsx and .xls', async () => {
    const client = env().client();
    const { orgId } = await ownerWithOrg(client);
    await uploadImport(env(), client, {
      fileName: 'companies.csv',
      content: readFixture('companies.csv'),
      mapping: CSV_MAPPING,
    });

    // The first sheet is read unless another is chosen; it has no such columns.
    const firstSheet = await uploadImport(env(), client, {
      fileName: 'companies.xlsx',
      content: readFixture('companies-two-sheets.xlsx'),
      mapping: SHEET_MAPPING,
    });
    expect(firstSheet.status).toBe(400);
    expect(firstSheet.body).toMatchObject({ error: { message: 'Column "Business" was not found in the file' } });
    const unknownSheet = await uploadImport(env(), client, {
      fileName: 'companies.xlsx',
      content: readFixture('companies-two-sheets.xlsx'),
      mapping: SHEET_MAPPING,
      sheet: 'Sheet9',
    });
    expect(unknownSheet.body).toMatchObject({ error: { message: 'Sheet "Sheet9" was not found in the workbook' } });

    const res = await uploadImport<TImportReply>(env(), client, {
      fileName: 'companies.xlsx',
      content: readFixture('companies-two-sheets.xlsx'),
      mapping: SHEET_MAPPING,
      sheet: 'Companies',
    });
    expect(res.body).toEqual({ imported: 2, failed: 0, skipped: 2, failedBatches: [] });
    const saved = await orgCompanies(env(), orgId);
    expect(saved.find((c) => c.name === 'Harbor Lights Marina')).toMatchObject({
      industry: 'Marine',
      contact_name: 'Jo Banks',
      contact_phone: '(555) 304-8899',
    });
    expect(saved.some((c) => c.name === 'Maple Leaf Movers')).toBe(true);

    const xls = await uploadImport<TImportReply>(env(), client, {
      fileName: 'companies.xls',
      content: twoSheetWorkbook('biff8'),
      mapping: SHEET_MAPPING,
      sheet: 'Companies',
      decisions: { '2': 'create_new' },
    });
    expect(xls.body).toEqual({ imported: 1, failed: 0, skipped: 3, failedBatches: [] });
  });

  it('refuses files that are not CSV or Excel, whatever their name says', async () => {
    const client = env().client();
    await ownerWithOrg(client);
    const wrong = 'Please upload a CSV or Excel file (.csv, .xlsx, .xls)';
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    for (const upload of [
      { fileName: 'logo.csv', content: png },
      { fileName: 'logo.xlsx', content: png },
      { fileName: 'notes.txt', content: 'Company\nAcme\n' },
      { fileName: 'utf16.csv', content: Buffer.from('Company\nAcme\n', 'utf16le') },
    ]) {
      const res = await uploadImport(env(), client, { ...upload, mapping: { Company: 'name' } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: { message: wrong } });
    }
    const corrupt = await uploadImport(env(), client, {
      fileName: 'broken.xlsx',
      content: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(200)]),
      mapping: { Company: 'name' },
    });
    expect(corrupt.body).toMatchObject({ error: { message: 'The file appears to be empty or corrupted' } });
  });

  it('refuses files over 10MB and workbooks that claim to unpack past 100MB', async () => {
    const client = env().client();
    await ownerWithOrg(client);
    const line = 'Acme Widgets,widgets.example\n';
    const big = `Company,Website\n${line.repeat(Math.ceil((10 * 1024 * 1024) / line.length))}`;
    const over = await uploadImport(env(), client, { fileName: 'big.csv', content: big, mapping: { Company: 'name' } });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ error: { message: 'File size must be less than 10MB' } });
    const huge = await uploadImport(env(), client, {
      fileName: 'huge.csv',
      content: big + big,
      mapping: { Company: 'name' },
    });
    expect(huge.body).toMatchObject({ error: { message: 'File size must be less than 10MB' } });

    const bomb = inflateDeclaredSize(twoSheetWorkbook(), 150 * 1024 * 1024);
    const refused = await uploadImport(env(), client, {
      fileName: 'bomb.xlsx',
      content: bomb,
      mapping: SHEET_MAPPING,
      sheet: 'Companies',
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: { message: 'The workbook is too large to import once unpacked (over 100MB)' },
    });
  });

  it('explains empty files and checks the mapping', async () => {
    const client = env().client();
    await ownerWithOrg(client);
    const send = (content: string, mapping: Record<string, string> = { Company: 'name' }) =>
      uploadImport(env(), client, { fileName: 'a.csv', content, mapping });
    expect((await send('')).body).toMatchObject({ error: { message: 'The file appears to be empty or corrupted' } });
    expect((await send('Company\n')).body).toMatchObject({
      error: { message: 'The file must contain at least a header row and one data row' },
    });
    expect((await send('Company,Notes\n,\n\n')).body).toMatchObject({
      error: { message: 'No data rows found in the file' },
    });
    expect((await send('Company,Notes\nAcme,x\n', { Notes: 'notes' })).body).toMatchObject({
      error: { message: 'Company Name must be mapped to a column' },
    });
    expect((await send('Company,Notes\nAcme,x\n', { Company: 'name', Notes: 'name' })).body).toMatchObject({
      error: { message: 'Each field can only be mapped to one column' },
    });
    const noMapping = await uploadImport(env(), client, { fileName: 'a.csv', content: 'Company\nAcme\n' });
    expect(noMapping.status).toBe(400);
    const badJson = await uploadImport(env(), client, {
      fileName: 'a.csv',
      content: 'Company\nAcme\n',
      raw: { mapping: '{not json' },
    });
    expect(badJson.body).toMatchObject({ error: { message: 'mapping must be JSON' } });
    // Only names missing: nothing to import, nothing failed.
    expect((await send('Company,Notes\n,just a note\n')).body).toEqual({
      imported: 0,
      failed: 0,
      skipped: 0,
      failedBatches: [],
    });
  });

  it('reports a batch the database refuses and keeps the other batches whole', async () => {
    const client = env().client();
    const { orgId } = await ownerWithOrg(client);
    // 2,500 rows make three batches (rows 2–1001, 1002–2001, 2002–2501). Row 1,500 carries a name
    // longer than an index entry may be, so the database refuses the second batch.
    const lines = ['Company,Email'];
    for (let i = 1; i <= 2500; i++) {
      const name = i === 1499 ? randomBytes(7500).toString('base64') : `Batch Co ${i}`;
      lines.push(`${name},contact${i}@batch.example`);
    }
    const res = await uploadImport<TImportReply>(env(), client, {
      fileName: 'batches.csv',
      content: lines.join('\n'),
      mapping: { Company: 'name', Email: 'contact_email' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ imported: 1500, failed: 1000, skipped: 0 });
    expect(res.body.failedBatches).toEqual([
      {
        fromRow: 1002,
        toRow: 2001,
        message: 'Rows 1002 to 2001 could not be saved. Check them for unusual values and import them again.',
      },
    ]);
    const counts = await withPlatform(env().deps.db, env().deps.log, 'test read', (tx) =>
      rows<{ companies: number; contacts: number; from_failed: number; edges: number }>(
        tx,
        sql`SELECT (SELECT count(*) FROM company WHERE org_id = ${orgId})::int AS companies,
                   (SELECT count(*) FROM company_contact WHERE org_id = ${orgId})::int AS contacts,
                   (SELECT count(*) FROM company WHERE org_id = ${orgId}
                     AND name IN ('Batch Co 1001', 'Batch Co 1500', 'Batch Co 2000'))::int AS from_failed,
                   (SELECT count(*) FROM company WHERE org_id = ${orgId}
                     AND name IN ('Batch Co 1000', 'Batch Co 2001'))::int AS edges`,
      ),
    );
    expect(counts[0]).toEqual({ companies: 1500, contacts: 1500, from_failed: 0, edges: 2 });
  });
});
