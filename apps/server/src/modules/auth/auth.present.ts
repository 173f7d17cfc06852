import { ROLE_IDS_BY_NAME, type ActiveUser, type RememberedDevice, type Role } from '@portal/shared';
import type { User } from '../../platform/auth.js';

interface CommitteeRow {
  id: number;
  name: string;
  adminId: number | null;
  canWrite: boolean;
}

/** The user as GET /activeuser and POST /login show it (spec/01 section 3). */
export function presentActiveUser(user: User, roles: Role[], committees: CommitteeRow[]): ActiveUser {
  return {
    user: {
      id: user.id,
      resource_id: user.resourceId,
      first_name: user.firstName,
      middle_name: user.middleName,
      last_name: user.lastName,
      title: user.title,
      email: user.email,
      mobile_number: user.mobileNumber,
      roles: roles.map((name) => ({ id: ROLE_IDS_BY_NAME[name], name })),
      activated: user.activated ? 1 : 0,
    },
    permissions: roles,
    committeePermissions: Object.fromEntries(
      committees.map((c) => [String(c.id), c.canWrite || c.adminId === user.id ? 1 : 0] as const),
    ),
    committees: committees.map((c) => ({
      id: c.id,
      name: c.name,
      value: c.name,
      admin_id: c.adminId,
      admin: c.adminId === user.id,
    })),
    '2fa_setup': { tf_mobile_number: user.tfMobileNumber, completed: user.tfCompleted },
  };
}

/** a***@portal.test, +6141****678: enough to recognise, not enough to harvest. */
export function maskDestination(channel: 'email' | 'sms', destination: string): string {
  if (channel === 'email') {
    const [local = '', domain = ''] = destination.split('@');
    return `${local.slice(0, 1)}***@${domain}`;
  }
  return destination.length > 7 ? `${destination.slice(0, 5)}****${destination.slice(-3)}` : '****';
}

/** One remembered browser as /profile2fa lists it. */
export function presentRememberedDevice(
  row: { id: string; userAgent: string | null; createdAt: Date; lastUsedAt: Date | null; expiresAt: Date },
  current: boolean,
): RememberedDevice {
  return {
    id: row.id,
    user_agent: row.userAgent,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    expires_at: row.expiresAt.toISOString(),
    current,
  };
}
