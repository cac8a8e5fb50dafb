import type { TDocumentLink } from '@pennant/shared/catalogue/schemas';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { column } from '../db/client';
import { withTenant } from '../db/tenant';
import { flat, pdfPages } from '../documents/fixtures/pdf-text';
import { loadMember } from '../modules/session/member';
import { forEachDatabase } from '../test/harness';
import { platformQuery } from '../test/team-fixtures';
import { DEMO_OWNER, seedDemoIfEmpty } from './demo';
import { seedDemoInvoices } from './demo-invoices';

forEachDatabase('demo seed: invoices', (env) => {
  it('bills the demo’s agreements and a few one-offs over the last year, every status, each sent one e-mailed', async () => {
    expect(await seedDemoIfEmpty(env().deps)).not.toBeNull();
    const [org] = await platformQuery(
      env(),
      z.object({ id: z.string(), remit_to_address: z.string().nullable(), ein: z.string().nullable() }),
      sql`SELECT o.id, o.remit_to_address, o.ein FROM organization o JOIN invoice i ON i.org_id = o.id LIMIT 1`,
    );
    if (!org) throw new Error('no demo invoices');
    expect(org.remit_to_address).toContain('PO Box');
    expect(org.ein).toMatch(/^\d{2}-\d{7}$/);

    const invoices = await platformQuery(
      env(),
      z.object({
        id: z.string(),
        status: z.string(),
        invoice_source: z.string(),
        invoice_type: z.string(),
        due_date: z.string(),
        total: column.count,
        lines: column.count,
        paid_at: column.instant.nullable(),
        remit_to_info: z.string().nullable(),
        emails: column.count,
      }),
      sql`SELECT i.id, i.status, i.invoice_source, i.invoice_type, i.due_date::text AS due_date,
                 i.total_amount_cents AS total, i.paid_at, i.remit_to_info,
                 (SELECT sum(l.total_cents) FROM invoice_line_item l WHERE l.invoice_id = i.id) AS lines,
                 (SELECT count(*) FROM email_log e WHERE e.invoice_id = i.id AND e.email_type = 'invoice') AS emails
          FROM invoice i WHERE i.org_id = ${org.id}`,
    );
    expect(invoices).toHaveLength(25);
    const byStatus = (s: string) => invoices.filter((i) => i.status === s);
    expect(byStatus('paid').length).toBeGreaterThanOrEqual(12);
    expect(byStatus('sent').length).toBeGreaterThanOrEqual(2);
    expect(byStatus('overdue')).toHaveLength(2);
    expect(byStatus('pending').length).toBeGreaterThanOrEqual(1);
    expect(byStatus('void')).toHaveLength(1);
    expect(invoices.every((i) => i.invoice_type === 'manual' && i.total > 0 && i.total === i.lines)).toBe(true);
    expect(invoices.every((i) => i.remit_to_info === org.remit_to_address)).toBe(true);
    expect(new Set(invoices.map((i) => i.invoice_source))).toEqual(new Set(['agreement', 'direct', 'quote']));
    const today = new Date().toISOString().slice(0, 10);
    expect(byStatus('overdue').every((i) => i.due_date < today)).toBe(true);
    // Paid over many months of the last year: Revenue Trends has a history.
    const months = new Set(byStatus('paid').map((i) => new Date(i.paid_at ?? 0).toISOString().slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(8);
    const yearAgo = Date.now() - 366 * 86_400_000;
    expect(byStatus('paid').every((i) => new Date(i.paid_at ?? 0).getTime() > yearAgo)).toBe(true);
    // What went out was e-mailed; what never went out was not.
    for (const i of invoices) {
      if (i.status === 'pending' || i.status === 'void') expect(i.emails, i.status).toBe(0);
      else expect(i.emails, i.status).toBeGreaterThanOrEqual(1);
    }
    const [events] = await platformQuery(
      env(),
      z.object({ n: column.count }),
      sql`SELECT count(*) AS n FROM timeline_event WHERE org_id = ${org.id} AND event_type = 'invoice_email_sent'`,
    );
    expect(events?.n).toBe(invoices.reduce((sum, i) => sum + i.emails, 0));

    // The demo owner can open any of them as a PDF.
    const owner = env().client();
    await owner.post('/api/auth/sign-in', { email: DEMO_OWNER.email, password: DEMO_OWNER.password });
    const paid = byStatus('paid')[0];
    const link = await owner.post<TDocumentLink>(`/api/invoices/${paid?.id}/pdf`);
    expect(link.status).toBe(200);
    const res = await env().app.request(link.body.url);
    const text = flat((await pdfPages(new Uint8Array(await res.arrayBuffer()))).join(' '));
    expect(text).toContain('PAID');
    expect(text).toContain('EIN: ');

    // Seeding again adds nothing.
    const session = await owner.get<{ session: { user: { id: string; email: string; name: string } } }>('/api/session');
    const member = await loadMember(env().deps, session.body.session.user);
    if (!member) throw new Error('demo owner has no organization');
    expect(
      await withTenant(env().deps.db, member, (tx) => seedDemoInvoices(tx, member.orgId, member.userId, 'X', [])),
    ).toBe(0);
  });
});
