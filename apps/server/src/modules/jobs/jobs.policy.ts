import type { Role } from '@portal/shared';
import type { Actor } from '../../platform/auth.js';
import { forbidden } from '../../platform/errors.js';
import { isAssessor, isRepresentative, sideOfRole } from '../../platform/policy.js';

/** The side a jobs list is seen from: AR the facility's, TA or LA the assessors'; other roles have no jobs. */
export function listSide(role: Role): 'facility' | 'assessor' {
  const side = sideOfRole(role);
  if (!side) throw forbidden();
  return side;
}

/** The sides of a job the actor is on: those they hold the role for and the record gives them. */
export function sidesOn(actor: Actor, job: { onFacilitySide: boolean; onAssessorSide: boolean }) {
  const sides: ('facility' | 'assessor')[] = [];
  if (job.onFacilitySide && isRepresentative(actor)) sides.push('facility');
  if (job.onAssessorSide && isAssessor(actor)) sides.push('assessor');
  return sides;
}
