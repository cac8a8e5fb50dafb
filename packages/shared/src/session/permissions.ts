import { ADMIN_MESSAGES } from '../admin/schemas';
import { OWNER_ONLY_SETTINGS_MESSAGE } from '../organization/schemas';
import type { TRole } from '../team/roles';
import { INVITE_MESSAGES } from '../team/schemas';

/** Product areas whose records members create, edit and delete. */
export const AREAS = [
  'companies',
  'products',
  'bundles',
  'price_lists',
  'quotes',
  'agreements',
  'invoices',
  'campaigns',
  'outreach',
] as const;
export type TArea = (typeof AREAS)[number];
export const RECORD_ACTIONS = ['create', 'edit', 'delete'] as const;
export type TRecordAction = (typeof RECORD_ACTIONS)[number];
export const MANAGE_RIGHTS = ['organization_settings', 'team', 'payment'] as const;
export type TManageRight = (typeof MANAGE_RIGHTS)[number];

export interface TMember {
  roles: readonly TRole[];
  isOwner: boolean;
}

/**
 * Who may change what in each area. Read-only members never appear here; every member may read.
 * Catalogue and sales documents belong to admins and sponsorship leads (spec §6); money documents
 * to admins and treasurers; the CRM is shared by every working role.
 */
const AREA_WRITERS: Record<TArea, readonly TRole[]> = {
  companies: ['admin', 'sponsorship_lead', 'treasurer'],
  products: ['admin', 'sponsorship_lead'],
  bundles: ['admin', 'sponsorship_lead'],
  price_lists: ['admin', 'sponsorship_lead'],
  quotes: ['admin', 'sponsorship_lead'],
  agreements: ['admin', 'sponsorship_lead'],
  invoices: ['admin', 'treasurer'],
  campaigns: ['admin', 'sponsorship_lead', 'treasurer'],
  outreach: ['admin', 'sponsorship_lead'],
};

export function can(member: TMember, action: TRecordAction, area: TArea): boolean {
  // Every record action shares the same writers today; the action stays in the signature so a
  // future split (say, treasurers may edit but not delete) changes this function only.
  void action;
  const writers = AREA_WRITERS[area];
  return member.roles.some((r) => writers.includes(r));
}

export function canManage(member: TMember, right: TManageRight): boolean {
  switch (right) {
    case 'organization_settings':
      return member.isOwner;
    case 'team':
      return member.isOwner || member.roles.includes('admin');
    case 'payment':
      return member.roles.some((r) => r !== 'read_only');
  }
}

export interface TAreaRights {
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
}

export type TPermissions = Record<TArea, TAreaRights> & Record<TManageRight, boolean>;

/** The whole matrix for one member, sent to the client so its controls follow the server's rule. */
export function permissionsFor(member: TMember): TPermissions {
  const areas = Object.fromEntries(
    AREAS.map((area) => [
      area,
      {
        canCreate: can(member, 'create', area),
        canEdit: can(member, 'edit', area),
        canDelete: can(member, 'delete', area),
      },
    ]),
  ) as Record<TArea, TAreaRights>;
  return {
    ...areas,
    organization_settings: canManage(member, 'organization_settings'),
    team: canManage(member, 'team'),
    payment: canManage(member, 'payment'),
  };
}

// ---------------------------------------------------------------------------------------------
// Route permissions: what each route contract needs, checked before its body is read.
// ---------------------------------------------------------------------------------------------

/**
 * Platform permissions, held by platform administrators (the app-admin flag), never by a role of
 * an organization: `platformAdmin` for the admin console (while the admin impersonates an
 * organization, its reads only), `endImpersonation` for ending one's own impersonation (the one
 * console write an impersonating session may make).
 */
export const PLATFORM_PERMISSIONS = ['platformAdmin', 'endImpersonation'] as const;
export type TPlatformPermission = (typeof PLATFORM_PERMISSIONS)[number];

/**
 * `public`: anyone; `user`: a signed-in account, member or not (its own account, onboarding,
 * invitations); `member`: any member of an organization (reads); `owner`: the organization's
 * owner (setting it up); a platform permission (the admin console); otherwise a record action in
 * an area or a manage right of the matrix.
 */
export type TPermission =
  | 'public'
  | 'user'
  | 'member'
  | 'owner'
  | TPlatformPermission
  | `${TArea}.${TRecordAction}`
  | TManageRight;

export function isPlatformPermission(value: string): value is TPlatformPermission {
  return (PLATFORM_PERMISSIONS as readonly string[]).includes(value);
}

/** True for a permission a contract may name (checked by the route-contract test). */
export function isPermission(value: string): value is TPermission {
  if (['public', 'user', 'member', 'owner'].includes(value) || isManageRight(value) || isPlatformPermission(value))
    return true;
  const [area, action, extra] = value.split('.');
  return extra === undefined && isArea(area) && isAction(action);
}

/** Permissions a read-only member is refused: everything beyond reading and their own account. */
export function isRestricted(permission: TPermission): boolean {
  return !['public', 'user', 'member'].includes(permission);
}

function isArea(v: string | undefined): v is TArea {
  return (AREAS as readonly (string | undefined)[]).includes(v);
}
function isAction(v: string | undefined): v is TRecordAction {
  return (RECORD_ACTIONS as readonly (string | undefined)[]).includes(v);
}
function isManageRight(v: string): v is TManageRight {
  return (MANAGE_RIGHTS as readonly string[]).includes(v);
}

function parseAreaAction(permission: TPermission): { area: TArea; action: TRecordAction } | null {
  const [area, action] = permission.split('.');
  return isArea(area) && isAction(action) ? { area, action } : null;
}

/**
 * Whether a member's roles grant the permission. Platform permissions are never granted by an
 * organization's roles: the server checks the app-admin flag for them (contract-route.ts).
 */
export function allows(member: TMember, permission: TPermission): boolean {
  if (permission === 'public' || permission === 'user' || permission === 'member') return true;
  if (isPlatformPermission(permission)) return false;
  if (permission === 'owner') return member.isOwner;
  const record = parseAreaAction(permission);
  if (record) return can(member, record.action, record.area);
  return isManageRight(permission) && canManage(member, permission);
}

const ACTION_WORDS: Record<TRecordAction, string> = { create: 'add', edit: 'edit', delete: 'delete' };
const AREA_WORDS: Record<TArea, string> = {
  companies: 'companies',
  products: 'products',
  bundles: 'bundles',
  price_lists: 'price lists',
  quotes: 'quotes',
  agreements: 'agreements',
  invoices: 'invoices',
  campaigns: 'campaigns',
  outreach: 'outreach',
};

/** The refusal a member without the permission reads (403 forbidden). */
export function refusal(permission: TPermission): string {
  const record = parseAreaAction(permission);
  if (record) return `You do not have permission to ${ACTION_WORDS[record.action]} ${AREA_WORDS[record.area]}`;
  switch (permission) {
    case 'owner':
      return 'Only the Owner may set up the organization';
    case 'organization_settings':
      return OWNER_ONLY_SETTINGS_MESSAGE;
    case 'team':
      return INVITE_MESSAGES.teamRightRequired;
    case 'payment':
      return 'You do not have permission to take payments';
    case 'platformAdmin':
    case 'endImpersonation':
      return ADMIN_MESSAGES.notAuthorizedDescription;
    default:
      return 'You do not have permission to do that';
  }
}
