import { rows, sql, type TTx } from '../../db/client';

export interface TExistingCompanyRow {
  id: string;
  name: string;
  website: string | null;
  status: string;
  created_at: Date | string;
}

/** Every company of the organization, reduced to what duplicate detection compares. */
export function listCompaniesForDuplicates(tx: TTx, orgId: string): Promise<TExistingCompanyRow[]> {
  return rows<TExistingCompanyRow>(
    tx,
    sql`SELECT id, name, website, status, created_at FROM company WHERE org_id = ${orgId}`,
  );
}

export interface TImportCompany {
  id: string;
  name: string;
  status: string;
  website: string | null;
  industry: string | null;
  notes: string | null;
  country: string;
}

export interface TImportContact {
  company_id: string;
  name: string;
  email: string | null;
  phone: string | null;
}

/**
 * One batch as two multi-row INSERTs. The rows travel as one JSON parameter expanded by
 * json_to_recordset: one statement whatever the batch size, and the same on PGlite and PostgreSQL.
 */
export async function insertImportBatch(
  tx: TTx,
  orgId: string,
  companies: readonly TImportCompany[],
  contacts: readonly TImportContact[],
): Promise<void> {
  if (companies.length > 0) {
    await tx.execute(sql`
      INSERT INTO company (id, org_id, name, status, website, industry, notes, country)
      SELECT r.id, ${orgId}::uuid, r.name, r.status, r.website, r.industry, r.notes, r.country
      FROM json_to_recordset(${JSON.stringify(companies)}::json)
        AS r(id uuid, name text, status text, website text, industry text, notes text, country text)`);
  }
  if (contacts.length > 0) {
    await tx.execute(sql`
      INSERT INTO company_contact (org_id, company_id, name, email, phone, role, is_primary, is_active)
      SELECT ${orgId}::uuid, r.company_id, r.name, r.email, r.phone, 'primary', true, true
      FROM json_to_recordset(${JSON.stringify(contacts)}::json)
        AS r(company_id uuid, name text, email text, phone text)`);
  }
}
