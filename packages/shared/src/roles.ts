/** Every role the portal knows. LA (lead assessor) always comes with TA (DECISIONS "People and roles"). */
export const ROLES = ['SYSADMIN', 'AR', 'TA', 'TA_ADMIN', 'CM', 'LA'] as const;
export type Role = (typeof ROLES)[number];

/** Fixed role ids, as the spec's role objects carry them ({id, name}). */
export const ROLE_IDS_BY_NAME: Record<Role, number> = { SYSADMIN: 1, AR: 2, TA: 3, TA_ADMIN: 4, CM: 5, LA: 6 };

export const ROLE_NAMES: Record<Role, string> = {
  SYSADMIN: 'System Administrator',
  AR: 'Authorised Representative',
  TA: 'Technical Assessor',
  TA_ADMIN: 'Technical Assessor Admin',
  CM: 'Committee Member',
  LA: 'Lead Assessor',
};

/** Priority used to derive the current role from a role list (spec/01 section 4). */
export const ROLE_PRIORITY: readonly Role[] = ['SYSADMIN', 'AR', 'TA_ADMIN', 'TA'];

/** Roles that count as "admin" in the route and sidebar tables. */
export const ADMIN_ROLES: readonly Role[] = ['SYSADMIN', 'TA_ADMIN'];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** SYSADMIN, AR, TA_ADMIN, TA by priority, otherwise CM. */
export function currentRoleOf(roles: readonly string[]): Role {
  for (const role of ROLE_PRIORITY) if (roles.includes(role)) return role;
  return 'CM';
}

/**
 * Roles a user can switch the view to. LA is left out: it is a role on a job, and every LA is a TA,
 * so the TA view already shows the lead assessor's work.
 */
export function switchableRoles(roles: readonly string[]): Role[] {
  return ROLES.filter((r) => r !== 'LA' && roles.includes(r));
}

export function isAdminRole(role: string | null | undefined): boolean {
  return role === 'SYSADMIN' || role === 'TA_ADMIN';
}

/** The side of a job a view role looks from: AR the facility's, TA and LA the assessors'. */
export type JobSide = 'facility' | 'assessor';

export function sideOfRole(role: string | null | undefined): JobSide | null {
  if (role === 'AR') return 'facility';
  if (role === 'TA' || role === 'LA') return 'assessor';
  return null;
}

/** Where a user lands after signing in (spec/01 2.3). */
export function landingPathFor(role: string): string {
  return isAdminRole(role) ? '/admin/outstanding-activities' : '/dashboard';
}
