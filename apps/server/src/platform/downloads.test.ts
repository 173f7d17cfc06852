import { describe, expect, it } from 'vitest';
import { signDownload, TICKET_SECONDS, verifyDownloadTicket } from './downloads.js';

const secret = 'test-secret-test-secret-test-secret-0123';
const session = '6f1c2a4e-0000-4000-8000-000000000001';

describe('download tickets', () => {
  it('hold for TICKET_SECONDS, whatever order the query is written in', () => {
    const now = Date.UTC(2026, 10, 23, 9, 0, 0);
    const url = signDownload(secret, session, '/api/jobdocuments/bulk?ids[]=2&ids[]=1', now)!;
    expect(verifyDownloadTicket(secret, url, now)).toBe(session);
    expect(verifyDownloadTicket(secret, url, now + TICKET_SECONDS * 1000)).toBe(session);
    expect(verifyDownloadTicket(secret, url, now + (TICKET_SECONDS + 1) * 1000)).toBeNull();
    expect(verifyDownloadTicket('another-secret-another-secret-0123456789', url, now)).toBeNull();
  });

  it('are made only for document downloads', () => {
    expect(signDownload(secret, session, '/api/jobs')).toBeNull();
    expect(signDownload(secret, session, '/api/jobdocuments')).toBeNull();
    expect(signDownload(secret, session, '/api/sitedocuments/12')).toMatch(/^\/api\/sitedocuments\/12\?dl=/);
  });
});
