import type { Actor } from '../../platform/auth.js';
import { forbidden } from '../../platform/errors.js';

/** The back-office import is for system administrators only. */
export function assertMayImport(actor: Actor) {
  if (!actor.roles.includes('SYSADMIN')) throw forbidden();
}
