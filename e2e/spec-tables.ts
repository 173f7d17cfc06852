/**
 * Written out by hand from the spec (not imported from @portal/shared): the end-to-end tests check
 * what the user sees against the spec itself.
 */

/** spec/01 2.4 "Sidebar items by role", in the table's order. */
export const SIDEBAR_BY_ROLE = {
  AR: ['Facilities/Sites', 'Jobs', 'Invoices', 'Publications', 'Contact'],
  TA: ['Jobs', 'Publications', 'Useful Resources', 'Contact'],
  CM: ['Publications', 'Forum', 'Members', 'Calendar', 'Meeting Documents', 'Contact'],
  // 'Audit Trail' is ours, beyond the spec's table.
  SYSADMIN: ['Outstanding Activities', 'Notifications', 'All Users', 'Audit Trail'],
  TA_ADMIN: ['Outstanding Activities', 'Notifications', 'All Users', 'Reports'],
} as const;

export const ROLE_FULL_NAMES = {
  SYSADMIN: 'System Administrator',
  AR: 'Authorised Representative',
  TA: 'Technical Assessor',
  TA_ADMIN: 'Technical Assessor Admin',
  CM: 'Committee Member',
  LA: 'Lead Assessor',
} as const;

/**
 * The demo accounts of the README. The current role is the first of SYSADMIN, AR, TA_ADMIN, TA by
 * priority, otherwise CM (spec/01 4); admins land on outstanding activities (spec/01 2.3).
 */
export const DEMO_ACCOUNTS = [
  { email: 'admin@portal.test', roles: 'SYSADMIN', current: 'SYSADMIN', landing: '/admin/outstanding-activities' },
  { email: 'taadmin@portal.test', roles: 'TA_ADMIN', current: 'TA_ADMIN', landing: '/admin/outstanding-activities' },
  { email: 'ar@portal.test', roles: 'AR', current: 'AR', landing: '/dashboard' },
  { email: 'ta@portal.test', roles: 'TA', current: 'TA', landing: '/dashboard' },
  { email: 'la@portal.test', roles: 'LA and TA', current: 'TA', landing: '/dashboard' },
  { email: 'cm@portal.test', roles: 'CM', current: 'CM', landing: '/dashboard' },
  { email: 'multi@portal.test', roles: 'AR, TA and CM', current: 'AR', landing: '/dashboard' },
] as const;

export const MESSAGES = {
  twoFactorInvalid: 'Invalid token. Try again!',
  switchRole: (name: string) => `You will now view the site as "${name}".`,
} as const;

/** Browser storage keys (spec/01 9). */
export const STORAGE = { token: 'user_access_token', roles: 'ROLE', currentRole: 'CURRENT_ROLE' } as const;
