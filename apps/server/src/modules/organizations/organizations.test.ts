import { OWNER_ONLY_SETTINGS_MESSAGE } from '@pennant/shared/organization/schemas';
import { expect, it } from 'vitest';
import { sql } from '../../db/client';
import { ownerWithOrg } from '../../test/fixtures';
import { forEachDatabase } from '../../test/harness';
import { platformExec, teammate } from '../../test/team-fixtures';

interface TSettings {
  id: string;
  name: string;
  seasonLabel: string;
  fiscalStartMonth: number;
  emailAlias: string | null;
  emailVerified: boolean;
  sponsorshipLeadEmail: string | null;
  treasurerEmail: string | null;
  remitToAddress: string | null;
  ein: string | null;
  businessStreet: string | null;
  businessCity: string | null;
  businessState: string | null;
  businessZip: string | null;
  defaultPaymentMethod: string;
  canEdit: boolean;
}

const VALID = {
  name: 'Riverside Eagles',
  seasonLabel: '2025-26',
  fiscalStartMonth: 7,
  emailAlias: '',
  sponsorshipLeadEmail: '',
  treasurerEmail: '',
  remitToAddress: '',
  ein: '',
  businessStreet: '',
  businessCity: '',
  businessState: '',
  businessZip: '',
  defaultPaymentMethod: 'manual',
};

forEachDatabase('organization settings', (env) => {
  it('shows the settings to the owner, editable, with empty optionals as null', async () => {
    const client = env().client();
    const { orgId } = await ownerWithOrg(client, 'Lakeside Lions');
    const res = await client.get<TSettings>('/api/organization/settings');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: orgId,
      name: 'Lakeside Lions',
      seasonLabel: '2025',
      fiscalStartMonth: 7,
      emailAlias: null,
      emailVerified: false,
      sponsorshipLeadEmail: null,
      treasurerEmail: null,
      remitToAddress: null,
      ein: null,
      businessStreet: null,
      businessCity: null,
      businessState: null,
      businessZip: null,
      defaultPaymentMethod: 'manual',
      canEdit: true,
    });
  });

  it('saves trimmed text, empty optionals as null, the month as a number and manual by default', async () => {
    const client = env().client();
    await ownerWithOrg(client);
    const res = await client.put<TSettings>('/api/organization/settings', {
      ...VALID,
      name: '  Riverside Eagles Booster Club  ',
      seasonLabel: ' 2026 ',
      fiscalStartMonth: '9',
      emailAlias: ' boosters@riverside.example ',
      sponsorshipLeadEmail: 'lead@riverside.example',
      treasurerEmail: '   ',
      remitToAddress: '  PO Box 12\nRiverside  ',
      ein: '12-3456789',
      businessStreet: ' 1 Main St ',
      businessCity: 'Riverside',
      businessState: 'CA',
      businessZip: '92501',
      defaultPaymentMethod: undefined,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Riverside Eagles Booster Club',
      seasonLabel: '2026',
      fiscalStartMonth: 9,
      emailAlias: 'boosters@riverside.example',
      sponsorshipLeadEmail: 'lead@riverside.example',
      treasurerEmail: null,
      remitToAddress: 'PO Box 12\nRiverside',
      ein: '12-3456789',
      businessStreet: '1 Main St',
      businessState: 'CA',
      defaultPaymentMethod: 'manual',
    });
    expect((await client.get<TSettings>('/api/organization/settings')).body).toEqual(res.body);
    const me = await client.get<{ session: { org: { name: string; fiscalStartMonth: number } } }>('/api/session');
    expect(me.body.session.org).toMatchObject({ name: 'Riverside Eagles Booster Club', fiscalStartMonth: 9 });

    const cleared = await client.put<TSettings>('/api/organization/settings', {
      ...VALID,
      defaultPaymentMethod: 'stripe',
      ein: null,
      businessStreet: null,
    });
    expect(cleared.body).toMatchObject({
      emailAlias: null,
      sponsorshipLeadEmail: null,
      remitToAddress: null,
      ein: null,
      businessStreet: null,
      defaultPaymentMethod: 'stripe',
    });
  });

  it('answers every field rule with the spec’s message', async () => {
    const client = env().client();
    await ownerWithOrg(client);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: ' A ' }, 'name', 'Organization name must be at least 2 characters'],
      [{ name: 'x'.repeat(61) }, 'name', 'Organization name cannot exceed 60 characters'],
      [{ seasonLabel: '  ' }, 'seasonLabel', 'Season label is required'],
      [{ seasonLabel: 'x'.repeat(16) }, 'seasonLabel', 'Season label cannot exceed 15 characters'],
      [{ fiscalStartMonth: 13 }, 'fiscalStartMonth', 'Month must be between 1 and 12'],
      [{ fiscalStartMonth: 0 }, 'fiscalStartMonth', 'Month must be between 1 and 12'],
      [{ fiscalStartMonth: 'June' }, 'fiscalStartMonth', 'Month must be between 1 and 12'],
      [{ emailAlias: 'not-an-email' }, 'emailAlias', 'Invalid email format'],
      [{ sponsorshipLeadEmail: 'lead@' }, 'sponsorshipLeadEmail', 'Invalid email format'],
      [{ treasurerEmail: `${'t'.repeat(95)}@x.org` }, 'treasurerEmail', 'Email cannot exceed 100 characters'],
      [{ remitToAddress: 'r'.repeat(501) }, 'remitToAddress', 'Remit To Address cannot exceed 500 characters'],
      [{ ein: '123456789' }, 'ein', 'EIN must be in format ##-#######'],
      [{ ein: '12-345678' }, 'ein', 'EIN must be in format ##-#######'],
      [{ businessState: 'CAL' }, 'businessState', 'State cannot exceed 2 characters'],
      [{ businessZip: '12345-67890' }, 'businessZip', 'ZIP cannot exceed 10 characters'],
      [{ defaultPaymentMethod: 'paypal' }, 'defaultPaymentMethod', 'Choose Stripe or Manual'],
    ];
    for (const [patch, field, message] of cases) {
      const res = await client.put('/api/organization/settings', { ...VALID, ...patch });
      expect(res.status, field).toBe(400);
      expect(res.body, JSON.stringify(patch)).toMatchObject({ error: { fields: { [field]: message } } });
    }
    const fine = await client.put('/api/organization/settings', {
      ...VALID,
      remitToAddress: 'r'.repeat(500),
      treasurerEmail: `${'t'.repeat(94)}@x.org`,
    });
    expect(fine.status).toBe(200);
  });

  it('resets email_verified only when the alias changes', async () => {
    const client = env().client();
    const { orgId } = await ownerWithOrg(client);
    await client.put('/api/organization/settings', { ...VALID, emailAlias: 'old@club.example' });
    await platformExec(env(), sql`UPDATE organization SET email_verified = true WHERE id = ${orgId}`);

    const same = await client.put<TSettings>('/api/organization/settings', {
      ...VALID,
      name: 'Renamed Club',
      emailAlias: '  old@club.example ',
    });
    expect(same.body.emailVerified).toBe(true);

    const changed = await client.put<TSettings>('/api/organization/settings', {
      ...VALID,
      emailAlias: 'new@club.example',
    });
    expect(changed.body).toMatchObject({ emailAlias: 'new@club.example', emailVerified: false });

    await platformExec(env(), sql`UPDATE organization SET email_verified = true WHERE id = ${orgId}`);
    const removed = await client.put<TSettings>('/api/organization/settings', { ...VALID, emailAlias: '' });
    expect(removed.body).toMatchObject({ emailAlias: null, emailVerified: false });
  });

  it('lets only the owner save: an Org Admin sees the settings read-only and gets the notice', async () => {
    const owner = env().client();
    const { orgId } = await ownerWithOrg(owner, 'Owner Only FC');
    const admin = await teammate(env(), owner, orgId, ['admin']);
    const seen = await admin.client.get<TSettings>('/api/organization/settings');
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ name: 'Owner Only FC', canEdit: false });

    const res = await admin.client.put('/api/organization/settings', { ...VALID, name: 'Taken Over' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: { code: 'forbidden', message: OWNER_ONLY_SETTINGS_MESSAGE } });
    // The permission is checked before the body: an invalid one is refused the same way.
    const invalid = await admin.client.put('/api/organization/settings', { ...VALID, name: '' });
    expect(invalid.status).toBe(403);
    expect((await owner.get<TSettings>('/api/organization/settings')).body.name).toBe('Owner Only FC');
  });

  it('asks for sign-in and membership', async () => {
    const visitor = env().client();
    expect((await visitor.get('/api/organization/settings')).status).toBe(401);
    expect((await visitor.put('/api/organization/settings', VALID)).status).toBe(401);
  });

  it('documents every route of the issue in the OpenAPI document', async () => {
    const res = await env().client().get<{ paths: Record<string, Record<string, unknown>> }>('/api/openapi.json');
    expect(res.status).toBe(200);
    const routes = Object.entries(res.body.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
    expect(routes).toEqual(
      expect.arrayContaining([
        'get /api/organization/settings',
        'put /api/organization/settings',
        'get /api/team/members',
        'get /api/team/invites',
        'post /api/team/invites',
        'post /api/team/invites/{id}/resend',
        'post /api/team/invites/{id}/cancel',
        'get /api/invites/{id}',
        'post /api/invites/{id}/accept',
        'post /api/invites/{id}/sign-up',
        'get /api/plan',
        'get /api/profile/timezone',
        'put /api/profile/timezone',
        'get /api/dashboard/metrics',
      ]),
    );
  });
});
