import type { ReactElement } from 'react';
import { ModalsProvider } from '@mantine/modals';
import { act } from '@testing-library/react';
import type { DocumentItem, JobDetail, JobSummary, Site } from '@portal/shared';
import { renderWithApp } from '../../test/render';

/** Fixtures shared by the jobs, documents and sites tests. */

export { signInAs } from '../../test/sign-in';

/** Renders a page on a route with parameters ('/job/:id') and goes to a URL of it ('/job/5'). */
export async function renderRoute(page: ReactElement, pattern: string, url: string) {
  const result = renderWithApp(<div>Start</div>, {
    path: '/start',
    extraRoutes: [{ path: pattern, element: <ModalsProvider>{page}</ModalsProvider> }],
  });
  await act(() => result.router.navigate(url));
  return result;
}

export function doc(id: number, overrides: Partial<DocumentItem> = {}): DocumentItem {
  return {
    id,
    name: `Document ${id}.pdf`,
    description: `Description ${id}`,
    created_at: new Date(Date.UTC(2026, 1, id, 1)).toISOString(),
    size: 1000 * id,
    mime_type: 'application/pdf',
    user: { first_name: 'Arthur', last_name: 'Rep' },
    reviewed_comment: null,
    reviewed_date: null,
    ...overrides,
  };
}

export function jobSummary(id: number, overrides: Partial<JobSummary> = {}): JobSummary {
  return {
    id,
    job_number: String(100200 + id),
    type: 'RES',
    status: 2,
    status_label: 'In progress',
    stage: 'Assessment',
    visit_date: '2026-03-05',
    site_id: 7,
    site: { id: 7, site_number: 'S041201', name: 'Harbour Labs Sydney' },
    facility_id: 3,
    facility: { id: 3, facility_number: '000412', name: 'Harbour Labs' },
    suburb: 'Pyrmont',
    state: 'NSW',
    ...overrides,
  };
}

/** What the server answers an assessor on the job, in the assessors' view. */
export const ASSESSOR_ABILITIES: JobDetail['abilities'] = {
  'jobs.document.upload': true,
  'jobs.document.review': true,
  'jobs.document.download': true,
  'sites.site.view': false,
};

export function jobDetail(id: number, overrides: Partial<JobDetail> = {}): JobDetail {
  return {
    ...jobSummary(id),
    job_details: 'Reassessment of chemical testing.',
    site: {
      id: 7,
      site_number: 'S041201',
      name: 'Harbour Labs Sydney',
      email: 's041201@sites.test',
      phone: '02 9000 0000',
      address: '1 Harbour St',
      suburb: 'Pyrmont',
      state: 'NSW',
      post_code: '2009',
      facility: { id: 3, facility_number: '000412', name: 'Harbour Labs' },
    },
    lead_assessor: { id: 9, first_name: 'Lee', last_name: 'Lead', phone: '0400 000 000', email: 'la@portal.test' },
    sides: ['facility'],
    abilities: {
      'jobs.document.upload': true,
      'jobs.document.review': false,
      'jobs.document.download': true,
      'sites.site.view': true,
    },
    ...overrides,
  };
}

export function site(id: number, overrides: Partial<Site> = {}): Site {
  return {
    id,
    site_number: 'S041201',
    name: 'Harbour Labs Sydney',
    status: 'Active',
    email: 's041201@sites.test',
    phone: '02 9000 0000',
    address: '1 Harbour St',
    suburb: 'Pyrmont',
    state: 'NSW',
    country: 'Australia',
    post_code: '2009',
    contacts: [{ name: 'Quality Manager', phone: '02 9000 0001' }],
    client_coordinator: { names: 'Casey Coordinator', phone: '02 8000 0000', email: 'casey@body.test' },
    facility_id: 3,
    facility: { id: 3, facility_number: '000412', name: 'Harbour Labs' },
    abilities: { 'sites.site.update': true, 'sites.document.upload': true, 'sites.document.download': true },
    ...overrides,
  };
}

/** A stand-in for XMLHttpRequest that records what an upload sends and answers when told. */
export class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  aborted = false;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
  /** The multipart field names in the order they were appended. */
  fieldOrder(): string[] {
    return this.body ? [...this.body.keys()] : [];
  }
}
