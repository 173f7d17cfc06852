import { z } from 'zod';
import { PROFILE_FIELDS, REGISTRATION_PLACEHOLDERS } from './field-labels.js';

/**
 * The messages of every check that names none of its own, in the spec's style ('Please input valid
 * detail for {placeholder}', '{Field} may not be greater than N characters.'), so no user ever
 * reads zod's own wording ('Too big: expected string to have <=255 characters'). Set once, for every
 * schema of the server and the web app alike; a message a schema names itself always wins.
 */

/** The names users see for fields whose key is not plain words. */
const LABELS: Record<string, string> = { ...PROFILE_FIELDS, ...REGISTRATION_PLACEHOLDERS };

/** 'per_page' -> 'Per page', 'phoneNumber' -> 'Phone number'. */
function humanize(key: string): string {
  const words = key
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'This field';
}

/** The label of the field an issue is about: the last named key of its path. */
export function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const key = [...(path ?? [])].reverse().find((p): p is string => typeof p === 'string');
  return key === undefined ? 'This field' : (LABELS[key] ?? humanize(key));
}

type Issue = z.core.$ZodRawIssue;

export function portalMessage(issue: Issue): string {
  const label = fieldLabel(issue.path);
  const invalid = `Please input valid detail for ${label}`;
  switch (issue.code) {
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `${label} may not be greater than ${max} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${label} may not have more than ${max} items.`;
      if (issue.origin === 'file') return `${label} may not be greater than ${max} bytes.`;
      return `${label} may not be greater than ${max}.`;
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string')
        return min <= 1 ? `${label} is required.` : `${label} must have at least ${min} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${label} must have at least ${min} ${min === 1 ? 'item' : 'items'}.`;
      return `${label} may not be less than ${min}.`;
    }
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? `${label} is required.` : invalid;
    default:
      return invalid;
  }
}

let configured = false;

/**
 * Sets the map once. Called by the shared schema builders (common.ts) rather than at this module's
 * load: the package is free of side effects for bundlers, so a bare `z.config(...)` here would be
 * dropped from the web app's build.
 */
export function applySpecMessages(): void {
  if (configured) return;
  configured = true;
  z.config({ customError: portalMessage });
}

applySpecMessages();
