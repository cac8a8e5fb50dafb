import type { TAgreementList } from '@pennant/shared/agreements/schemas';
import { bundleTotals } from '@pennant/shared/catalogue/rules';
import type { TBundleList, TPriceList, TProduct } from '@pennant/shared/catalogue/schemas';
import type { TCampaignList, TContactInsights } from '@pennant/shared/fundraising/schemas';
import type { TQuoteList } from '@pennant/shared/quotes/schemas';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from '../db/client';
import { withTenant } from '../db/tenant';
import { loadMember } from '../modules/session/member';
import { forEachDatabase } from '../test/harness';
import { platformQuery } from '../test/team-fixtures';
import { DEMO_OWNER, seedDemoIfEmpty } from './demo';
import { DEMO_ADMIN } from './demo-admin';
import { seedDemoCatalogue } from './demo-catalogue';
import { DEMO_TEAMMATE } from './demo-team';

forEachDatabase('demo seed', (env) => {
  it('seeds a demo organization on an empty database, once', async () => {
    const first = await seedDemoIfEmpty(env().deps);
    expect(first?.email).toBe(DEMO_OWNER.email);
    expect(await seedDemoIfEmpty(env().deps)).toBeNull();

    const owner = env().client();
    expect(
      (await owner.post('/api/auth/sign-in', { email: DEMO_OWNER.email, password: DEMO_OWNER.password })).status,
    ).toBe(200);
    const members = await owner.get<{ members: { email: string }[] }>('/api/team/members');
    expect(members.body.members.map((m) => m.email).sort()).toEqual([DEMO_OWNER.email, DEMO_TEAMMATE.email].sort());
    const invites = await owner.get<{ invites: unknown[] }>('/api/team/invites');
    expect(invites.body.invites).toHaveLength(1);

    // The platform administrator signs in to the console, whose audit log has a first few entries.
    const admin = env().client();
    expect(
      (await admin.post('/api/auth/sign-in', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password })).status,
    ).toBe(200);
    expect((await admin.get('/api/admin/me')).body).toEqual({ isAppAdmin: true });
    const audit = await admin.get<{ entries: { action: string }[] }>('/api/admin/audit-logs');
    expect(audit.body.entries.map((e) => e.action)).toEqual([
      'add_user_role',
      'end_impersonation',
      'start_impersonation',
      'unfreeze_org',
      'freeze_org',
      'add_admin',
    ]);
    // A month of the club's AI calls on both models, for the console's Token Usage by Model.
    const usage = await admin.get<{ usage: { model: string; tokenCount: number; estimatedCost: number }[] }>(
      '/api/admin/token-usage?days=30',
    );
    expect(usage.body.usage.map((u) => u.model).sort()).toEqual(['gpt-4o', 'gpt-4o-mini']);
    for (const u of usage.body.usage) expect(u.tokenCount).toBeGreaterThan(0);
    expect((await owner.get('/api/admin/me')).body).toEqual({ isAppAdmin: false });
    const companies = await owner.get<{ totalCount: number; counts: Record<string, number> }>('/api/companies');
    expect(companies.body.totalCount).toBeGreaterThanOrEqual(5);
    expect(companies.body.counts.sponsors).toBeGreaterThan(0);

    // The catalogue: priced products over the ad types, three bundles and two price lists this season.
    const catalogue = async () => ({
      products: (await owner.get<{ products: TProduct[] }>('/api/products')).body.products,
      bundles: (await owner.get<TBundleList>('/api/bundles')).body,
      priceLists: (await owner.get<{ priceLists: TPriceList[] }>('/api/price-lists')).body.priceLists,
    });
    // Sales: every active sponsor with its agreement (three expiring), one accepted quote waiting for its
    // agreement, quotes out to the negotiating companies, and a closed quote or two.
    const agreements = await owner.get<TAgreementList>('/api/agreements');
    expect(agreements.body.counts).toMatchObject({ all: 8, active: 7, expiring: 3, expired: 1, deleted: 0 });
    expect(agreements.body.agreements.every((a) => (a.valueCents ?? 0) > 0)).toBe(true);
    const quotes = await owner.get<TQuoteList>('/api/quotes?tab=all');
    expect(quotes.body.counts).toMatchObject({ active: 5, accepted: 9, closed: 2 });
    const waiting = await owner.get<TQuoteList>('/api/quotes?tab=accepted&status=accepted');
    expect(waiting.body.quotes.map((q) => q.companyName)).toEqual(['Brightside Orthodontics']);

    const seeded = await catalogue();
    expect(seeded.products).toHaveLength(12);
    expect(seeded.products.every((p) => p.recurringPriceCents !== null && p.adTypeLabel !== null)).toBe(true);
    expect(new Set(seeded.products.map((p) => p.masterTypeId)).size).toBeGreaterThanOrEqual(8);
    expect(seeded.products.some((p) => p.adTypeIsCustom)).toBe(true);
    expect(seeded.products.filter((p) => (p.setupFeeCents ?? 0) > 0).length).toBeGreaterThanOrEqual(3);
    expect(seeded.products.find((p) => p.locationText === 'Left field fence')?.isLimited).toBe(true);
    expect(seeded.products.filter((p) => p.shareType !== 'none')).toHaveLength(1);
    expect(seeded.bundles.bundles).toHaveLength(3);
    expect(seeded.bundles.bundles.every((b) => b.seasonLabel === seeded.bundles.currentSeason)).toBe(true);
    const high = seeded.bundles.bundles.filter((b) => bundleTotals(b.items, b.packagePriceCents).highDiscount);
    expect(high.map((b) => b.name)).toEqual(['Grand Slam Partner']);
    expect(seeded.priceLists).toHaveLength(2);
    expect(seeded.priceLists.every((l) => l.seasonLabel === seeded.bundles.currentSeason && l.items.length > 0)).toBe(
      true,
    );

    // Fundraising: a sent player campaign with donations by player, a sent alumni campaign on behalf of the
    // coach with some alumni not yet e-mailed, and a draft ready to launch.
    const campaigns = await owner.get<TCampaignList>('/api/fundraising/campaigns');
    expect(campaigns.body.campaigns.map((c) => [c.name, c.status, c.campaignType])).toEqual([
      ['Summer Camp Scholarship Drive', 'draft', 'player'],
      ['Spring Season Player Fundraiser', 'sent', 'player'],
      ['Alumni Scoreboard Fund', 'sent', 'alumni'],
    ]);
    const [, spring, alumni] = campaigns.body.campaigns;
    expect(spring?.raisedCents).toBeGreaterThan(0);
    expect(alumni?.unsentCount).toBe(5);
    const progress = await owner.get<{ players: { raisedCents: number }[] }>(
      `/api/fundraising/campaigns/${spring?.id}/player-progress`,
    );
    expect(progress.body.players).toHaveLength(12);
    expect(progress.body.players.filter((p) => p.raisedCents > 0).length).toBeGreaterThan(6);
    const insights = await owner.get<TContactInsights>(`/api/fundraising/campaigns/${alumni?.id}/insights`);
    expect(insights.body.counts.opted_out).toBe(3);
    expect(insights.body.counts.donated).toBeGreaterThan(5);

    // Outreach: a completed blast to five prospects, on their timelines; prospects are left to e-mail.
    const blasts = await platformQuery(
      env(),
      z.object({ id: z.string(), status: z.string(), recipient_count: z.number() }),
      sql`SELECT id, status, recipient_count FROM email_campaign WHERE kind = 'blast'`,
    );
    expect(blasts.map((b) => [b.status, b.recipient_count])).toEqual([['completed', 5]]);
    const blast = await owner.get<{ status: string; sent: number }>(`/api/outreach/blasts/${blasts[0]?.id}`);
    expect(blast.body).toMatchObject({ status: 'completed', sent: 5 });
    const prospects = await owner.get<{ prospects: unknown[] }>('/api/outreach/prospects');
    expect(prospects.body.prospects.length).toBeGreaterThan(5);

    // Seeding the catalogue again adds nothing.
    const reply = await owner.get<{ session: { user: { id: string; email: string; name: string } } }>('/api/session');
    const member = await loadMember(env().deps, reply.body.session.user);
    if (!member) throw new Error('demo owner has no organization');
    await withTenant(env().deps.db, member, (tx) => seedDemoCatalogue(tx, member.orgId, member.org.seasonLabel));
    expect(await catalogue()).toEqual(seeded);
  });
});

forEachDatabase('demo seed on a public server (SEED_DEMO=always)', (env) => {
  it('creates no platform administrator with a known password', async () => {
    const { deps } = env();
    const seeded = await seedDemoIfEmpty({ ...deps, config: { ...deps.config, localMode: false } });
    expect(seeded?.email).toBe(DEMO_OWNER.email);
    expect(seeded?.admin).toBeNull();
    const signIn = await env()
      .client()
      .post('/api/auth/sign-in', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password });
    expect(signIn.status).toBe(401);
  });
});
