import { RECORD_MESSAGES } from '@portal/shared';
import { jobs, siteDocuments } from '../../db/schema/index.js';
import { RuleSet } from '../../platform/access.js';
import {
  isRepresentative,
  jobVisibilityKey,
  jobVisibleTo,
  representsSite,
  sidesOn,
  viewSideOn,
  type JobFacts,
  type Side,
} from '../../platform/policy.js';

/** A job document's facts: its job's (the sides the actor is on) and the side that submitted it. */
export interface JobDocumentFacts extends JobFacts {
  docSide: Side;
}

/** The area's access rules, listed in its module descriptor (index.ts). */
export const documentsRules = new RuleSet();

/**
 * Job documents: the facility side (the ARs of the job's site) and the assessor side (the job's
 * assessors) each submit documents the other receives. Listing and uploading go by the view role
 * (AR: the facility's side, TA or LA: the assessors'); downloading needs any side. Only the job's
 * assessors review, and only what they received. Anyone on no side of the job gets 404.
 */
documentsRules.define<JobFacts>({
  'jobs.document.list': { sees: (actor, job) => viewSideOn(actor, job) !== null },
  'jobs.document.upload': { sees: (actor, job) => viewSideOn(actor, job) !== null },
  'jobs.document.download': {
    sees: (actor, job) => sidesOn(actor, job).length > 0,
    scope: (actor, me) => jobVisibleTo(actor, jobs.id, jobs.siteId, me),
    scopeKey: jobVisibilityKey,
  },
});

documentsRules.define<JobDocumentFacts>({
  'jobs.document.review': {
    sees: (actor, doc) => sidesOn(actor, doc).length > 0,
    may: (actor, doc) => {
      if (!sidesOn(actor, doc).includes('assessor')) return RECORD_MESSAGES.reviewNotAllowed;
      if (doc.docSide !== 'facility') return RECORD_MESSAGES.reviewOwnSide;
      return true;
    },
  },
});

/** Site documents are the AR's: those of the sites they represent. */
documentsRules.define<{ represented: boolean }>({
  'sites.document.list': { can: isRepresentative, sees: (_actor, site) => site.represented },
  'sites.document.upload': { can: isRepresentative, sees: (_actor, site) => site.represented },
  'sites.document.download': {
    can: isRepresentative,
    sees: (_actor, site) => site.represented,
    scope: (_actor, me) => representsSite(me, siteDocuments.siteId),
  },
});

/** A download link is signed for anyone signed in; the download itself runs the rules above. */
documentsRules.define({ 'downloads.ticket.create': {} });
