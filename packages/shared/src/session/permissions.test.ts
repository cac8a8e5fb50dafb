import { describe, expect, it } from 'vitest';
import { ROLES, type TRole } from '../team/roles';
import {
  AREAS,
  can,
  canManage,
  MANAGE_RIGHTS,
  permissionsFor,
  type TArea,
  type TMember,
  type TRecordAction,
} from './permissions';
import { ZPermissions } from './schemas';

const ACTIONS: readonly TRecordAction[] = ['create', 'edit', 'delete'];

/**
 * The expected matrix, written out from spec §6: catalogue and sales documents (products,
 * bundles, quotes, price lists, agreements, outreach) belong to admins and sponsorship leads,
 * invoices to admins and treasurers, companies and campaigns to every working role, and a
 * read-only member writes nothing.
 */
const EXPECTED: Record<TArea, readonly TRole[]> = {
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

const member = (roles: TRole[], isOwner = false): TMember => ({ roles, isOwner });

describe('record rights', () => {
  it('covers every area', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...AREAS].sort());
  });

  for (const role of ROLES) {
    for (const area of AREAS) {
      for (const action of ACTIONS) {
        const allowed = EXPECTED[area].includes(role);
        it(`${role} ${allowed ? 'may' : 'may not'} ${action} ${area}`, () => {
          expect(can(member([role]), action, area)).toBe(allowed);
        });
      }
    }
  }

  it('gives a member with several roles the union of their rights', () => {
    const both = member(['treasurer', 'sponsorship_lead']);
    for (const area of AREAS) {
      expect(can(both, 'edit', area)).toBe(
        EXPECTED[area].includes('treasurer') || EXPECTED[area].includes('sponsorship_lead'),
      );
    }
    expect(can(member(['read_only', 'treasurer']), 'create', 'invoices')).toBe(true);
  });

  it('gives nothing to a member without roles, owner flag or not', () => {
    for (const area of AREAS) {
      for (const action of ACTIONS) {
        expect(can(member([]), action, area)).toBe(false);
        expect(can(member([], true), action, area)).toBe(false);
      }
    }
  });
});

describe('manage rights', () => {
  it('lets only the owner edit organization settings', () => {
    expect(canManage(member(['admin'], true), 'organization_settings')).toBe(true);
    for (const role of ROLES) expect(canManage(member([role]), 'organization_settings')).toBe(false);
    expect(canManage(member([...ROLES]), 'organization_settings')).toBe(false);
  });

  it('lets admins and the owner manage the team', () => {
    expect(canManage(member(['admin']), 'team')).toBe(true);
    expect(canManage(member(['treasurer'], true), 'team')).toBe(true);
    expect(canManage(member(['treasurer']), 'team')).toBe(false);
    expect(canManage(member(['sponsorship_lead']), 'team')).toBe(false);
    expect(canManage(member(['read_only']), 'team')).toBe(false);
  });

  it('gives the payment right to anyone holding a role other than read_only', () => {
    expect(canManage(member(['admin']), 'payment')).toBe(true);
    expect(canManage(member(['treasurer']), 'payment')).toBe(true);
    expect(canManage(member(['sponsorship_lead']), 'payment')).toBe(true);
    expect(canManage(member(['read_only', 'treasurer']), 'payment')).toBe(true);
    expect(canManage(member(['read_only']), 'payment')).toBe(false);
    expect(canManage(member([]), 'payment')).toBe(false);
  });
});

describe('permissionsFor', () => {
  it('sends the client exactly what the server enforces', () => {
    for (const roles of [['admin'], ['treasurer'], ['sponsorship_lead'], ['read_only'], []] as TRole[][]) {
      for (const isOwner of [false, true]) {
        const m = member(roles, isOwner);
        const p = permissionsFor(m);
        for (const area of AREAS) {
          expect(p[area]).toEqual({
            canCreate: can(m, 'create', area),
            canEdit: can(m, 'edit', area),
            canDelete: can(m, 'delete', area),
          });
        }
        expect(p.organization_settings).toBe(canManage(m, 'organization_settings'));
        expect(p.team).toBe(canManage(m, 'team'));
        expect(p.payment).toBe(canManage(m, 'payment'));
      }
    }
  });

  it('leaves a read-only member with every control disabled', () => {
    const p = permissionsFor(member(['read_only']));
    for (const area of AREAS) expect(p[area]).toEqual({ canCreate: false, canEdit: false, canDelete: false });
    expect([p.organization_settings, p.team, p.payment]).toEqual([false, false, false]);
  });
});

describe('the permissions the client receives', () => {
  it('are the matrix itself: every area and manage right, parsed by the session schema', () => {
    const all = permissionsFor({ roles: ['admin'], isOwner: true });
    expect(ZPermissions.parse(all)).toEqual(all);
    expect(Object.keys(ZPermissions.shape).sort()).toEqual([...AREAS, ...MANAGE_RIGHTS].sort());
  });
});
