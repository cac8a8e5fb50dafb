import { createRoute, z } from '@hono/zod-openapi';
import {
  ZAdType,
  ZCreateOrganization,
  ZCustomAdType,
  ZFinishMenuWizard,
  ZOnboardingRoles,
  ZOnboardingState,
} from '@pennant/shared/onboarding.schemas';
import { ROLES } from '@pennant/shared/roles';
import { createRouter, json, jsonBody } from '../../http/router';
import { loadMember, requireMember, requireUser } from '../session/member';
import {
  addCustomAdType,
  adTypes,
  assignRoles,
  createOrganization,
  finishMenuWizard,
  onboardingState,
} from './onboarding.service';

const tags = ['onboarding'];

export const onboardingRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/onboarding',
      tags,
      summary: 'The organization being set up and the owner’s roles',
      responses: { 200: json(ZOnboardingState) },
    }),
    async (c) => c.json(await onboardingState(c.get('deps'), requireUser(c)), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/onboarding/organization',
      tags,
      summary: 'Step 1: create the organization with the owner’s roles',
      request: jsonBody(ZCreateOrganization),
      responses: { 201: json(z.object({ orgId: z.uuid() })) },
    }),
    async (c) => c.json(await createOrganization(c.get('deps'), requireUser(c), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/onboarding/ad-types',
      tags,
      summary: 'Global ad types plus the organization’s own',
      responses: { 200: json(z.object({ adTypes: z.array(ZAdType) })) },
    }),
    async (c) => c.json({ adTypes: await adTypes(c.get('deps'), await requireMember(c)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/onboarding/ad-types',
      tags,
      summary: 'Step 2: add a custom ad type',
      request: jsonBody(ZCustomAdType),
      responses: { 201: json(ZAdType) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const member = await loadMember(deps, requireUser(c));
      return c.json(await addCustomAdType(deps, member, c.req.valid('json').label), 201);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/onboarding/menu',
      tags,
      summary: 'Step 2: create the chosen products and finish the menu wizard',
      request: jsonBody(ZFinishMenuWizard),
      responses: { 200: json(z.object({ created: z.number() })) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const member = await loadMember(deps, requireUser(c));
      return c.json(await finishMenuWizard(deps, member, c.req.valid('json')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/onboarding/roles',
      tags,
      summary: 'Step 3: the owner’s roles (admin always kept)',
      request: jsonBody(ZOnboardingRoles),
      responses: { 200: json(z.object({ roles: z.array(z.enum(ROLES)) })) },
    }),
    async (c) => {
      const deps = c.get('deps');
      const member = await loadMember(deps, requireUser(c));
      return c.json(await assignRoles(deps, member, c.req.valid('json')), 200);
    },
  );
