import { screen, waitFor, within } from '@testing-library/react';
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
      {
        Type: 'Postal',
        AddressLine: 'PO Box 12',
        Country: 'Australia',
        State: 'QLD',
        Suburb: 'Brisbane',
        Postcode: '4000',
        isPrimary: false,
      },
    ],
  },
  detailed_edit: true,
  grantable_roles: ['TA'],
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

  it("the TA admin's layout: User Roles, then one card per address type whose primary radios are one choice", async () => {
    const calls = render(assessor);
    const user = userEvent.setup();
    const roles = await screen.findByRole('region', { name: 'User Roles' });
    expect(within(roles).getByRole('group', { name: 'User Roles' })).toBeInTheDocument();
    expect(within(roles).getByRole('checkbox', { name: 'Technical Assessor' })).toBeChecked();
    // A TA admin grants and removes only TA (and LA with it): the other roles are shown disabled, and why.
    expect(within(roles).getByRole('checkbox', { name: 'Technical Assessor' })).toBeEnabled();
    for (const name of ['Authorised Representative', 'Committee Member', 'Technical Assessor Admin'])
      expect(within(roles).getByRole('checkbox', { name })).toBeDisabled();
    expect(
      within(roles).getByText(/Only a System Administrator can grant or remove the roles shown disabled/),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Personal Details' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Phone Details' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Address Details' })).not.toBeInTheDocument();
    const home = screen.getByRole('region', { name: 'Home Address' });
    const postal = screen.getByRole('region', { name: 'Postal Address' });
    expect(within(home).getByLabelText(/Address line/)).toHaveValue('9 New St');
    expect(within(postal).getByLabelText(/Address line/)).toHaveValue('PO Box 12');
    expect(within(home).getByRole('radio', { name: 'Primary' })).toBeChecked();

    await user.click(within(postal).getByRole('radio', { name: 'Primary' }));
    expect(within(home).getByRole('radio', { name: 'Primary' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Add Address' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Work Address' }));
    const work = await screen.findByRole('region', { name: 'Work Address' });
    expect(within(work).getByRole('radio', { name: 'Primary' })).not.toBeChecked();
    await user.click(within(work).getByRole('button', { name: 'Remove work address' }));
    expect(screen.queryByRole('region', { name: 'Work Address' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('All Users list')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!.body as {
      address: string;
      state: string;
      user_info: { addresses: { Type: string; isPrimary: boolean }[] };
    };
    expect(put).toMatchObject({ address: 'PO Box 12', state: 'QLD', postcode: '4000' });
    expect(put.user_info.addresses.map((a) => [a.Type, a.isPrimary])).toEqual([
      ['Home', false],
      ['Postal', true],
    ]);
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
