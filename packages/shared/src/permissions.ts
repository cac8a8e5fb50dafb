import type { TRole } from './roles';

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
export type TRecordAction = 'create' | 'edit' | 'delete';
export type TManageRight = 'organization_settings' | 'team' | 'payment';

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
