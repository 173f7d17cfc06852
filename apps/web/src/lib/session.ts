import { useSyncExternalStore } from 'react';
import { currentRoleOf, isRole, STORAGE_KEYS, type Role } from '@portal/shared';

/**
 * The browser storage of the signed-in state, under the spec's keys (spec/01 section 9):
 * user_access_token, ROLE (JSON role list), CURRENT_ROLE, plus CURRENT_COMMITTEE for committee members.
 * Components read it through useSession(), which re-renders on every change.
 */

export interface SessionSnapshot {
  token: string | null;
  roles: Role[];
  currentRole: Role | null;
  committeeId: number | null;
  /**
   * The token is a sign-in still waiting for its second factor: it opens only the two-factor calls.
   * Kept in memory only, so a reload of such a tab starts again from the login screen.
   */
  awaitingSecondFactor: boolean;
}

const listeners = new Set<() => void>();
let snapshot: SessionSnapshot | null = null;
let awaitingSecondFactor = false;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function read(key: string): string | null {
  return storage()?.getItem(key) ?? null;
}

function write(key: string, value: string | null): void {
  const s = storage();
  if (!s) return;
  if (value === null) s.removeItem(key);
  else s.setItem(key, value);
}

function parseRoles(raw: string | null): Role[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isRole) : [];
  } catch {
    return [];
  }
}

function readSnapshot(): SessionSnapshot {
  const token = read(STORAGE_KEYS.token);
  const role = read(STORAGE_KEYS.currentRole);
  const committee = Number(read(STORAGE_KEYS.committee));
  return {
    token: token || null,
    roles: parseRoles(read(STORAGE_KEYS.roles)),
    currentRole: isRole(role) ? role : null,
    committeeId: Number.isInteger(committee) && committee > 0 ? committee : null,
    awaitingSecondFactor: awaitingSecondFactor && Boolean(token),
  };
}

function changed(): void {
  snapshot = readSnapshot();
  for (const listener of listeners) listener();
}

/** Reads the storage again (another writer changed it: a test, or devtools). */
export function reloadSession(): void {
  changed();
}

export function getSession(): SessionSnapshot {
  snapshot ??= readSnapshot();
  return snapshot;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  // Another tab signed in or out.
  window.addEventListener('storage', (event) => {
    if (event.key === null || (Object.values(STORAGE_KEYS) as string[]).includes(event.key)) changed();
  });
}

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function getToken(): string | null {
  return getSession().token;
}

/** True when a full (verified) session is stored. */
export function isSignedIn(session: SessionSnapshot = getSession()): boolean {
  return Boolean(session.token) && !session.awaitingSecondFactor;
}

/** The verified token that replaces the one the sign-in gave (POST /twofactor/verify). */
export function setToken(token: string): void {
  awaitingSecondFactor = false;
  write(STORAGE_KEYS.token, token);
  changed();
}

/** Stores what a sign-in answers: the token, the role list and the current role derived from it. */
export function startSession(
  token: string,
  roles: readonly string[],
  options: { committeeId?: number | null; awaitingSecondFactor?: boolean } = {},
): void {
  const held = roles.filter(isRole);
  const committeeId = options.committeeId;
  awaitingSecondFactor = Boolean(options.awaitingSecondFactor);
  write(STORAGE_KEYS.token, token);
  write(STORAGE_KEYS.roles, JSON.stringify(held));
  write(STORAGE_KEYS.currentRole, currentRoleOf(held));
  write(STORAGE_KEYS.committee, committeeId ? String(committeeId) : null);
  changed();
}

/**
 * Refreshes the role list from the server (GET /activeuser). The current role is kept when the user
 * still holds it, otherwise it is derived again.
 */
export function syncRoles(roles: readonly string[]): void {
  const held = roles.filter(isRole);
  const current = getSession().currentRole;
  write(STORAGE_KEYS.roles, JSON.stringify(held));
  write(STORAGE_KEYS.currentRole, current && held.includes(current) ? current : currentRoleOf(held));
  changed();
}

/**
 * Takes the roles and committees of an active-user answer: the current role kept if still held, and
 * a committee member's current committee the first of theirs unless the stored one is still theirs.
 */
export function syncActiveUser(user: { permissions: readonly string[]; committees: readonly { id: number }[] }): void {
  syncRoles(user.permissions);
  const ids = user.committees.map((c) => c.id);
  const stored = getSession().committeeId;
  if (ids.length === 0) {
    if (stored !== null) setCurrentCommittee(null);
  } else if (stored === null || !ids.includes(stored)) {
    setCurrentCommittee(ids[0]!);
  }
}

export function setCurrentRole(role: Role): void {
  write(STORAGE_KEYS.currentRole, role);
  changed();
}

export function setCurrentCommittee(committeeId: number | null): void {
  write(STORAGE_KEYS.committee, committeeId ? String(committeeId) : null);
  changed();
}

/** Forgets everything the sign-in stored. */
export function clearAuth(): void {
  awaitingSecondFactor = false;
  for (const key of Object.values(STORAGE_KEYS)) write(key, null);
  changed();
}

/**
 * A session that ended under the user (revoked, expired, signed out elsewhere) leaves a mark in
 * sessionStorage, so the login screen can say so once, even after a full reload.
 */
const ENDED_KEY = 'portal.sessionEnded';

export function markSessionEnded(): void {
  try {
    window.sessionStorage.setItem(ENDED_KEY, '1');
  } catch {
    // Without storage the login screen simply does not say why.
  }
}

export function sessionEndedMark(): boolean {
  try {
    return window.sessionStorage.getItem(ENDED_KEY) === '1';
  } catch {
    return false;
  }
}

export function clearSessionEndedMark(): void {
  try {
    window.sessionStorage.removeItem(ENDED_KEY);
  } catch {
    // nothing to clear
  }
}
