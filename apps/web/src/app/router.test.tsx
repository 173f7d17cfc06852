import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, type ActiveUser, type Role } from '@portal/shared';
import { reloadSession } from '../lib/session';
import { mockFetch, testQueryClient } from '../test/render';
import { buildRoutes } from './router';
import { theme } from './theme';

function activeUser(roles: Role[]): ActiveUser {
  return {
    user: {
      id: 1,
      resource_id: null,
      first_name: 'Ada',
      middle_name: null,
      last_name: 'Lovelace',
      title: null,
      email: 'ada@portal.test',
      mobile_number: null,
      roles: roles.map((name, i) => ({ id: i + 1, name })),
      activated: 1,
    },
    permissions: roles,
    committeePermissions: {},
    committees: roles.includes('CM')
      ? [{ id: 4, name: 'Chemical Testing', value: 'Chemical Testing', admin_id: 1, admin: true }]
      : [],
    '2fa_setup': { tf_mobile_number: null, completed: false },
  };
}

function signIn(roles: Role[]) {
  localStorage.setItem(STORAGE_KEYS.token, 'token-1');
  localStorage.setItem(STORAGE_KEYS.roles, JSON.stringify(roles));
  localStorage.setItem(STORAGE_KEYS.currentRole, roles[0]!);
  mockFetch((url) => {
    if (url.startsWith('/api/activeuser')) return { body: activeUser(roles) };
    if (url.startsWith('/api/notifications')) return { body: { data: [], unread: 0, total: 0 } };
    return undefined;
  });
}

function renderApp(path: string) {
  reloadSession();
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MantineProvider theme={theme}>
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('router guard', () => {
  it('sends a visitor without a token from a protected page to the login screen', async () => {
    const router = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends an unmatched path home', async () => {
    const router = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('clears the token when the tab opens on /two-factor', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'pending-token');
    localStorage.setItem(STORAGE_KEYS.roles, '["AR"]');
    localStorage.setItem(STORAGE_KEYS.currentRole, 'AR');
    const router = renderApp('/two-factor');
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('keeps a role out of a page of another role', async () => {
    signIn(['AR']);
    const router = renderApp('/forum');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Invoices' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Forum' })).not.toBeInTheDocument();
  });

  it('lets the current role into its pages and titles them from the route table', async () => {
    signIn(['CM']);
    const router = renderApp('/members');
    expect(await screen.findByRole('heading', { name: 'Members' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/members');
    expect(screen.getByRole('searchbox', { name: 'Search members' })).toBeInTheDocument();
  });

  it('sends an admin from the dashboard to outstanding activities', async () => {
    signIn(['TA_ADMIN']);
    const router = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/outstanding-activities'));
    expect(await screen.findByRole('heading', { name: 'Outstanding Activities' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /All Pending Registrations/ })).toBeInTheDocument();
  });

  it('opens a page of the role the active user brings when the token is stored alone', async () => {
    signIn(['CM']);
    localStorage.removeItem(STORAGE_KEYS.roles);
    localStorage.removeItem(STORAGE_KEYS.currentRole);
    const router = renderApp('/members');
    expect(await screen.findByRole('heading', { name: 'Members' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/members');
    expect(router.state.historyAction).toBe('POP');
    expect(localStorage.getItem(STORAGE_KEYS.currentRole)).toBe('CM');
  });

  it('still keeps that user out of a page of another role', async () => {
    signIn(['AR']);
    localStorage.removeItem(STORAGE_KEYS.currentRole);
    const router = renderApp('/forum');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('ends the session when the active user cannot be loaded', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'expired');
    localStorage.setItem(STORAGE_KEYS.roles, '["AR"]');
    localStorage.setItem(STORAGE_KEYS.currentRole, 'AR');
    mockFetch(() => ({ status: 401, body: { message: 'Unauthenticated.' } }));
    const router = renderApp('/invoices');
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('ends the session when the active user fails while a page waits for the role', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'expired');
    mockFetch(() => ({ status: 401, body: { message: 'Unauthenticated.' } }));
    const router = renderApp('/invoices');
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});
