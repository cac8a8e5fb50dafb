import { contract, fail, json, jsonBody } from '../contract';
import { ZTimezonePreference } from '../profile/timezones';
import { ZOrganizationSettings, ZOrganizationSettingsReply, ZPlanReply } from './schemas';

export const getSettings = contract({
  method: 'get',
  path: '/organization/settings',
  tags: ['organization'],
  summary: 'The organization’s settings (any member; canEdit tells whether this member may save)',
  permission: 'member',
  responses: { 401: fail('Not signed in'), 200: json(ZOrganizationSettingsReply), 403: fail('Not a member') },
});

export const saveSettings = contract({
  method: 'put',
  path: '/organization/settings',
  tags: ['organization'],
  summary: 'Save the settings (owner only): trims, empty optionals to null, resets email_verified on a new alias',
  permission: 'organization_settings',
  example: { name: 'Riverside Boosters', seasonLabel: '2026-27', fiscalStartMonth: 7 },
  request: jsonBody(ZOrganizationSettings),
  responses: {
    401: fail('Not signed in'),
    200: json(ZOrganizationSettingsReply),
    400: fail('Invalid settings, with a message per field'),
    403: fail('Only the Owner may edit these settings'),
  },
});

export const getPlan = contract({
  method: 'get',
  path: '/plan',
  tags: ['organization'],
  summary: 'The plan state with sponsor and team usage against its limits',
  permission: 'member',
  responses: { 401: fail('Not signed in'), 200: json(ZPlanReply), 403: fail('Not a member') },
});

export const getTimezone = contract({
  method: 'get',
  path: '/profile/timezone',
  tags: ['profile'],
  summary: 'The signed-in user’s timezone preference (a missing profile is created)',
  permission: 'user',
  responses: { 200: json(ZTimezonePreference), 401: fail('Not signed in') },
});

export const saveTimezone = contract({
  method: 'put',
  path: '/profile/timezone',
  tags: ['profile'],
  summary: 'Save the timezone and the auto-detect switch',
  permission: 'user',
  example: { timezone: 'America/Chicago', autoDetect: false },
  request: jsonBody(ZTimezonePreference),
  responses: { 200: json(ZTimezonePreference), 400: fail('Invalid timezone selected'), 401: fail('Not signed in') },
});
