import type { Role } from '@portal/shared';
import { RECORD_MESSAGES } from '@portal/shared';
import type { Actor } from '../../platform/auth.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { isAssessor, isRepresentative, sideOfRole } from '../../platform/policy.js';

type Side = 'facility' | 'assessor';
interface JobSides {
  onFacilitySide: boolean;
  onAssessorSide: boolean;
}

/**
 * Job documents: the facility side (the ARs of the job's site) and the assessor side (the job's
 * assessors) each submit documents the other receives. Anyone on neither side gets 404.
 */
export function sidesOn(actor: Actor, job: JobSides): Side[] {
  const sides: Side[] = [];
  if (job.onFacilitySide && isRepresentative(actor)) sides.push('facility');
  if (job.onAssessorSide && isAssessor(actor)) sides.push('assessor');
  return sides;
}

/** The side the actor acts from in a role (list, upload); 404 when that role gives no view of the job. */
export function sideForRole(actor: Actor, role: Role, job: JobSides | null): Side {
  const side = sideOfRole(role);
  if (!job || !side || !sidesOn(actor, job).includes(side)) throw notFound();
  return side;
}

/** Who may download: anyone on a side of the job. */
export function assertMaySee(actor: Actor, job: JobSides | null) {
  if (!job || sidesOn(actor, job).length === 0) throw notFound();
}

/** Only the job's assessors review, and only what they received (the facility's documents). */
export function assertMayReview(actor: Actor, job: JobSides, docSide: Side) {
  assertMaySee(actor, job);
  if (!sidesOn(actor, job).includes('assessor')) throw forbidden(RECORD_MESSAGES.reviewNotAllowed);
  if (docSide !== 'facility') throw forbidden(RECORD_MESSAGES.reviewOwnSide);
}

/** Site documents are the AR's: those of the sites they represent. */
export function assertSiteView(actor: Actor, represented: boolean) {
  if (!represented || !isRepresentative(actor)) throw notFound();
}

/**
 * The download and zip rule, asked for each file: a file may leave only when the actor may read
 * the folder (job or site) that names it; `readable` holds the folders they may read. A single
 * download of a file they may not read answers 404, like a missing one.
 */
export function mayReadFile(readable: ReadonlySet<number>, folderId: number): boolean {
  return readable.has(folderId);
}
