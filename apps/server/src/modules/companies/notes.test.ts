import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { ownerWithOrg } from '../../test/fixtures';
import { forEachDatabase } from '../../test/harness';
import { addCompany, type TCompanyReply } from './fixtures/company-fixtures';

interface TNoteReply {
  id: string;
  eventType: string;
  description: string;
  occurredAt: string;
  createdBy: string | null;
}

forEachDatabase('company notes', (env) => {
  it('accepts 2000 characters, refuses 2001 and blank notes with the spec’s words', async () => {
    const client = env().client();
    await ownerWithOrg(client);
    const c = await addCompany(client, { name: 'Blue Line Pizza' });
    const ok = await client.post<TNoteReply>(`/api/companies/${c.id}/notes`, { description: 'x'.repeat(2000) });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ eventType: 'note', description: 'x'.repeat(2000) });
    expect(ok.body.createdBy).not.toBeNull();

    const tooLong = await client.post(`/api/companies/${c.id}/notes`, { description: 'x'.repeat(2001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ error: { message: 'Note cannot exceed 2000 characters' } });
    const blank = await client.post(`/api/companies/${c.id}/notes`, { description: '   \n ' });
    expect(blank.body).toMatchObject({ error: { message: 'Note description is required' } });
    const missing = await client.post(`/api/companies/${c.id}/notes`, {});
    expect(missing.body).toMatchObject({ error: { message: 'Note description is required' } });
    // Trimmed before counting.
    expect((await client.post(`/api/companies/${c.id}/notes`, { description: `  ${'y'.repeat(2000)}  ` })).status).toBe(
      201,
    );
  });

  it('lists notes newest first and moves the last contact; deleting falls back', async () => {
    const client = env().client();
    await ownerWithOrg(client);
    const c = await addCompany(client, { name: 'Summit Auto' });
    expect(c.lastContactedAt).toBeNull();
    const first = await client.post<TNoteReply>(`/api/companies/${c.id}/notes`, { description: 'Left a voicemail' });
    const second = await client.post<TNoteReply>(`/api/companies/${c.id}/notes`, { description: '  Sent pricing  ' });
    const notes = await client.get<{ notes: TNoteReply[] }>(`/api/companies/${c.id}/notes`);
    expect(notes.body.notes.map((n) => n.description)).toEqual(['Sent pricing', 'Left a voicemail']);

    const after = await client.get<TCompanyReply>(`/api/companies/${c.id}`);
    expect(after.body.lastContactedAt).toBe(second.body.occurredAt);

    expect((await client.delete(`/api/companies/${c.id}/notes/${second.body.id}`)).body).toEqual({ ok: true });
    expect((await client.get<TCompanyReply>(`/api/companies/${c.id}`)).body.lastContactedAt).toBe(
      first.body.occurredAt,
    );
    await client.delete(`/api/companies/${c.id}/notes/${first.body.id}`);
    expect((await client.get<TCompanyReply>(`/api/companies/${c.id}`)).body.lastContactedAt).toBeNull();
    expect((await client.get<{ notes: TNoteReply[] }>(`/api/companies/${c.id}/notes`)).body.notes).toEqual([]);

    const gone = await client.delete(`/api/companies/${c.id}/notes/${first.body.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ error: { message: 'Note not found' } });
    expect((await client.delete(`/api/companies/${c.id}/notes/${randomUUID()}`)).status).toBe(404);
  });

  it('keeps status changes on the timeline without counting them as contact', async () => {
    const client = env().client();
    await ownerWithOrg(client);
    const c = await addCompany(client, { name: 'Acme' });
    await client.patch(`/api/companies/${c.id}/status`, { status: 'contacted' });
    const notes = await client.get<{ notes: TNoteReply[] }>(`/api/companies/${c.id}/notes`);
    expect(notes.body.notes.map((n) => n.eventType)).toEqual(['status_changed']);
    expect((await client.get<TCompanyReply>(`/api/companies/${c.id}`)).body.lastContactedAt).toBeNull();
  });
});
