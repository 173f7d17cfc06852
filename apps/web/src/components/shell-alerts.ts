import { useSyncExternalStore } from 'react';

/**
 * The dismissible alerts shown above every signed-in page (spec/01 2.4). Any page may add one;
 * an alert that should survive a reload (the role switch reloads the page) is kept in sessionStorage.
 */
export interface ShellAlert {
  id: string;
  message: string;
  title?: string;
  color?: string;
  /**
   * A passing line ('that page is not open to you'): shown only on these paths, and gone once the
   * user moves on to another page.
   */
  onlyOn?: string[];
}

const STORAGE_KEY = 'portal.shellAlerts';
const listeners = new Set<() => void>();
let alerts: ShellAlert[] = load();

function load(): ShellAlert[] {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    const value: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(value) ? (value as ShellAlert[]) : [];
  } catch {
    return [];
  }
}

function save(next: ShellAlert[]): void {
  alerts = next;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage may be unavailable (private mode); the alerts still show until the page reloads.
  }
  for (const listener of listeners) listener();
}

export function addShellAlert(alert: ShellAlert): void {
  save([...alerts.filter((a) => a.id !== alert.id), alert]);
}

export function dismissShellAlert(id: string): void {
  save(alerts.filter((a) => a.id !== id));
}

/** Drops the passing alerts that are not for this path (alerts-area.tsx, on every page). */
export function dropPassingAlerts(pathname: string): void {
  const kept = alerts.filter((a) => !a.onlyOn || a.onlyOn.includes(pathname));
  if (kept.length !== alerts.length) save(kept);
}

export function clearShellAlerts(): void {
  save([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useShellAlerts(): ShellAlert[] {
  return useSyncExternalStore(
    subscribe,
    () => alerts,
    () => alerts,
  );
}
