import { STORAGE_KEYS, type Role } from '@portal/shared';
import { reloadSession } from '../lib/session';

/** Stores a signed-in session with one role, as a sign-in would (and a committee for a committee member). */
export function signInAs(role: Role, token = 't', committeeId?: number) {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.roles, JSON.stringify([role]));
  localStorage.setItem(STORAGE_KEYS.currentRole, role);
  if (committeeId) localStorage.setItem(STORAGE_KEYS.committee, String(committeeId));
  reloadSession();
}
