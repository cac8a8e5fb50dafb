import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as ai from './schema/ai';
import * as auth from './schema/auth';
import * as catalogue from './schema/catalogue';
import * as companies from './schema/companies';
import * as fundraising from './schema/fundraising';
import * as imports from './schema/imports';
import * as invoices from './schema/invoices';
import * as mail from './schema/mail';
import * as organizations from './schema/organizations';
import * as outreach from './schema/outreach';
import * as payments from './schema/payments';
import * as sales from './schema/sales';

/** Every table the schema declares. */
export const ALL_TABLES: readonly PgTable[] = [
  ai,
  auth,
  catalogue,
  companies,
  fundraising,
  imports,
  invoices,
  mail,
  organizations,
  outreach,
  payments,
  sales,
].flatMap((module) => Object.values(module).filter((v): v is PgTable => is(v, PgTable)));

/**
 * Tables with an org_id that the app role never touches directly: triggers write them and
 * SECURITY DEFINER functions read them, scoped to the request's organization (0005, 0019, 0022,
 * 0024, 0026, 0028, 0029, 0031, 0032).
 */
export const DEFINER_ONLY_TABLES: readonly string[] = [
  'company_search',
  'company_status_count',
  'company_contact_search',
  'campaign_giving',
  'campaign_giving_quarter',
  'campaign_raised',
  'org_giving_quarter',
  'campaign_tally',
  'campaign_player_tally',
  'campaign_roster',
  'org_invoice_paid_day',
  'org_agreement_month',
  'org_agreement_in_force_day',
  'org_agreement_end_day',
  'quote_status_count',
  'invoice_status_count',
  'contract_tab_count',
  'contract_search',
  'company_search_version',
  'company_search_memo',
];

/**
 * Tenant tables the app role may read and add to but never change or delete from: records of
 * what happened (AI token usage, paid invoices' receipts), which an organization must not be able to rewrite.
 */
export const APPEND_ONLY_TABLES: readonly string[] = ['ai_usage', 'invoice_receipt'];

/**
 * The tenant tables: `organization` itself and every table with an org_id column, derived from
 * the schema. Each has row-level security (checked by a test against the migrated database) and
 * the app role's grants come from this list.
 */
export const TENANT_TABLES: readonly string[] = [
  'organization',
  ...ALL_TABLES.map((t) => getTableConfig(t))
    .filter((t) => t.columns.some((c) => c.name === 'org_id'))
    .map((t) => t.name)
    .filter((name) => !DEFINER_ONLY_TABLES.includes(name)),
];
