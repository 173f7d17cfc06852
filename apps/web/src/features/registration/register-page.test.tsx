import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { REGISTRATION_MESSAGES as M } from '@portal/shared';
import { mockFetch, renderWithApp } from '../../test/render';
import RegisterPage, { REGISTRATION_DRAFT_KEY } from './register-page';

const lookup = {
  facility_number: '000412',
  name: 'Harbour Analytical Laboratories',
  sites: [
    { id: 7, site_number: 'S041201', name: 'Harbour Labs Sydney' },
    { id: 8, site_number: 'S041202', name: 'Harbour Labs Newcastle' },
  ],
};

/** The publication categories step 4 lists (GET /register/categories). */
const categories = {
  data: [
    {
      id: 1,
      name: 'General',
      children: [
        { id: 5, name: 'Policies and Procedures' },
        { id: 6, name: 'Forms' },
      ],
    },
    {
      id: 4,
      name: 'Newsletters',
      children: [
        { id: 14, name: 'Monthly Newsletter' },
        { id: 15, name: 'Annual Report' },
      ],
    },
  ],
};

function api() {
  return mockFetch((url, init) => {
    if (url === '/api/facilities/getInfo/000412') return { body: lookup };
    if (url.startsWith('/api/facilities/getInfo/')) return { status: 404, body: { message: M.facilityInvalid } };
    if (url === '/api/register/categories') return { body: categories };
    if (url === '/api/committeenames')
      return { body: { data: [{ id: 1, name: 'Chemical Testing Committee', value: 'Chemical Testing Committee' }] } };
    if (url === '/api/register' && init.method === 'POST') return { body: { message: M.registered } };
    return undefined;
  });
}

async function fillPersonal(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'First Name' }), 'Nina');
  await user.type(screen.getByRole('textbox', { name: 'Last Name' }), 'Newrep');
  await user.type(screen.getByRole('textbox', { name: 'Position Title' }), 'Manager');
  await user.type(screen.getByRole('textbox', { name: 'Mobile Number' }), '0412555666');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'nina@example.test');
  await user.type(screen.getByRole('textbox', { name: 'Address' }), '1 Test St');
}

describe('the registration wizard', () => {
  beforeEach(() => sessionStorage.clear());

  it('asks for a role first, and says which detail is missing', async () => {
    api();
    const user = userEvent.setup();
    renderWithApp(<RegisterPage />);
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findAllByText(M.roleRequired)).not.toHaveLength(0);
    await user.click(screen.getByRole('checkbox', { name: 'Committee Member' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findAllByText('Please input valid detail for First Name')).length).toBeGreaterThan(0);
  }, 60_000);

  it('walks AR and CM through facilities (a wrong number removed with its message), committees, subscriptions and the signed summary', async () => {
    const { calls } = api();
    const user = userEvent.setup();
    renderWithApp(<RegisterPage />);
    await user.click(screen.getByRole('checkbox', { name: 'Authorised Representative' }));
    await user.click(screen.getByRole('checkbox', { name: 'Committee Member' }));
    await fillPersonal(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Step 2: facilities.
    const number = await screen.findByRole('textbox', { name: 'Facility Number' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findAllByText(M.facilityRequired)).length).toBeGreaterThan(0);
    await user.type(number, '999');
    await user.click(screen.getByRole('button', { name: 'Find facility' }));
    expect((await screen.findAllByText(M.facilityInvalid)).length).toBeGreaterThan(0);
    expect(screen.getByRole('textbox', { name: 'Facility Number' })).toHaveValue('');
    // The last facility cannot be removed.
    expect(screen.getByRole('button', { name: 'Remove facility 1' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Facility Number' }), '412');
    await user.click(screen.getByRole('button', { name: 'Find facility' }));
    expect(await screen.findByRole('textbox', { name: 'Facility Name' })).toHaveValue(
      'Harbour Analytical Laboratories',
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      (await screen.findAllByText(M.siteRequired('000412', 'Harbour Analytical Laboratories'))).length,
    ).toBeGreaterThan(0);
    await user.click(screen.getByRole('checkbox', { name: 'S041202 - Harbour Labs Newcastle' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Step 3: committees.
    const committee = await screen.findByRole('checkbox', { name: 'Chemical Testing Committee' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findAllByText(M.committeeRequired)).length).toBeGreaterThan(0);
    await user.click(committee);
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Step 4: subscriptions from the server (a root's box chooses all of its subcategories), then
    // Back returns to committees and Next comes back.
    await user.click(await screen.findByRole('checkbox', { name: 'Newsletters' }));
    expect(screen.getByRole('checkbox', { name: 'Monthly Newsletter' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Annual Report' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Annual Report' }));
    expect(screen.getByRole('checkbox', { name: 'Newsletters' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Forms' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('checkbox', { name: 'Chemical Testing Committee' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Step 5: summary, terms and signature.
    expect(await screen.findByText('S041202 - Harbour Labs Newcastle')).toBeInTheDocument();
    expect(screen.getByText('Newsletters › Monthly Newsletter')).toBeInTheDocument();
    expect(screen.getByText('General › Forms')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findAllByText(M.termsRequired)).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    await user.type(screen.getByRole('textbox', { name: 'Full Name' }), 'Nina Newrep');
    await user.type(screen.getByRole('textbox', { name: 'Signature Title' }), 'Manager');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(M.registered)).toBeInTheDocument();
    const sent = calls.find((c) => c.url === '/api/register')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      roles: ['AR', 'CM'],
      facilities: [
        {
          facility_number: '000412',
          facility_name: 'Harbour Analytical Laboratories',
          sites: [{ id: 8, value: 'S041202 - Harbour Labs Newcastle' }],
        },
      ],
      committees: [{ id: 1, value: 'Chemical Testing Committee' }],
      subscriptions: { type: 'General', selected: [14, 6] },
    });
    expect((sent.facilities as Record<string, unknown>[])[0]).not.toHaveProperty('allSites');
  }, 90_000);

  it('takes a TA from personal details straight to subscriptions', async () => {
    api();
    const user = userEvent.setup();
    renderWithApp(<RegisterPage />);
    await user.click(screen.getByRole('checkbox', { name: 'Technical Assessor' }));
    await fillPersonal(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findAllByText('Please input valid detail for User ID')).length).toBeGreaterThan(0);
    await user.type(screen.getByRole('textbox', { name: 'User ID' }), 'TA-1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Newsletters' })).toBeInTheDocument());
    expect(screen.getByText(/Step 2 of 3/)).toBeInTheDocument();
  }, 60_000);

  it("puts each step in the address: the browser's Back returns to the last step, and a reload keeps what was typed", async () => {
    api();
    const user = userEvent.setup();
    const first = renderWithApp(<RegisterPage />);
    await user.click(screen.getByRole('checkbox', { name: 'Technical Assessor' }));
    await fillPersonal(user);
    await user.type(screen.getByRole('textbox', { name: 'User ID' }), 'TA-1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(first.router.state.location.search).toBe('?step=4'));
    expect(await screen.findByRole('checkbox', { name: 'Newsletters' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Forms' }));

    // The browser's Back: step 1 again, with what was typed.
    await first.router.navigate(-1);
    expect(await screen.findByRole('textbox', { name: 'First Name' })).toHaveValue('Nina');
    expect(first.router.state.location.search).toBe('');
    // Forward, then a reload of step 4: the same step, the same values, no password kept.
    await first.router.navigate(1);
    expect(await screen.findByRole('checkbox', { name: 'Forms' })).toBeChecked();
    first.unmount();
    expect(sessionStorage.getItem(REGISTRATION_DRAFT_KEY)).toContain('Nina');
    const second = renderWithApp(<RegisterPage />, { initialEntry: '/?step=4' });
    expect(await screen.findByRole('checkbox', { name: 'Forms' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('textbox', { name: 'User ID' })).toHaveValue('TA-1');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('nina@example.test');

    // Sent: the draft is gone.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('checkbox', { name: 'I accept the terms and conditions' }));
    await user.type(screen.getByRole('textbox', { name: 'Full Name' }), 'Nina Newrep');
    await user.type(screen.getByRole('textbox', { name: 'Signature Title' }), 'Manager');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(M.registered)).toBeInTheDocument();
    expect(sessionStorage.getItem(REGISTRATION_DRAFT_KEY)).toBeNull();
    second.unmount();
  }, 90_000);

  it('opens the first step still to do when a later step is opened by its address', async () => {
    api();
    const { router } = renderWithApp(<RegisterPage />, { initialEntry: '/?step=5' });
    expect(await screen.findByRole('checkbox', { name: 'Technical Assessor' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  }, 30_000);
});
