// The data generator for the scale benchmarks: many small organizations, as a platform of clubs
// has, and one large one, every area filled, straight into the tables with set-based statements
// (INSERT … SELECT FROM generate_series, in chunks), so that the figures measure the reads, not the
// writes. The tables' triggers (search documents, status counts, giving totals) run as they would.
//
//   const sizes = scaledSizes(1);            // the issue's large organization
//   await generateLargeOrganization(deps, orgId, userId, sizes, progress);
//   await generateSmallOrganizations(deps, sizes.smallOrganizations, progress);
import { sql } from '../apps/server/src/db/client';
import { withPlatform } from '../apps/server/src/db/tenant';
import type { TDeps } from '../apps/server/src/deps';
import { analyzeCompanyTables, CITIES, INDUSTRIES, KINDS, PREFIXES, seedCompanies } from './harness';

export interface TSizes {
  companies: number;
  quotes: number;
  agreements: number;
  invoices: number;
  products: number;
  campaigns: number;
  /** Fundraising contacts in all, spread over the campaigns. */
  campaignContacts: number;
  donations: number;
  smallOrganizations: number;
}

/** The large organization of the issue: 100,000 companies, a million donations, and 1,000 small clubs. */
export const LARGE: TSizes = {
  companies: 100_000,
  quotes: 20_000,
  agreements: 10_000,
  invoices: 50_000,
  products: 200,
  campaigns: 200,
  campaignContacts: 100_000,
  donations: 1_000_000,
  smallOrganizations: 1_000,
};

/** LARGE times `factor` (at least one of each), for PGlite and quick runs. */
export function scaledSizes(factor: number): TSizes {
  const scale = (n: number) => Math.max(1, Math.round(n * factor));
  return {
    companies: scale(LARGE.companies),
    quotes: scale(LARGE.quotes),
    agreements: scale(LARGE.agreements),
    invoices: scale(LARGE.invoices),
    products: Math.min(LARGE.products, scale(LARGE.products * 5)),
    campaigns: scale(LARGE.campaigns),
    campaignContacts: scale(LARGE.campaignContacts),
    donations: scale(LARGE.donations),
    smallOrganizations: scale(LARGE.smallOrganizations),
  };
}

type TProgress = (line: string) => void;

const text = (xs: readonly string[]) => sql.raw(`ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`);

async function timed(progress: TProgress, label: string, fn: () => Promise<void>): Promise<void> {
  const started = performance.now();
  await fn();
  progress(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Runs `fn(from, to)` over 1…count in chunks, each in its own platform transaction. */
async function inChunks(
  deps: TDeps,
  count: number,
  chunk: number,
  fn: (from: number, to: number) => ReturnType<typeof sql>,
): Promise<void> {
  for (let from = 1; from <= count; from += chunk) {
    const to = Math.min(count, from + chunk - 1);
    await withPlatform(deps.db, deps.log, 'bench generate', (tx) => tx.execute(fn(from, to)));
  }
}

async function vacuumAnalyze(deps: TDeps, tables: readonly string[]): Promise<void> {
  await deps.database.withSession(async (s) => {
    for (const t of tables) await s.exec(`VACUUM ANALYZE ${t}`);
  });
}

/** Every area of one organization at `sizes`; `userId` is its owner (the author of notes and quotes). */
export async function generateLargeOrganization(
  deps: TDeps,
  orgId: string,
  userId: string,
  sizes: TSizes,
  progress: TProgress,
): Promise<void> {
  const n = (x: number) => sql.raw(String(Math.max(1, Math.floor(x))));
  await timed(progress, `${sizes.companies.toLocaleString('en-US')} companies, six in ten with a contact`, () =>
    seedCompanies(deps, orgId, { count: sizes.companies }),
  );
  await timed(progress, 'a second contact for one company in four, a note for one in two', () =>
    withPlatform(deps.db, deps.log, 'bench generate', async (tx) => {
      await tx.execute(sql`
        INSERT INTO company_contact (org_id, company_id, name, email, title, role, is_primary, is_active)
        SELECT org_id, id, 'Marketing ' || left(id::text, 4), 'marketing.' || left(id::text, 8) || '@example.com',
               'Marketing Manager', 'marketing', false, true
        FROM company WHERE org_id = ${orgId} AND get_byte(uuid_send(id), 1) < 64`);
      await tx.execute(sql`
        INSERT INTO timeline_event (org_id, company_id, event_type, description, created_by, occurred_at)
        SELECT org_id, id, 'note',
               (ARRAY['Called about the spring banner; wants a quote by Friday.',
                      'Met the owner at the home opener, interested in the program ad.',
                      'Left a voicemail with the office manager.',
                      'Sent last season''s results and the sponsor packet.'])[1 + get_byte(uuid_send(id), 2) % 4],
               ${userId}::uuid, created_at + interval '2 days'
        FROM company WHERE org_id = ${orgId} AND get_byte(uuid_send(id), 3) < 128`);
    }),
  );
  await timed(progress, `${sizes.products} products, a bundle and two price lists`, () =>
    withPlatform(deps.db, deps.log, 'bench generate', async (tx) => {
      await tx.execute(sql`
        INSERT INTO product (org_id, name, master_type_id, recurring_price_cents, setup_fee_cents, share_type,
                             share_value, is_limited, location_text, season_label)
        SELECT ${orgId}::uuid, t.label || ' ' || i, t.id, 10000 + (i % 40) * 2500,
               CASE WHEN i % 3 = 0 THEN 5000 END,
               CASE WHEN i % 10 = 0 THEN 'percent' ELSE 'none' END, CASE WHEN i % 10 = 0 THEN 10 ELSE 0 END,
               i % 4 = 0, CASE WHEN i % 4 = 0 THEN 'Slot ' || i END, '2025'
        FROM generate_series(1, ${n(sizes.products)}::int) AS i
        CROSS JOIN LATERAL (
          SELECT id, label FROM master_ad_type WHERE org_id IS NULL ORDER BY slug OFFSET i % 8 LIMIT 1
        ) t`);
      await tx.execute(sql`
        WITH b AS (
          INSERT INTO bundle (org_id, name, package_price_cents, season_label)
          VALUES (${orgId}, 'Gold Package', 250000, '2025') RETURNING id
        )
        INSERT INTO bundle_item (org_id, bundle_id, product_id, qty)
        SELECT ${orgId}::uuid, b.id, p.id, 1 FROM b, (SELECT id FROM product WHERE org_id = ${orgId} LIMIT 3) p`);
      await tx.execute(sql`
        WITH l AS (
          INSERT INTO price_list (org_id, name, season_label)
          SELECT ${orgId}::uuid, name, '2025' FROM (VALUES ('Spring Sponsors'), ('Football Season')) v(name)
          RETURNING id
        )
        INSERT INTO price_list_item (org_id, price_list_id, product_id, display_price_cents, position)
        SELECT ${orgId}::uuid, l.id, p.id, p.recurring_price_cents, p.n
        FROM l, (SELECT id, recurring_price_cents, row_number() OVER (ORDER BY name) AS n
                 FROM product WHERE org_id = ${orgId} LIMIT 40) p`);
    }),
  );
  await generateSales(deps, orgId, userId, sizes, progress);
  await timed(
    progress,
    `${sizes.campaigns} campaigns, ${sizes.campaignContacts.toLocaleString('en-US')} contacts, ` +
      `${sizes.donations.toLocaleString('en-US')} donations`,
    () => generateFundraising(deps, orgId, userId, sizes),
  );
  await timed(progress, 'VACUUM ANALYZE', async () => {
    await analyzeCompanyTables(deps);
    await vacuumAnalyze(deps, [
      'product',
      'quote',
      'quote_line',
      'contract',
      'contract_line',
      'invoice',
      'invoice_line_item',
      'fundraising_campaign',
      'campaign_player',
      'fundraising_contact',
      'campaign_contact',
      'email_campaign',
      'email_campaign_recipient',
      'donation',
      // The side tables the statement triggers filled (the dashboard and campaign pages read them).
      'campaign_giving',
      'campaign_giving_quarter',
      'campaign_raised',
      'org_giving_quarter',
      'org_invoice_paid_day',
      'org_agreement_month',
      'campaign_tally',
      'campaign_player_tally',
      'campaign_roster',
      'quote_status_count',
      'invoice_status_count',
      'contract_tab_count',
      'contract_search',
      'company_contact_search',
    ]);
  });
}

/**
 * Quotes (three lines each, statuses spread over all seven), agreements (most active, some expired,
 * cancelled or deleted) and invoices (two lines each, half paid) over the organization's companies,
 * newest every few minutes; `userId` is their author, or null.
 */
export async function generateSales(
  deps: TDeps,
  orgId: string,
  userId: string | null,
  sizes: Pick<TSizes, 'companies' | 'quotes' | 'agreements' | 'invoices'>,
  progress: TProgress = () => undefined,
): Promise<void> {
  const n = (x: number) => sql.raw(String(Math.max(1, Math.floor(x))));
  const companies = sql`SELECT id, row_number() OVER (ORDER BY id) AS n FROM company WHERE org_id = ${orgId}`;
  await timed(progress, `${sizes.quotes.toLocaleString('en-US')} quotes with three lines each`, () =>
    inChunks(
      deps,
      sizes.quotes,
      5_000,
      (from, to) => sql`
        WITH companies AS (${companies}),
        products AS (SELECT id, name, row_number() OVER (ORDER BY id) AS n FROM product WHERE org_id = ${orgId}),
        inserted AS (
          INSERT INTO quote (org_id, company_id, status, total_cents, renewal_cents, created_by_id, created_at,
                             sent_at, expires_at)
          SELECT ${orgId}::uuid, c.id,
            (ARRAY['draft','sent','sent','accepted','contracted','rejected','expired','archived'])[1 + i % 8],
            150000, 125000, ${userId}::uuid, now() - i * interval '17 minutes',
            CASE WHEN i % 8 > 0 THEN now() - i * interval '17 minutes' END,
            CASE WHEN i % 8 > 0 THEN now() - i * interval '17 minutes' + interval '30 days' END
          FROM generate_series(${from}::int, ${to}::int) AS i
          JOIN companies c ON c.n = 1 + (i * 7) % ${n(sizes.companies)}
          RETURNING id, org_id
        )
        -- Lines from the catalogue (quotes are built from products): two products, the first with
        -- its setup fee, each picked by the quote's id from the organization's products.
        INSERT INTO quote_line (org_id, quote_id, product_id, item_name, qty, unit_price_cents, is_setup_fee, position)
        SELECT i.org_id, i.id, p.id, p.name, 1, l.cents, l.fee, l.pos FROM inserted i
        CROSS JOIN (VALUES (50000, false, 0, 0), (25000, true, 1, 0), (75000, false, 2, 1)) AS l(cents, fee, pos, pick)
        JOIN products p ON p.n = 1 + (abs(hashtext(i.id::text)) + l.pick * 7) % (SELECT count(*) FROM products)`,
    ),
  );
  await timed(progress, `${sizes.agreements.toLocaleString('en-US')} agreements`, () =>
    inChunks(
      deps,
      sizes.agreements,
      5_000,
      (from, to) => sql`
        WITH companies AS (${companies}),
        inserted AS (
          INSERT INTO contract (org_id, company_id, status, season_label, start_date, end_date, term_months,
                                total_value_cents, calculated_total_value_cents, clauses, created_at, deleted_at)
          SELECT ${orgId}::uuid, c.id,
            CASE WHEN i % 10 = 0 THEN 'expired' WHEN i % 25 = 0 THEN 'cancelled' ELSE 'active' END, '2025',
            current_date - (i % 700) * interval '1 day', current_date - (i % 700) * interval '1 day' + interval '12 months',
            12, 100000 + (i % 50) * 1000, 100000 + (i % 50) * 1000, ARRAY['Net 30'],
            now() - i * interval '29 minutes', CASE WHEN i % 40 = 0 THEN now() END
          FROM generate_series(${from}::int, ${to}::int) AS i
          JOIN companies c ON c.n = 1 + (i * 11) % ${n(sizes.companies)}
          RETURNING id, org_id
        )
        INSERT INTO contract_line (org_id, contract_id, item_name, qty, unit_price_cents, setup_fee_cents, position)
        SELECT org_id, id, 'Outfield Banner', 2, 50000, 7500, 0 FROM inserted`,
    ),
  );
  await timed(progress, `${sizes.invoices.toLocaleString('en-US')} invoices with two lines each`, () =>
    inChunks(
      deps,
      sizes.invoices,
      10_000,
      (from, to) => sql`
        WITH companies AS (${companies}),
        shaped AS (
          SELECT i, c.id AS company_id,
            (ARRAY['paid','paid','paid','paid','paid','sent','sent','overdue','pending','void'])[1 + i % 10] AS status,
            now() - i * interval '31 minutes' AS created_at
          FROM generate_series(${from}::int, ${to}::int) AS i
          JOIN companies c ON c.n = 1 + (i * 13) % ${n(sizes.companies)}
        ),
        inserted AS (
          INSERT INTO invoice (org_id, company_id, invoice_source, invoice_type, status, due_date,
                               total_amount_cents, created_at, updated_at, sent_at, paid_at, voided_at)
          SELECT ${orgId}::uuid, company_id, (ARRAY['agreement','quote','direct'])[1 + i % 3], 'manual', status,
            CASE WHEN status = 'overdue' THEN current_date - 1 - i % 60
                 WHEN status IN ('sent', 'pending') THEN current_date + i % 30
                 ELSE (created_at + interval '30 days')::date END,
            125000, created_at, created_at,
            CASE WHEN status <> 'pending' THEN created_at END,
            CASE WHEN status = 'paid' THEN created_at + interval '12 days' END,
            CASE WHEN status = 'void' THEN created_at + interval '2 days' END
          FROM shaped
          RETURNING id, org_id
        )
        INSERT INTO invoice_line_item (org_id, invoice_id, description, unit_price_cents, quantity, total_cents, position)
        SELECT org_id, id, l.description, l.cents, 1, l.cents, l.pos FROM inserted,
          (VALUES ('Outfield Banner', 100000, 0), ('Game Program Ad', 25000, 1)) AS l(description, cents, pos)`,
    ),
  );
}

/**
 * Campaigns (one in four alumni, the rest players with ten players each), their contacts spread
 * evenly, one completed send each (nine in ten contacts e-mailed), and the donations over the
 * campaigns' contacts in the last 30 days (nine in ten paid).
 */
async function generateFundraising(deps: TDeps, orgId: string, userId: string, sizes: TSizes): Promise<void> {
  const n = (x: number) => sql.raw(String(Math.max(1, Math.floor(x))));
  await withPlatform(deps.db, deps.log, 'bench generate', async (tx) => {
    await tx.execute(sql`
      INSERT INTO fundraising_campaign (org_id, name, status, campaign_type, goal_cents, starts_at, ends_at,
                                        reminder_schedule, message_perspective, created_by, created_at, sent_at)
      SELECT ${orgId}::uuid,
             (${text(PREFIXES)})[1 + i % 20] || ' ' || (ARRAY['Spring Drive','Alumni Night','Tournament Fund','Uniforms'])[1 + i % 4] || ' ' || i,
             CASE WHEN i % 10 = 0 THEN 'draft' WHEN i % 5 = 0 THEN 'completed' ELSE 'active' END,
             CASE WHEN i % 4 = 0 THEN 'alumni' ELSE 'player' END,
             500000 + (i % 10) * 100000, current_date - 10 - i, current_date + 20 + i % 60,
             '{"autoScheduleEnabled":true,"customScheduleEnabled":false,"customIntervalsDays":[],"maxReminders":2}',
             'team', ${userId}::uuid, now() - i * interval '1 day',
             CASE WHEN i % 10 <> 0 THEN now() - i * interval '1 day' + interval '1 hour' END
      FROM generate_series(1, ${n(sizes.campaigns)}::int) AS i`);
    await tx.execute(sql`
      INSERT INTO campaign_player (org_id, campaign_id, name)
      SELECT org_id, id, 'Player ' || p FROM fundraising_campaign, generate_series(1, 10) AS p
      WHERE org_id = ${orgId} AND campaign_type = 'player'`);
  });
  await inChunks(
    deps,
    sizes.campaignContacts,
    50_000,
    (from, to) => sql`
      INSERT INTO fundraising_contact (org_id, name, email, email_opt_out, opt_out_at)
      SELECT ${orgId}::uuid, (ARRAY['Pat','Sam','Alex','Jordan','Taylor','Casey','Robin','Jamie'])[1 + i % 8] || ' ' ||
             (ARRAY['Lee','Garcia','Smith','Nguyen','Brown','Patel','Kim','Lopez'])[1 + (i / 8) % 8],
             'supporter.' || i || '@example.org', i % 50 = 7, CASE WHEN i % 50 = 7 THEN now() - interval '2 days' END
      FROM generate_series(${from}::int, ${to}::int) AS i`,
  );
  // Contact k belongs to campaign k mod campaigns, under player (k div campaigns) mod 10 of it (k mod
  // 10 would be fixed by the campaign, every contact under one player).
  await withPlatform(deps.db, deps.log, 'bench generate', async (tx) => {
    await tx.execute(sql`
      WITH campaigns AS (
        SELECT id, campaign_type, row_number() OVER (ORDER BY created_at, id) - 1 AS n
        FROM fundraising_campaign WHERE org_id = ${orgId}
      ),
      contacts AS (
        SELECT id, row_number() OVER (ORDER BY id) AS k FROM fundraising_contact WHERE org_id = ${orgId}
      ),
      players AS (
        SELECT id, campaign_id, row_number() OVER (PARTITION BY campaign_id ORDER BY name) - 1 AS p
        FROM campaign_player WHERE org_id = ${orgId}
      )
      INSERT INTO campaign_contact (org_id, campaign_id, player_id, contact_id)
      SELECT ${orgId}::uuid, c.id, pl.id, ct.id
      FROM contacts ct
      JOIN campaigns c ON c.n = ct.k % ${n(sizes.campaigns)}
      LEFT JOIN players pl ON pl.campaign_id = c.id AND pl.p = (ct.k / ${n(sizes.campaigns)}) % 10`);
    await tx.execute(sql`
      WITH sent AS (
        INSERT INTO email_campaign (org_id, name, fundraising_campaign_id, status, subject, body, recipient_count,
                                    created_at, completed_at)
        SELECT org_id, name || ' launch', id, 'completed', 'Help us reach our goal', 'Body',
               (SELECT count(*) FROM campaign_contact cc WHERE cc.campaign_id = fc.id), sent_at, sent_at + interval '1 hour'
        FROM fundraising_campaign fc WHERE org_id = ${orgId} AND status <> 'draft'
        RETURNING id, fundraising_campaign_id, created_at
      )
      INSERT INTO email_campaign_recipient (org_id, email_campaign_id, fundraising_campaign_id, contact_id, player_id,
                                            status, send_after, sent_at)
      SELECT ${orgId}::uuid, s.id, cc.campaign_id, cc.contact_id, cc.player_id, 'sent', s.created_at, s.created_at
      FROM sent s JOIN campaign_contact cc ON cc.campaign_id = s.fundraising_campaign_id
      WHERE get_byte(uuid_send(cc.id), 0) % 10 <> 0`);
  });
  // Donation i goes to campaign i mod campaigns, from one of that campaign's contacts.
  const perCampaign = Math.max(1, Math.floor(sizes.campaignContacts / sizes.campaigns));
  await inChunks(
    deps,
    sizes.donations,
    100_000,
    (from, to) => sql`
      WITH donors AS (
        SELECT cc.campaign_id, cc.player_id, cc.contact_id, fc.email, fc.name,
               dense_rank() OVER (ORDER BY cc.campaign_id) - 1 AS c,
               row_number() OVER (PARTITION BY cc.campaign_id ORDER BY cc.id) - 1 AS k
        FROM campaign_contact cc JOIN fundraising_contact fc ON fc.id = cc.contact_id
        WHERE cc.org_id = ${orgId}
      )
      INSERT INTO donation (org_id, campaign_id, player_id, contact_id, amount_cents, status, checkout_session_id,
                            stripe_payment_intent_id, donor_name, donor_email, created_at, paid_at)
      SELECT ${orgId}::uuid, d.campaign_id, d.player_id, d.contact_id, (ARRAY[2500, 5000, 10000, 25000])[1 + j % 4],
             CASE WHEN j % 10 = 0 THEN 'pending' ELSE 'paid' END, 'cs_gen_' || i, 'pi_gen_' || i, d.name, d.email,
             now() - (j % 30) * interval '1 day' - (j * 7 % 1440) * interval '1 minute',
             CASE WHEN j % 10 = 0 THEN NULL ELSE now() - (j % 30) * interval '1 day' - (j * 7 % 1440) * interval '1 minute' END
      -- j numbers the campaign's own donations: what varies within a campaign (amount, status, day)
      -- follows j, not i, since i mod 10 (or 4, or 30) is fixed by i mod the campaigns.
      FROM generate_series(${from}::int, ${to}::int) AS i CROSS JOIN LATERAL (SELECT i / ${n(sizes.campaigns)} AS j) AS w
      JOIN donors d ON d.c = i % ${n(sizes.campaigns)} AND d.k = (w.j * 7) % ${n(perCampaign * 0.6)}`,
  );
}

/**
 * `count` small clubs, each with an owner, 40 companies (a contact and a note each), 10 quotes, 5
 * agreements, 15 invoices and one campaign of 50 contacts with 100 donations: a platform's tenants.
 */
export async function generateSmallOrganizations(deps: TDeps, count: number, progress: TProgress): Promise<void> {
  const n = sql.raw(String(count));
  await timed(progress, `${count.toLocaleString('en-US')} small organizations`, async () => {
    await withPlatform(deps.db, deps.log, 'bench generate', async (tx) => {
      await tx.execute(sql`
        INSERT INTO auth_user (name, email, email_verified)
        SELECT 'Club Owner ' || i, 'owner.' || i || '@club' || i || '.example.org', true
        FROM generate_series(1, ${n}::int) AS i`);
      await tx.execute(sql`
        WITH owners AS (
          SELECT id, substring(email from '^owner\\.(\\d+)@')::int AS i FROM auth_user WHERE email LIKE 'owner.%@club%'
        ),
        orgs AS (
          INSERT INTO organization (name, season_label, fiscal_start_month, plan_key, subscription_status,
                                    current_period_end, has_completed_menu_wizard, created_by, created_at)
          SELECT (${text(CITIES)})[1 + i % 8] || ' ' || (ARRAY['Youth Soccer','Little League','High School Football','Swim Club','Lacrosse Boosters'])[1 + i % 5] || ' ' || i,
                 '2025', 7, CASE WHEN i % 3 = 0 THEN 'premium_month' END, CASE WHEN i % 3 = 0 THEN 'active' END,
                 CASE WHEN i % 3 = 0 THEN now() + interval '20 days' END, true, id, now() - i * interval '1 hour'
          FROM owners
          RETURNING id, created_by
        )
        INSERT INTO user_role (org_id, user_id, role, is_owner) SELECT id, created_by, 'admin', true FROM orgs`);
    });
    const small = sql`SELECT o.id AS org_id, row_number() OVER (ORDER BY o.id) AS o FROM organization o
                      JOIN auth_user u ON u.id = o.created_by WHERE u.email LIKE 'owner.%@club%'`;
    await withPlatform(deps.db, deps.log, 'bench generate', async (tx) => {
      await tx.execute(sql`
        WITH inserted AS (
          INSERT INTO company (org_id, name, status, website, industry, city, state, country, created_at, updated_at)
          SELECT s.org_id, (${text(PREFIXES)})[1 + i % 20] || ' ' || (${text(KINDS)})[1 + (i + s.o) % 20],
                 (ARRAY['prospect','prospect','contacted','negotiating','sponsor','sponsor','former_sponsor','declined'])[1 + i % 8],
                 'https://club-sponsor' || i || '.example', (${text(INDUSTRIES)})[1 + i % 10], (${text(CITIES)})[1 + s.o % 8],
                 'OR', 'US', now() - i * interval '3 days', now() - i * interval '1 day'
          FROM (${small}) s, generate_series(1, 40) AS i
          RETURNING id, org_id, created_at
        ),
        contacts AS (
          INSERT INTO company_contact (org_id, company_id, name, email, title, role, is_primary, is_active)
          SELECT org_id, id, 'Contact ' || left(id::text, 6), 'c.' || left(id::text, 8) || '@example.com', 'Owner',
                 'primary', true, true
          FROM inserted
        )
        INSERT INTO timeline_event (org_id, company_id, event_type, description, occurred_at)
        SELECT org_id, id, 'note', 'Dropped off the sponsor packet.', created_at + interval '1 day' FROM inserted`);
      await tx.execute(sql`
        WITH companies AS (
          SELECT id, org_id, row_number() OVER (PARTITION BY org_id ORDER BY id)::int AS k FROM company
          WHERE org_id IN (SELECT org_id FROM (${small}) s)
        )
        INSERT INTO quote (org_id, company_id, status, total_cents, renewal_cents, created_at, sent_at, expires_at)
        SELECT org_id, id, (ARRAY['draft','sent','accepted','contracted','rejected'])[1 + k % 5], 75000, 60000,
               now() - k * interval '4 days', now() - k * interval '4 days', now() - k * interval '4 days' + interval '30 days'
        FROM companies WHERE k <= 10`);
      await tx.execute(sql`
        WITH companies AS (
          SELECT id, org_id, row_number() OVER (PARTITION BY org_id ORDER BY id)::int AS k FROM company
          WHERE org_id IN (SELECT org_id FROM (${small}) s)
        )
        INSERT INTO contract (org_id, company_id, status, season_label, start_date, end_date, term_months,
                              total_value_cents, calculated_total_value_cents, clauses)
        SELECT org_id, id, 'active', '2025', current_date - k * 20, current_date - k * 20 + 365, 12, 75000, 75000,
               ARRAY['Net 30']
        FROM companies WHERE k <= 5`);
      await tx.execute(sql`
        WITH companies AS (
          SELECT id, org_id, row_number() OVER (PARTITION BY org_id ORDER BY id)::int AS k FROM company
          WHERE org_id IN (SELECT org_id FROM (${small}) s)
        )
        INSERT INTO invoice (org_id, company_id, invoice_source, invoice_type, status, due_date, total_amount_cents,
                             created_at, sent_at, paid_at)
        SELECT org_id, id, 'direct', 'manual', (ARRAY['paid','paid','sent','overdue','pending'])[1 + k % 5],
               current_date + 30 - k * 7, 75000, now() - k * interval '7 days', now() - k * interval '7 days',
               CASE WHEN k % 5 < 2 THEN now() - k * interval '6 days' END
        FROM companies WHERE k <= 15`);
    });
    await withPlatform(deps.db, deps.log, 'bench generate', async (tx) => {
      await tx.execute(sql`
        INSERT INTO fundraising_campaign (org_id, name, status, campaign_type, goal_cents, starts_at, ends_at,
                                          reminder_schedule, message_perspective, sent_at)
        SELECT org_id, 'Spring Drive', 'active', 'alumni', 300000, current_date - 10, current_date + 20,
               '{"autoScheduleEnabled":true,"customScheduleEnabled":false,"customIntervalsDays":[],"maxReminders":2}',
               'team', now() - interval '9 days'
        FROM (${small}) s`);
      await tx.execute(sql`
        INSERT INTO fundraising_contact (org_id, name, email)
        SELECT s.org_id, 'Alum ' || i, 'alum.' || i || '.' || s.o || '@example.org'
        FROM (${small}) s, generate_series(1, 50) AS i`);
      await tx.execute(sql`
        INSERT INTO campaign_contact (org_id, campaign_id, contact_id)
        SELECT fc.org_id, c.id, fc.id FROM fundraising_contact fc
        JOIN fundraising_campaign c ON c.org_id = fc.org_id AND c.name = 'Spring Drive'
        WHERE fc.org_id IN (SELECT org_id FROM (${small}) s)`);
      await tx.execute(sql`
        WITH donors AS (
          SELECT cc.org_id, cc.campaign_id, cc.contact_id, fc.name, fc.email,
                 row_number() OVER (PARTITION BY cc.org_id ORDER BY cc.id) AS k
          FROM campaign_contact cc JOIN fundraising_contact fc ON fc.id = cc.contact_id
          WHERE cc.org_id IN (SELECT org_id FROM (${small}) s)
        )
        INSERT INTO donation (org_id, campaign_id, contact_id, amount_cents, status, checkout_session_id, donor_name,
                              donor_email, created_at, paid_at)
        SELECT org_id, campaign_id, contact_id, (ARRAY[2500, 5000, 10000])[1 + (k + r) % 3], 'paid',
               'cs_small_' || contact_id || '_' || r, name, email, now() - (k % 9) * interval '1 day',
               now() - (k % 9) * interval '1 day'
        FROM donors, generate_series(1, 2) AS r`);
    });
  });
}
