import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { USER_ADMIN_MESSAGES as M, type UserDetail } from '@portal/shared';
import { mockFetch, renderWithApp } from '../../test/render';
import { signInAs } from '../../test/sign-in';
import UserPage from './user-page';
import UsersPage from './users-page';

const chair: UserDetail = {
  id: 7,
  first_name: 'Cara',
  middle_name: null,
  last_name: 'Chair',
  title: 'Chair',
  email: 'cara@lab.test',
  mobile_number: '+61400111222',
  address: '1 Lab Street',
  country: 'Australia',
  state: 'NSW',
  suburb: 'Ryde',
  postcode: '2112',
  resource_id: null,
  roles: ['CM'],
  activated: true,
  facilities: [],
  committees: [
    { id: 1, value: 'Chemistry', admin: true, can_write: true },
    { id: 2, value: 'Biology', admin: false, can_write: false },
  ],
  committeeAdmin: ['Chemistry'],
  committeePermission: false,
  subscriptions: { type: 'General', selected: [] },
  user_info: null,
  detailed_edit: false,
  grantable_roles: ['AR', 'CM', 'TA', 'TA_ADMIN'],
  abilities: {
    'admin.user.update': true,
    'admin.user.activate': true,
    'admin.user.deactivate': true,
    'admin.user.delete': true,
    'admin.user.forumWrite': true,
    'admin.secondFactor.reset': true,
  },
};

function render(path = '/admin/user/7', role: 'SYSADMIN' | 'TA_ADMIN' = 'SYSADMIN') {
  signInAs(role);
  if (path === '/admin/users') return renderWithApp(<UsersPage />, { path });
  return renderWithApp(<UserPage />, {
    path: '/admin/user/:id',
    initialEntry: path,
    extraRoutes: [{ path: '/admin/users', element: <UsersPage /> }],
  });
}

describe('the admin user profile', () => {
  it('warns that the committee will have no admin before deactivating, and shows the server’s message', async () => {
    const { calls } = mockFetch((url, init) => {
      if (url === '/api/deactivate/7' && init.method === 'POST')
        return { status: 400, body: { message: M.alreadyInactive } };
      if (url.startsWith('/api/users/7')) return { body: chair };
      return undefined;
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(M.committeeAdminWarning(['Chemistry']));
    expect(calls.some((c) => c.url === '/api/deactivate/7')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText(M.alreadyInactive)).toBeInTheDocument();
  });

  it("deletes after the confirmation with the spec's message, and says 'Delete user error!' on failure", async () => {
    let fail = true;
    mockFetch((url, init) => {
      if (url === '/api/users/7' && init.method === 'DELETE')
        return fail ? { status: 500, body: { message: 'Something went wrong.' } } : { body: { message: M.deleted } };
      if (url.startsWith('/api/users/7')) return { body: chair };
      if (url.startsWith('/api/users')) return { body: { data: [], total: 0, page: 1, per_page: 20 } };
      return undefined;
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(M.deleteFailed)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(M.deleted)).toBeInTheDocument();
    expect(await screen.findByText(M.noUsers)).toBeInTheDocument();
  });

  it('toggles the forum write permission of a committee, with the spec’s messages', async () => {
    let ok = true;
    const { calls } = mockFetch((url, init) => {
      if (url === '/api/committeepermissions/7' && init.method === 'PUT')
        return ok ? { body: { message: M.forumUpdated } } : { status: 500, body: { message: 'x' } };
      if (url.startsWith('/api/users/7')) return { body: chair };
      return undefined;
    });
    const user = userEvent.setup();
    render();
    const switches = await screen.findAllByRole('switch', { name: new RegExp(`^${M.forumToggle}`) });
    expect(switches[0]).toBeDisabled(); // the committee they admin
    await user.click(switches[1]!);
    expect(await screen.findByText(M.forumUpdated)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ committee_id: 2, can_write: true });
    ok = false;
    await user.click(switches[1]!);
    expect(await screen.findByText(M.forumFailed)).toBeInTheDocument();
  });
});

describe('All Users', () => {
  it('shows Manage Forum Admin to the SYSADMIN only, and links each card to the profile', async () => {
    mockFetch((url) =>
      url.startsWith('/api/users')
        ? {
            body: {
              data: [
                {
                  id: 7,
                  first_name: 'Cara',
                  last_name: 'Chair',
                  email: 'cara@lab.test',
                  roles: ['CM'],
                  activated: true,
                },
              ],
              total: 1,
              page: 1,
              per_page: 20,
            },
          }
        : undefined,
    );
    const { unmount } = render('/admin/users');
    expect(await screen.findByRole('link', { name: 'Cara Chair' })).toHaveAttribute('href', '/admin/user/7');
    expect(screen.getByRole('link', { name: 'Manage Forum Admin' })).toBeInTheDocument();
    unmount();
    render('/admin/users', 'TA_ADMIN');
    await screen.findByRole('link', { name: 'Cara Chair' });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Manage Forum Admin' })).toBeNull());
  });

  it('says a user it may not see is not found, and offers Try again when the load fails', async () => {
    let status = 404;
    const { calls } = mockFetch((url) =>
      url === '/api/users/7' ? (status === 200 ? { body: chair } : { status, body: { message: 'No.' } }) : undefined,
    );
    const user = userEvent.setup();
    const { unmount } = render();
    expect(await screen.findByRole('heading', { name: 'User not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All Users' })).toHaveAttribute('href', '/admin/users');
    unmount();
    status = 500;
    render();
    expect(await screen.findByText('The user could not be loaded.')).toBeInTheDocument();
    status = 200;
    const before = calls.length;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    expect(calls.length).toBeGreaterThan(before);
  });
});
