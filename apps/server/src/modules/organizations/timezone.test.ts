import { expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from '../../db/client';
import { ownerWithOrg, signUp } from '../../test/fixtures';
import { forEachDatabase } from '../../test/harness';
import { platformQuery, teammate } from '../../test/team-fixtures';

interface TPreference {
  timezone: string;
  autoDetect: boolean;
}

forEachDatabase('timezone preference', (env) => {
  const profiles = (email: string) =>
    platformQuery(
      env(),
      z.object({ timezone: z.string(), timezone_auto_detect: z.boolean() }),
      sql`SELECT p.timezone, p.timezone_auto_detect FROM user_profiles p JOIN auth_user u ON u.id = p.id WHERE u.email = ${email}`,
    );

  it('creates a missing profile with America/New_York and auto-detect on', async () => {
    const client = env().client();
    const { email } = await signUp(client);
    expect(await profiles(email)).toEqual([]);
    const res = await client.get<TPreference>('/api/profile/timezone');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ timezone: 'America/New_York', autoDetect: true });
    expect(await profiles(email)).toEqual([{ timezone: 'America/New_York', timezone_auto_detect: true }]);
    expect((await client.get<TPreference>('/api/profile/timezone')).body).toEqual(res.body);
  });

  it('saves a zone and the switch, and the session dates follow it', async () => {
    const client = env().client();
    const { email } = await ownerWithOrg(client);
    const res = await client.put<TPreference>('/api/profile/timezone', { timezone: 'Asia/Tokyo', autoDetect: false });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ timezone: 'Asia/Tokyo', autoDetect: false });
    expect((await client.get<TPreference>('/api/profile/timezone')).body).toEqual(res.body);
    expect(await profiles(email)).toEqual([{ timezone: 'Asia/Tokyo', timezone_auto_detect: false }]);
    const me = await client.get<{ session: { timezone: string } }>('/api/session');
    expect(me.body.session.timezone).toBe('Asia/Tokyo');

    const detected = await client.put<TPreference>('/api/profile/timezone', {
      timezone: 'America/Phoenix',
      autoDetect: true,
    });
    expect(detected.body).toEqual({ timezone: 'America/Phoenix', autoDetect: true });
  });

  it('refuses an unknown zone with the spec’s message and keeps the saved one', async () => {
    const client = env().client();
    await signUp(client);
    await client.put('/api/profile/timezone', { timezone: 'Europe/London', autoDetect: false });
    for (const timezone of ['Mars/Olympus_Mons', '', 'UTC+5; DROP TABLE user_profiles']) {
      const res = await client.put('/api/profile/timezone', { timezone, autoDetect: false });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        error: { message: 'Invalid timezone selected', fields: { timezone: 'Invalid timezone selected' } },
      });
    }
    expect((await client.get<TPreference>('/api/profile/timezone')).body.timezone).toBe('Europe/London');
  });

  it('is each user’s own: a read-only member may save theirs, and nobody else’s changes', async () => {
    const owner = env().client();
    const o = await ownerWithOrg(owner);
    const ro = await teammate(env(), owner, o.orgId, ['read_only']);
    const res = await ro.client.put<TPreference>('/api/profile/timezone', {
      timezone: 'Australia/Sydney',
      autoDetect: false,
    });
    expect(res.status).toBe(200);
    expect((await owner.get<TPreference>('/api/profile/timezone')).body.timezone).toBe('America/New_York');
  });

  it('asks for sign-in', async () => {
    const visitor = env().client();
    expect((await visitor.get('/api/profile/timezone')).status).toBe(401);
    expect((await visitor.put('/api/profile/timezone', { timezone: 'Asia/Tokyo', autoDetect: true })).status).toBe(401);
  });
});
