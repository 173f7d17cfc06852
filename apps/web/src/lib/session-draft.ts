/**
 * What a visitor has typed into a long form, kept in the tab's sessionStorage so a reload does not
 * throw it away; it goes when the form is sent or the tab is closed. Passwords and files are never
 * written: a key naming a password is left out, and so is anything that is not plain JSON data.
 */

const SECRET_KEY = /password/i;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The values without passwords, files or blobs (a file cannot be restored from text anyway). */
export function draftOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(draftOf);
  if (typeof Blob !== 'undefined' && value instanceof Blob) return undefined;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (!SECRET_KEY.test(k)) out[k] = draftOf(v);
    return out;
  }
  return value;
}

export function readDraft<T>(key: string): T | null {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, values: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(draftOf(values)));
  } catch {
    // A full or refused storage only loses the draft; the form goes on.
  }
}

export function clearDraft(key: string): void {
  storage()?.removeItem(key);
}
