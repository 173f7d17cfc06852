import type { Actor } from '../../platform/auth.js';
import { isRepresentative } from '../../platform/policy.js';

/** A site is seen and edited by the ARs who represent it (the query checks which); nobody else. */
export const maySeeSites = (actor: Actor) => isRepresentative(actor);
