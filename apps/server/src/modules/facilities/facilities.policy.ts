import type { Actor } from '../../platform/auth.js';
import { forbidden } from '../../platform/errors.js';
import { isRepresentative } from '../../platform/policy.js';

/**
 * Facilities are an AR's: they see and edit the facilities they represent through at least one
 * site (the queries filter by that); anyone else is refused the list, and any facility they may
 * not see answers 404.
 */
export function assertRepresentative(actor: Actor) {
  if (!isRepresentative(actor)) throw forbidden();
}
