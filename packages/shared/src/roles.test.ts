import { describe, expect, it } from 'vitest';
import { currentRoleOf, isAdminRole, isRole, landingPathFor, switchableRoles } from './roles.js';

describe('currentRoleOf (spec/01 4: SYSADMIN, AR, TA_ADMIN, TA, otherwise CM)', () => {
  it.each([
    [['SYSADMIN'], 'SYSADMIN'],
    [['CM', 'TA', 'AR', 'SYSADMIN'], 'SYSADMIN'],
    [['AR'], 'AR'],
    [['CM', 'TA', 'AR'], 'AR'],
    [['TA', 'AR', 'CM'], 'AR'],
    [['TA_ADMIN'], 'TA_ADMIN'],
    [['TA', 'TA_ADMIN'], 'TA_ADMIN'],
    [['AR', 'TA_ADMIN'], 'AR'],
    [['TA'], 'TA'],
    [['LA', 'TA'], 'TA'],
    [['CM', 'TA'], 'TA'],
    [['CM'], 'CM'],
    [['LA'], 'CM'],
    [[], 'CM'],
  ] as const)('%j -> %s', (roles, expected) => {
    expect(currentRoleOf(roles)).toBe(expected);
  });

  it('does not depend on the order of the list', () => {
    expect(currentRoleOf(['TA', 'SYSADMIN'])).toBe(currentRoleOf(['SYSADMIN', 'TA']));
    expect(currentRoleOf(['TA_ADMIN', 'AR'])).toBe('AR');
  });
});

describe('role helpers', () => {
  it('lands admins on outstanding activities and everyone else on the dashboard (spec/01 2.3)', () => {
    expect(landingPathFor('SYSADMIN')).toBe('/admin/outstanding-activities');
    expect(landingPathFor('TA_ADMIN')).toBe('/admin/outstanding-activities');
    for (const role of ['AR', 'TA', 'LA', 'CM']) expect(landingPathFor(role)).toBe('/dashboard');
  });

  it('recognises the role names', () => {
    expect(isRole('TA_ADMIN')).toBe(true);
    expect(isRole('ta')).toBe(false);
    expect(isRole(3)).toBe(false);
    expect(isAdminRole('SYSADMIN')).toBe(true);
    expect(isAdminRole('TA_ADMIN')).toBe(true);
    expect(isAdminRole('AR')).toBe(false);
    expect(isAdminRole(null)).toBe(false);
  });

  it('lists the views a multi-role user can switch to, without LA', () => {
    expect(switchableRoles(['AR', 'TA', 'CM'])).toEqual(['AR', 'TA', 'CM']);
    expect(switchableRoles(['LA', 'TA'])).toEqual(['TA']);
    expect(switchableRoles(['CM'])).toEqual(['CM']);
  });
});
