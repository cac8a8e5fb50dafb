import { and, eq, inArray } from 'drizzle-orm';
import type { TTx } from '../db/client';
import { products } from '../db/schema/catalogue';
import { companies, companyContacts } from '../db/schema/companies';

/** The demo's products by name, with their prices. */
export async function demoProducts(tx: TTx, orgId: string) {
  return tx
    .select({ id: products.id, name: products.name, price: products.recurringPriceCents, fee: products.setupFeeCents })
    .from(products)
    .where(eq(products.orgId, orgId));
}

/** The demo's companies of these names. */
export async function demoCompanies(tx: TTx, orgId: string, names: string[]) {
  return tx
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(eq(companies.orgId, orgId), inArray(companies.name, names)));
}

/** Every company's primary contact. */
export async function demoPrimaryContacts(tx: TTx, orgId: string) {
  return tx
    .select({ companyId: companyContacts.companyId, name: companyContacts.name, email: companyContacts.email })
    .from(companyContacts)
    .where(and(eq(companyContacts.orgId, orgId), eq(companyContacts.isPrimary, true)));
}
