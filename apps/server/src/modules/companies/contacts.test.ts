import { randomUUID } from 'node:crypto';
import { CONTACT_MESSAGES } from '@pennant/shared/companies/schemas';
import { expect, it } from 'vitest';
import { ownerWithOrg } from '../../test/fixtures';
import { forEachDatabase } from '../../test/harness';
import { addCompany, type TCompanyReply } from './fixtures/company-fixtures';

interface TContactReply {
  id: string;
  name: string;
  email: string | null;
  isPrimary: boolean;
  isActive: boolean;
}
interface TContactsReply {
  contacts: TContactReply[];
}

forEachDatabase('company contacts', (env) => {
  it('adds contacts: the first becomes primary, the list is primary first then oldest first', async () => {
    const client = env().client();
    await ownerWithOrg(client);
    const c = await addCompany(client, { name: 'Riverside Dental' });
    const first = await client.post<TContactReply>(`/api/companies/${c.id}/contacts`, {
      name: 'Dr. Priya Shah',
      email: 'priya@riverside.example',
      phone: '(555) 410-7781',
      title: 'Owner',
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ name: 'Dr. Priya Shah', isPrimary: true, isActive: true });
    await client.post(`/api/companies/${c.id}/contacts`, { name: 'Ben Office', email: 'ben@riverside.example' });
    await client.post(`/api/companies/${c.id}/contacts`, { name: 'Cara Front', email: 'cara@riverside.example' });
    const list = await client.get<TContactsReply>(`/api/companies/${c.id}/contacts`);
    expect(list.body.contacts.map((x) => [x.name, x.isPrimary])).toEqual([
      ['Dr. Priya Shah', true],
      ['Ben Office', false],
      ['Cara Front', false],
    ]);
    const detail = await client.get<TCompanyReply>(`/api/companies/${c.id}`);
    expect(detail.body).toMatchObject({ contactCount: 3, primaryContact: { name: 'Dr. Priya Shah' } });
  });

  it('needs a name and an email to save a contact', async () => {
    const client = env().client();
    await ownerWithOrg(client);
    const c = await addCompany(client, { name: 'Acme' });
    const noEmail = await client.post(`/api/companies/${c.id}/contacts`, { name: 'Al', email: ' ' });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body).toMatchObject({ error: { fields: { email: 'Contact email is required' } } });
    const noName = await client.post(`/api/companies/${c.id}/contacts`, { email: 'al@acme.example' });
    expect(noName.body).toMatchObject({ error: { fields: { name: 'Contact name is required' } } });
    const longPhone = await client.post(`/api/companies/${c.id}/contacts`, {
      name: 'Al',
      email: 'al@acme.example',
      phone: '(555) 123-45678',
    });
    expect(longPhone.body).toMatchObject({ error: { fields: { phone: 'Phone number cannot exceed 14 characters' } } });
  });

  it('switches the primary contact so exactly one is primary', async () => {
    const client = env().client();
    await ownerWithOrg(client);
    const c = await addCompany(client, {
      name: 'Summit Auto',
      primaryContact: { name: 'Kelly', email: 'kelly@summit.example' },
    });
    const ben = await client.post<TContactReply>(`/api/companies/${c.id}/contacts`, {
      name: 'Ben',
      email: 'ben@summit.example',
    });
    const res = await client.post<TContactsReply>(`/api/companies/${c.id}/contacts/${ben.body.id}/primary`);
    expect(res.status).toBe(200);
    expect(res.body.contacts.map((x) => [x.name, x.isPrimary])).toEqual([
      ['Ben', true],
      ['Kelly', false],
    ]);
    // Asking again keeps one primary.
    await client.post(`/api/companies/${c.id}/contacts/${ben.body.id}/primary`);
    const cara = await client.post<TContactReply>(`/api/companies/${c.id}/contacts`, {
      name: 'Cara',
      email: 'cara@summit.example',
      isPrimary: true,
    });
    expect(cara.body.isPrimary).toBe(true);
    const list = await client.get<TContactsReply>(`/api/companies/${c.id}/contacts`);
    expect(list.body.contacts.filter((x) => x.isPrimary).map((x) => x.name)).toEqual(['Cara']);
    expect((await client.get<TCompanyReply>(`/api/companies/${c.id}`)).body.primaryContact?.name).toBe('Cara');
    expect((await client.post(`/api/companies/${c.id}/contacts/${randomUUID()}/primary`)).body).toMatchObject({
      error: { code: 'not_found', message: 'Contact not found' },
    });
  });

  it('edits and deactivates contacts; inactive ones leave the list and cannot be primary', async () => {
    const client = env().client();
    await ownerWithOrg(client);
    const c = await addCompany(client, {
      name: 'Maple Realty',
      primaryContact: { name: 'Tom', email: 'tom@maple.example' },
    });
    const tomId = c.primaryContact?.id ?? '';
    const sue = await client.post<TContactReply>(`/api/companies/${c.id}/contacts`, {
      name: 'Sue',
      email: 'sue@maple.example',
    });

    const edited = await client.patch<TContactReply>(`/api/companies/${c.id}/contacts/${sue.body.id}`, {
      name: 'Sue Becker',
      title: 'Broker',
    });
    expect(edited.body).toMatchObject({ name: 'Sue Becker', email: 'sue@maple.example', isPrimary: false });
    expect((await client.patch(`/api/companies/${c.id}/contacts/${sue.body.id}`, { email: '' })).status).toBe(400);

    const off = await client.patch<TContactReply>(`/api/companies/${c.id}/contacts/${tomId}`, { isActive: false });
    expect(off.body).toMatchObject({ isActive: false, isPrimary: false });
    const active = await client.get<TContactsReply>(`/api/companies/${c.id}/contacts`);
    expect(active.body.contacts.map((x) => x.name)).toEqual(['Sue Becker']);
    const all = await client.get<TContactsReply>(`/api/companies/${c.id}/contacts?includeInactive=true`);
    expect(all.body.contacts.map((x) => [x.name, x.isActive])).toEqual([
      ['Sue Becker', true],
      ['Tom', false],
    ]);
    // The company falls back to its oldest active contact.
    expect((await client.get<TCompanyReply>(`/api/companies/${c.id}`)).body).toMatchObject({
      contactCount: 1,
      primaryContact: { name: 'Sue Becker' },
    });
    const refused = await client.post(`/api/companies/${c.id}/contacts/${tomId}/primary`);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ error: { message: 'Only active contacts can be set as primary' } });

    expect((await client.delete(`/api/companies/${c.id}/contacts/${tomId}`)).body).toEqual({ ok: true });
    expect((await client.delete(`/api/companies/${c.id}/contacts/${tomId}`)).status).toBe(404);
  });

  it('refuses a second active contact with the same e-mail, by add, edit or reactivation (409 on the email field)', async () => {
    const client = env().client();
    await ownerWithOrg(client);
    const c = await addCompany(client, {
      name: 'Lakeside Bakery',
      primaryContact: { name: 'Rosa', email: 'rosa@lakeside.example' },
    });
    const refused = {
      error: {
        code: 'conflict',
        message: CONTACT_MESSAGES.duplicateEmail,
        fields: { email: CONTACT_MESSAGES.duplicateEmail },
      },
    };

    // Add: the same address in another case and with spaces around it.
    const again = await client.post(`/api/companies/${c.id}/contacts`, {
      name: 'Rosa B',
      email: '  ROSA@Lakeside.Example ',
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual(refused);

    // Edit: another contact cannot take the address; the contact itself may keep it or change its case.
    const ned = await client.post<TContactReply>(`/api/companies/${c.id}/contacts`, {
      name: 'Ned',
      email: 'ned@lakeside.example',
    });
    expect(ned.status).toBe(201);
    const taken = await client.patch(`/api/companies/${c.id}/contacts/${ned.body.id}`, {
      email: 'Rosa@lakeside.example',
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual(refused);
    const rosaId = c.primaryContact?.id ?? '';
    const ownCase = await client.patch<TContactReply>(`/api/companies/${c.id}/contacts/${rosaId}`, {
      name: 'Rosa Diaz',
      email: 'ROSA@lakeside.example',
    });
    expect(ownCase.status).toBe(200);
    expect(ownCase.body).toMatchObject({ name: 'Rosa Diaz', email: 'ROSA@lakeside.example' });

    // Only active contacts count: once Rosa is inactive her address can be added again, and then
    // she cannot be reactivated while the new contact has it.
    expect((await client.patch(`/api/companies/${c.id}/contacts/${rosaId}`, { isActive: false })).status).toBe(200);
    const newRosa = await client.post<TContactReply>(`/api/companies/${c.id}/contacts`, {
      name: 'Rosa New',
      email: 'rosa@lakeside.example',
    });
    expect(newRosa.status).toBe(201);
    const reactivate = await client.patch(`/api/companies/${c.id}/contacts/${rosaId}`, { isActive: true });
    expect(reactivate.status).toBe(409);
    expect(reactivate.body).toEqual(refused);

    // Another company may have a contact with the same address.
    const other = await addCompany(client, { name: 'Hilltop Cafe' });
    expect(
      (await client.post(`/api/companies/${other.id}/contacts`, { name: 'Rosa', email: 'rosa@lakeside.example' }))
        .status,
    ).toBe(201);

    const list = await client.get<TContactsReply>(`/api/companies/${c.id}/contacts?includeInactive=true`);
    expect(list.body.contacts.map((x) => [x.name, x.email, x.isActive])).toEqual([
      // Rosa New became primary: the company had no active primary when she was added.
      ['Rosa New', 'rosa@lakeside.example', true],
      ['Ned', 'ned@lakeside.example', true],
      ['Rosa Diaz', 'ROSA@lakeside.example', false],
    ]);
  });
});
