import { describe, expect, it } from 'vitest';
import { normalizeRole, normalizeRoles, roleLabel, roleMenuLabel } from './roles';

describe('roles', () => {
  it('normalises the other spellings of §6 on read', () => {
    expect(normalizeRole('readonly')).toBe('read_only');
    expect(normalizeRole('lead')).toBe('sponsorship_lead');
    expect(normalizeRole('fundraising_manager')).toBe('sponsorship_lead');
    expect(normalizeRole('owner')).toBeNull();
    expect(normalizeRoles(['admin', 'lead', 'sponsorship_lead', 'bogus'])).toEqual(['admin', 'sponsorship_lead']);
  });

  it('labels roles as the spec shows them', () => {
    expect(roleLabel('admin')).toBe('Org Admin');
    expect(roleLabel('read_only')).toBe('Read-Only');
  });

  it('menu labels replace underscores with spaces and capitalise', () => {
    expect(roleMenuLabel('sponsorship_lead')).toBe('Sponsorship Lead');
    expect(roleMenuLabel('read_only')).toBe('Read Only');
    expect(roleMenuLabel('admin')).toBe('Admin');
  });
});
