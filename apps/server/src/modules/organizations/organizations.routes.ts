import * as orgApi from '@pennant/shared/organization/contract';
import * as teamApi from '@pennant/shared/team/contract';
import { route } from '../../http/contract-route';
import { createRouter } from '../../http/router';
import { requireMember, requireUser } from '../session/member';
import {
  acceptInvite,
  cancelInvite,
  createInvite,
  resendInvite,
  signUpAndAccept,
  verifyInvite,
} from './invites.service';
import { getSettings, saveSettings } from './organizations.service';
import { getPlan } from './plan.service';
import { getTimezonePreference, setTimezonePreference } from './profile.service';
import { pendingInvites, teamMembers } from './team.service';

const api = { ...orgApi, ...teamApi };

export const organizationRoutes = createRouter()
  .openapi(route(api.getSettings), async (c) => c.json(await getSettings(c.get('deps'), await requireMember(c)), 200))
  .openapi(route(api.saveSettings), async (c) =>
    c.json(await saveSettings(c.get('deps'), await requireMember(c), c.req.valid('json')), 200),
  )
  .openapi(route(api.listMembers), async (c) =>
    c.json({ members: await teamMembers(c.get('deps'), await requireMember(c)) }, 200),
  )
  .openapi(route(api.listInvites), async (c) =>
    c.json({ invites: await pendingInvites(c.get('deps'), await requireMember(c)) }, 200),
  )
  .openapi(route(api.createInvite), async (c) => {
    const member = await requireMember(c);
    return c.json(await createInvite(c.get('deps'), member, c.req.valid('json')), 201);
  })
  .openapi(route(api.resendInvite), async (c) => {
    const member = await requireMember(c);
    return c.json(await resendInvite(c.get('deps'), member, c.req.valid('param').id), 200);
  })
  .openapi(route(api.cancelInvite), async (c) => {
    await cancelInvite(c.get('deps'), await requireMember(c), c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  })
  .openapi(route(api.verifyInvite), async (c) =>
    c.json(await verifyInvite(c.get('deps'), c.req.valid('param').id, c.req.valid('query').token), 200),
  )
  .openapi(route(api.acceptInvite), async (c) =>
    c.json(await acceptInvite(c.get('deps'), requireUser(c), c.req.valid('param').id, c.req.valid('json').token), 200),
  )
  .openapi(route(api.signUpWithInvite), async (c) => {
    const { headers, accepted } = await signUpAndAccept(
      c.get('deps'),
      c.req.valid('param').id,
      c.req.valid('json'),
      c.req.raw.headers,
    );
    for (const cookie of headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
    return c.json(accepted, 200);
  })
  .openapi(route(api.getPlan), async (c) => c.json(await getPlan(c.get('deps'), await requireMember(c)), 200))
  .openapi(route(api.getTimezone), async (c) => c.json(await getTimezonePreference(c.get('deps'), requireUser(c)), 200))
  .openapi(route(api.saveTimezone), async (c) =>
    c.json(await setTimezonePreference(c.get('deps'), requireUser(c), c.req.valid('json')), 200),
  );
