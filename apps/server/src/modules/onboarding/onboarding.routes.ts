import * as api from '@pennant/shared/onboarding/contract';
import { route } from '../../http/contract-route';
import { createRouter } from '../../http/router';
import { requireMember, requireUser } from '../session/member';
import {
  addCustomAdType,
  adTypes,
  assignRoles,
  createOrganization,
  finishMenuWizard,
  onboardingState,
} from './onboarding.service';

export const onboardingRoutes = createRouter()
  .openapi(route(api.onboardingState), async (c) =>
    c.json(await onboardingState(c.get('deps'), requireUser(c), c.get('member')), 200),
  )
  .openapi(route(api.createOrganization), async (c) =>
    c.json(await createOrganization(c.get('deps'), requireUser(c), c.req.valid('json')), 201),
  )
  .openapi(route(api.listAdTypes), async (c) =>
    c.json({ adTypes: await adTypes(c.get('deps'), await requireMember(c)) }, 200),
  )
  .openapi(route(api.addAdType), async (c) => {
    const deps = c.get('deps');
    const member = await requireMember(c);
    return c.json(await addCustomAdType(deps, member, c.req.valid('json').label), 201);
  })
  .openapi(route(api.finishMenu), async (c) => {
    const deps = c.get('deps');
    const member = await requireMember(c);
    return c.json(await finishMenuWizard(deps, member, c.req.valid('json')), 200);
  })
  .openapi(route(api.assignRoles), async (c) => {
    const deps = c.get('deps');
    const member = await requireMember(c);
    return c.json(await assignRoles(deps, member, c.req.valid('json')), 200);
  });
