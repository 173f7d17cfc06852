import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RESOURCE_MESSAGES, type ResourceItem } from '@portal/shared';
import { reloadSession } from '../../lib/session';
import { mockFetch, renderWithApp } from '../../test/render';
import { signInAs } from '../../test/sign-in';
import ResourcesPage from './resources-page';

const RESOURCE: ResourceItem = {
  id: 1,
  name: 'Assessor Handbook',
  dateUpdated: '2026-11-21T01:00:00.000Z',
  url: '/api/resources/1/file',
  typeIcon: 'pdf',
  file_name: 'assessor-handbook.pdf',
  size: 1200,
};

afterEach(() => {
  localStorage.clear();
  reloadSession();
});

describe('useful resources page', () => {
  it('signed out: a sign-in prompt, and no call for the list', () => {
    const { calls } = mockFetch(() => undefined);
    renderWithApp(<ResourcesPage />);
    expect(screen.getByText(RESOURCE_MESSAGES.signInPrompt)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(calls.filter((c) => c.url.startsWith('/api/resources'))).toHaveLength(0);
  });

  it('signed in as TA: name, kind, date updated (Sydney) and a download button', async () => {
    signInAs('TA');
    mockFetch((url) => (url === '/api/resources/ta' ? { body: { data: [RESOURCE] } } : undefined));
    renderWithApp(<ResourcesPage />);
    expect(await screen.findByText('Assessor Handbook')).toBeInTheDocument();
    expect(screen.getByText('PDF · assessor-handbook.pdf')).toBeInTheDocument();
    expect(screen.getByText('21/11/2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Assessor Handbook' })).toBeInTheDocument();
  });

  it('a role the list is not for says so', async () => {
    signInAs('AR');
    mockFetch((url) => (url === '/api/resources/ta' ? { status: 403, body: { message: 'Forbidden.' } } : undefined));
    renderWithApp(<ResourcesPage />);
    expect(await screen.findByText(RESOURCE_MESSAGES.notForRole)).toBeInTheDocument();
  });
});
