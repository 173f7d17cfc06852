import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PRODUCT_NAME, REGISTRATION_MESSAGES as M, type Profile } from '@portal/shared';
import { mockFetch, renderWithApp } from '../../test/render';
import { signInAs } from '../../test/sign-in';
import EditProfilePage from './edit-profile-page';

const profile: Profile = {
  id: 4,
  first_name: 'Cam',
  middle_name: null,
  last_name: 'Member',
  title: 'Committee Chair',
  email: 'cm@portal.test',
  mobile_number: null,
  address: null,
  country: 'Australia',
  state: 'NSW',
  suburb: null,
  postcode: null,
  resource_id: null,
  roles: ['CM'],
  facilities: [],
  committees: ['Chemical Testing Committee'],
  assessor: false,
  user_info: { emails: [], phones: [], addresses: [], competency_pdf: false, reviewed_at: null },
  pending_request: null,
};

describe('edit profile', () => {
  it('saves only when something differs; a country other than Australia sets State to Other; success says it went for approval', async () => {
    signInAs('CM');
    const { calls } = mockFetch((url, init) => {
      if (url === '/api/profile') return { body: profile };
      if (url === '/api/user-requests' && init.method === 'POST') return { body: { message: M.profileSubmitted(PRODUCT_NAME) } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithApp(<EditProfilePage />, { path: '/edit-profile', extraRoutes: [{ path: '/profile', element: <p>Profile page</p> }] });
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.clear(screen.getByRole('textbox', { name: 'Last Name' }));
    await user.click(save);
    expect(await screen.findByText(M.fieldRequired)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Last Name' }), 'Member');
    expect(save).toBeDisabled();
    await user.clear(screen.getByRole('textbox', { name: 'Country' }));
    await user.type(screen.getByRole('textbox', { name: 'Country' }), 'New Zealand');
    expect(screen.getAllByLabelText('State')[0]).toBeDisabled();
    await user.click(save);
    expect(await screen.findByText(M.profileSubmitted(PRODUCT_NAME))).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ country: 'New Zealand', state: 'Other', last_name: 'Member' });
    expect(await screen.findByText('Profile page')).toBeInTheDocument();
  }, 60_000);
});
