import { describe, expect, it } from 'vitest';
import {
  JOB_STAGES,
  JOB_STATUS_FILTER,
  JOB_STATUS_LABELS,
  JOB_STATUS_NAMES,
  isAccentedStatus,
  jobStageOf,
  jobStatusLabel,
} from './jobs.js';
import { documentReview, jobDocumentUploadFields, padFacilityNumber, parseBulkIds, facilityUpdate } from './index.js';
import { MESSAGES, RECORD_MESSAGES } from './messages.js';

describe('job status and stage', () => {
  it('keeps the numbers, names and labels of spec/01 section 4', () => {
    expect(JOB_STATUS_NAMES).toEqual({ 1: 'Planned', 2: 'In Progress', 3: 'Completed', 4: 'Cancelled' });
    expect(JOB_STATUS_FILTER.map((s) => JOB_STATUS_LABELS[s])).toEqual([
      'In progress',
      'Planned',
      'Complete',
      'Cancel',
    ]);
    expect(JOB_STAGES).toEqual(['Initiation', 'Preparation', 'Assessment', 'Submission', 'Decision']);
    expect([1, 2, 3, 4].filter(isAccentedStatus)).toEqual([2]);
  });

  it('shows a status by its label and a stored stage as the indicator reads it, unknown ones as themselves or the first', () => {
    expect([2, 7].map(jobStatusLabel)).toEqual(['In progress', '7']);
    expect(['Assessment', 'Archived'].map(jobStageOf)).toEqual(['Assessment', 'Initiation']);
  });
});

describe('record schemas', () => {
  it('pads facility numbers to 6 digits', () => {
    expect(padFacilityNumber('1234')).toBe('001234');
    expect(padFacilityNumber('123456')).toBe('123456');
    expect(padFacilityNumber('1234567')).toBeNull();
    expect(padFacilityNumber('12a')).toBeNull();
  });

  it('reads bulk ids as ids[]= or a comma list', () => {
    expect(parseBulkIds({ 'ids[]': ['1', '2', '2'] })).toEqual([1, 2]);
    expect(parseBulkIds({ ids: '3,4' })).toEqual([3, 4]);
    expect(parseBulkIds({})).toBeNull();
    expect(parseBulkIds({ 'ids[]': 'x' })).toBeNull();
  });

  it('gives the spec messages for descriptions, comments and facility numbers', () => {
    const upload = (description?: string) =>
      jobDocumentUploadFields.safeParse({ jobId: '1', description }).error?.issues[0]?.message;
    expect(upload(undefined)).toBe(MESSAGES.descriptionRequired);
    expect(upload('  ')).toBe(MESSAGES.descriptionRequired);
    expect(upload('x'.repeat(256))).toBe(MESSAGES.descriptionMax);
    expect(upload('x'.repeat(255))).toBeUndefined();
    expect(documentReview.safeParse({ reviewed_comment: '' }).error?.issues[0]?.message).toBe(
      RECORD_MESSAGES.reviewCommentRequired,
    );
    expect(documentReview.safeParse({ reviewed_comment: 'x'.repeat(256) }).error?.issues[0]?.message).toBe(
      MESSAGES.reviewCommentMax,
    );
    expect(facilityUpdate.safeParse({ facility_number: '1234567' }).error?.issues[0]?.message).toBe(
      MESSAGES.facilityNumberMax,
    );
  });
});
