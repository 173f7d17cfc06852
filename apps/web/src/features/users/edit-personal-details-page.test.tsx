import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { REGISTRATION_MESSAGES, type UserDetail } from '@portal/shared';
import { mockFetch, renderWithApp } from '../../test/render';
import { signInAs } from '../../test/sign-in';
import EditPersonalDetailsPage from './edit-personal-details-page';

const assessor: UserDetail = {
  id: 4,
  first_name: 'Tess',
  middle_name: null,
  last_name: 'Assessor',
  title: 'Technical Assessor',
  email: 'ta@portal.test',
  mobile_number: '+61400111222',
  address: '1 Old Road',
  country: 'Australia',
  state: 'NSW',
  suburb: 'Ryde',
  postcode: '2112',
  resource_id: 'R1004',
  roles: ['TA'],
  activated: true,
  facilities: [],
  committees: [],
  committeeAdmin: [],
  committeePermission: false,
  subscriptions: { type: 'General', selected: [] },
  user_info: {
    emails: [
      { Type: 'Work', email: 'ta@portal.test', isPrimary: false },
      { Type: 'Home', email: 'tess@home.test', isPrimary: true },
    ],
    phones: [{ Type: 'Mobile', countryCode: '+61', phoneNumber: '400333444', isPrimary: true }],
    addresses: [
      {
        Type: 'Home',
        AddressLine: '9 New St',
        Country: 'Australia',
        State: 'VIC',
        Suburb: 'Carlton',
        Postcode: '3053',
        isPrimary: true,
      },
    ],
  },
  detailed_edit: true,
  abilities: {
    'admin.user.update': true,
    'admin.user.activate': true,
    'admin.user.deactivate': true,
    'admin.user.delete': true,
    'admin.user.forumWrite': true,
    'admin.secondFactor.reset': true,
  },
};

function render(user: UserDetail) {
  signInAs('TA_ADMIN');
  const { calls } = mockFetch((url, init) => {
    if (url === '/api/users/4' && init.method === 'PUT') return { body: { message: 'The user is updated.' } };
    if (url.startsWith('/api/users/4')) return { body: user };
    if (url.startsWith('/api/register/categories')) return { body: { data: [] } };
    if (url.startsWith('/api/committeenames')) return { body: { data: [] } };
    return undefined;
  });
  renderWithApp(<EditPersonalDetailsPage />, {
    path: '/admin/edit-personal-details/:id',
    initialEntry: '/admin/edit-personal-details/4',
    extraRoutes: [
      { path: '/admin/users', element: <p>All Users list</p> },
      { path: '/admin/user/:id', element: <p>User profile</p> },
    ],
  });
  return calls;
}

describe('Edit Personal Details', () => {
  it("the TA admin's layout: the cards' primaries fill the flat fields, a save returns to the users list", async () => {
    const calls = render(assessor);
    const user = userEvent.setup();
    expect(await screen.findByRole('region', { name: 'Email Details' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'User Roles' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('All Users list')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(put).toMatchObject({
      email: 'tess@home.test',
      mobile_number: '+61400333444',
      address: '9 New St',
      state: 'VIC',
      postcode: '3053',
    });
  });

  it('the flat form says the rule before any call, and Cancel returns to the profile', async () => {
    const calls = render({ ...assessor, roles: ['CM'], user_info: null, detailed_edit: false });
    const user = userEvent.setup();
    expect(await screen.findByRole('checkbox', { name: 'Technical Assessor Admin' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText(REGISTRATION_MESSAGES.committeeRequired)).not.toHaveLength(0);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByText('User profile')).toBeInTheDocument());
  });
});
