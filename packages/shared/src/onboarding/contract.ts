import { z } from 'zod';
import { contract, fail, json, jsonBody } from '../contract';
import { ROLES } from '../team/roles';
import {
  ZAdType,
  ZCreateOrganization,
  ZCustomAdType,
  ZFinishMenuWizard,
  ZOnboardingRoles,
  ZOnboardingState,
} from './schemas';

const tags = ['onboarding'];
const signedOut = fail('Not signed in');
const notOwner = fail('Not the owner of an organization being set up');

export const onboardingState = contract({
  method: 'get',
  path: '/onboarding',
  tags,
  summary: 'The organization being set up and the owner’s roles',
  permission: 'user',
  responses: { 200: json(ZOnboardingState), 401: signedOut },
});

export const createOrganization = contract({
  method: 'post',
  path: '/onboarding/organization',
  tags,
  summary: 'Step 1: create the organization with the owner’s roles',
  permission: 'user',
  example: { name: 'Riverside Boosters', seasonLabel: '2026-27', fiscalStartMonth: 7 },
  request: jsonBody(ZCreateOrganization),
  responses: {
    201: json(z.object({ orgId: z.uuid() })),
    400: fail('Invalid input'),
    401: signedOut,
    409: fail('Already a member of an organization'),
  },
});

export const listAdTypes = contract({
  method: 'get',
  path: '/onboarding/ad-types',
  tags,
  summary: 'Global ad types plus the organization’s own',
  permission: 'member',
  responses: { 200: json(z.object({ adTypes: z.array(ZAdType) })), 401: signedOut, 403: fail('Not a member') },
});

export const addAdType = contract({
  method: 'post',
  path: '/onboarding/ad-types',
  tags,
  summary: 'Step 2: add a custom ad type',
  permission: 'owner',
  example: { label: 'Scoreboard Sign' },
  request: jsonBody(ZCustomAdType),
  responses: { 201: json(ZAdType), 400: fail('Invalid input'), 401: signedOut, 403: notOwner },
});

export const finishMenu = contract({
  method: 'post',
  path: '/onboarding/menu',
  tags,
  summary: 'Step 2: create the chosen products and finish the menu wizard',
  permission: 'owner',
  example: { adTypeIds: ['00000000-0000-4000-8000-000000000000'] },
  request: jsonBody(ZFinishMenuWizard),
  responses: {
    200: json(z.object({ created: z.number() })),
    400: fail('Invalid input'),
    401: signedOut,
    403: notOwner,
  },
});

export const assignRoles = contract({
  method: 'put',
  path: '/onboarding/roles',
  tags,
  summary: 'Step 3: the owner’s roles (admin always kept)',
  permission: 'owner',
  example: { roles: ['admin'] },
  request: jsonBody(ZOnboardingRoles),
  responses: {
    200: json(z.object({ roles: z.array(z.enum(ROLES)) })),
    400: fail('Invalid input'),
    401: signedOut,
    403: notOwner,
  },
});
