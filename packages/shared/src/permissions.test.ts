import { describe, expect, it } from 'vitest';
import { grantableBy, managerOf, ROLE_GRANTS, rolesBeyondGrant } from './permissions.js';

describe('managerOf: who manages a user, from every role they hold', () => {
  it.each([
    [['TA'], 'TA_ADMIN'],
    [['LA', 'TA'], 'TA_ADMIN'],
    [['TA', 'SYSADMIN'], 'SYSADMIN'],
    [['TA', 'AR'], 'SYSADMIN'],
    [['TA', 'CM'], 'SYSADMIN'],
    [['TA', 'TA_ADMIN'], 'SYSADMIN'],
    [['TA_ADMIN'], 'SYSADMIN'],
    [['AR'], 'SYSADMIN'],
    [[], 'SYSADMIN'],
  ])('%j is managed by %s', (roles, manager) => {
    expect(managerOf(roles)).toBe(manager);
  });
});

describe('ROLE_GRANTS: who may grant or remove which role', () => {
  it('a SYSADMIN any role, a TA_ADMIN TA and LA; both admin roles together the union', () => {
    expect(ROLE_GRANTS.TA_ADMIN).toEqual(['TA', 'LA']);
    expect(grantableBy(['TA_ADMIN', 'TA'])).toEqual(['TA', 'LA']);
    expect(grantableBy(['SYSADMIN'])).toEqual(['SYSADMIN', 'AR', 'TA', 'TA_ADMIN', 'CM', 'LA']);
    expect(grantableBy(['AR', 'TA'])).toEqual([]);
  });

  it('answers the roles of a change (added or removed) outside the actor’s row', () => {
    expect(rolesBeyondGrant(['TA_ADMIN'], ['TA'], ['TA', 'TA_ADMIN'])).toEqual(['TA_ADMIN']);
    expect(rolesBeyondGrant(['TA_ADMIN'], ['TA', 'AR'], ['TA'])).toEqual(['AR']);
    expect(rolesBeyondGrant(['TA_ADMIN'], ['TA'], ['LA', 'TA'])).toEqual([]);
    expect(rolesBeyondGrant(['TA_ADMIN'], ['CM'], ['CM'])).toEqual([]);
    expect(rolesBeyondGrant(['SYSADMIN'], [], ['SYSADMIN', 'TA_ADMIN'])).toEqual([]);
  });
});
