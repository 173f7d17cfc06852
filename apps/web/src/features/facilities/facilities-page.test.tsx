import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES, RECORD_MESSAGES, type Facility } from '@portal/shared';
import { mockFetch, renderWithApp } from '../../test/render';
import { signInAs } from '../../test/sign-in';
import FacilitiesPage from './facilities-page';

function facility(n: number, overrides: Partial<Facility> = {}): Facility {
  return {
    id: n,
    facility_number: String(n).padStart(6, '0'),
    name: `Facility ${n}`,
    billing_email: `billing${n}@example.test`,
    address: `${n} Main St`,
    suburb: 'Carlton',
    post_code: '3053',
    state: 'VIC',
    country: 'Australia',
    contacts: [{ name: `Contact ${n}`, phone: `0400 000 00${n}` }],
    abilities: { 'facilities.facility.update': true },
    ...overrides,
  };
}

/** GET /api/facilities answers from `all`, paged as the server pages. */
function serveFacilities(all: Facility[], put?: (id: number, body: unknown) => { status?: number; body?: unknown }) {
  return mockFetch((url, init) => {
    const u = new URL(url, 'http://x');
    if (init.method === 'PUT' && u.pathname.startsWith('/api/facilities/')) {
      return put?.(Number(u.pathname.split('/').pop()), JSON.parse(String(init.body)));
    }
    if (u.pathname === '/api/facilities') {
      const page = Number(u.searchParams.get('page'));
      const perPage = Number(u.searchParams.get('per_page'));
      return {
        body: { data: all.slice((page - 1) * perPage, page * perPage), total: all.length, page, per_page: perPage },
      };
    }
    return undefined;
  });
}

const table = () => screen.getByRole('table', { name: 'Facilities' });
const dialog = () => screen.getByRole('dialog', { name: 'Update Contact Details' });
const openedDialog = () => screen.findByRole('dialog', { name: 'Update Contact Details' });

describe('facilities page', () => {
  it('lists the facilities with their details, 5 a page, and pages with the Pagination', async () => {
    signInAs('AR');
    const all = Array.from({ length: 7 }, (_, i) => facility(i + 1));
    const { calls } = serveFacilities(all);
    const user = userEvent.setup();
    renderWithApp(<FacilitiesPage />, { path: '/facilities' });

    expect(await screen.findByRole('link', { name: 'Facility 1' })).toHaveAttribute('href', '/facility/1');
    expect(calls[0]?.url).toBe('/api/facilities?page=1&per_page=5');
    for (const header of ['Facility Number', 'Name', 'Billing Email', 'Address', 'State', 'Contacts']) {
      expect(within(table()).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const row = within(table()).getByRole('link', { name: 'Facility 1' }).closest('tr')!;
    expect(row).toHaveTextContent('000001');
    expect(row).toHaveTextContent('billing1@example.test');
    expect(row).toHaveTextContent('1 Main St');
    expect(row).toHaveTextContent('Carlton 3053');
    expect(row).toHaveTextContent('VIC');
    expect(row).toHaveTextContent('Contact 1 · 0400 000 001');
    expect(within(table()).getAllByRole('row')).toHaveLength(1 + 5);
    expect(screen.getByText('1–5 of 7')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'Facility 7' })).toBeInTheDocument();
    expect(calls.at(-1)?.url).toBe('/api/facilities?page=2&per_page=5');
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(1 + 2));
  });

  it('shows no Pagination when one page holds them all, and an empty text when there are none', async () => {
    signInAs('AR');
    serveFacilities([]);
    renderWithApp(<FacilitiesPage />, { path: '/facilities' });
    expect(await screen.findByText('You do not represent any facility yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 1' })).not.toBeInTheDocument();
  });

  it("opens 'Update Contact Details' with the facility's values and checks them before sending", async () => {
    signInAs('AR');
    const { calls } = serveFacilities([facility(1)]);
    const user = userEvent.setup();
    renderWithApp(<FacilitiesPage />, { path: '/facilities' });
    await user.click(await screen.findByRole('button', { name: 'Edit Facility 1' }));

    const form = within(await openedDialog());
    expect(form.getByLabelText('Facility number')).toHaveValue('000001');
    expect(form.getByLabelText('Facility number')).toHaveAttribute('readonly');
    expect(form.getByLabelText(/^Billing email/)).toHaveValue('billing1@example.test');
    expect(form.getByLabelText(/^Address/)).toHaveValue('1 Main St');
    expect(form.getByLabelText(/^Suburb/)).toHaveValue('Carlton');
    expect(form.getByLabelText(/^State/)).toHaveValue('VIC');
    expect(form.getByLabelText(/^Contact 1 name/)).toHaveValue('Contact 1');
    expect(form.getByLabelText(/^Contact 1 phone/)).toHaveValue('0400 000 001');

    await user.clear(form.getByLabelText(/^Billing email/));
    await user.type(form.getByLabelText(/^Billing email/), 'not-an-email');
    await user.click(form.getByRole('button', { name: 'Add contact' }));
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await form.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(form.getByLabelText(/^Contact 2 name/)).toHaveAccessibleDescription(RECORD_MESSAGES.contactNameRequired);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    // Fixing the fields clears their messages.
    await user.click(form.getByRole('button', { name: 'Remove contact 2' }));
    await user.clear(form.getByLabelText(/^Billing email/));
    await user.type(form.getByLabelText(/^Billing email/), 'ok@example.test');
    await waitFor(() => expect(form.queryByText('Please enter a valid email address.')).not.toBeInTheDocument());
  });

  it('refuses to save an emptied billing email, address or suburb, or a phone like abc!! (issue 9; the state has no clear button)', async () => {
    signInAs('AR');
    const { calls } = serveFacilities([facility(1)]);
    const user = userEvent.setup();
    renderWithApp(<FacilitiesPage />, { path: '/facilities' });
    await user.click(await screen.findByRole('button', { name: 'Edit Facility 1' }));
    const form = within(await openedDialog());
    for (const label of [/^Billing email/, /^Address/, /^Suburb/]) await user.clear(form.getByLabelText(label));
    await user.clear(form.getByLabelText(/^Contact 1 phone/));
    await user.type(form.getByLabelText(/^Contact 1 phone/), 'abc!!');
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(form.getByLabelText(/^Billing email/)).toHaveAccessibleDescription(
      RECORD_MESSAGES.required('billing email'),
    );
    expect(form.getByLabelText(/^Address/)).toHaveAccessibleDescription(RECORD_MESSAGES.required('address'));
    expect(form.getByLabelText(/^Suburb/)).toHaveAccessibleDescription(RECORD_MESSAGES.required('suburb'));
    expect(form.getByLabelText(/^Contact 1 phone/)).toHaveAccessibleDescription(RECORD_MESSAGES.phoneInvalid);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    // The messages are under the fields only: no notice besides them.
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
  });

  it("puts the server's field errors under the fields, and nothing more (one feedback per action)", async () => {
    signInAs('AR');
    serveFacilities([facility(1)], () => ({
      status: 400,
      body: { message: 'Taken', errors: { billing_email: ['Taken'], 'contacts.0.phone': ['Not reachable'] } },
    }));
    const user = userEvent.setup();
    renderWithApp(<FacilitiesPage />, { path: '/facilities' });
    await user.click(await screen.findByRole('button', { name: 'Edit Facility 1' }));
    await user.click(within(await openedDialog()).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(within(dialog()).getByLabelText(/^Billing email/)).toHaveAccessibleDescription('Taken'));
    expect(within(dialog()).getByLabelText(/^Contact 1 phone/)).toHaveAccessibleDescription('Not reachable');
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
    // Editing a field takes its server message away; the modal stays open.
    await user.type(within(dialog()).getByLabelText(/^Billing email/), 'x');
    expect(within(dialog()).getByLabelText(/^Billing email/)).not.toHaveAccessibleDescription('Taken');
  });

  it("shows 'Action fail: ' once for an error that names no field, and a success takes it away", async () => {
    signInAs('AR');
    let fail = true;
    serveFacilities([facility(1)], () =>
      fail
        ? { status: 400, body: { message: 'The given data was invalid.', errors: { country: ['Not this country'] } } }
        : { body: { message: MESSAGES.actionSuccessful, facility: facility(1) } },
    );
    const user = userEvent.setup();
    renderWithApp(<FacilitiesPage />, { path: '/facilities' });
    await user.click(await screen.findByRole('button', { name: 'Edit Facility 1' }));
    await user.click(within(await openedDialog()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Action fail: country: Not this country')).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText('Action fail: country: Not this country')).toHaveLength(1));

    fail = false;
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.actionSuccessful)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Action fail: country: Not this country')).not.toBeInTheDocument());
  });

  it("sends the changes, shows 'Action successful!', closes and reloads the list", async () => {
    signInAs('AR');
    let current = facility(1);
    // The list answers with whatever `current` holds now.
    const { calls } = mockFetch((url, init) => {
      const u = new URL(url, 'http://x');
      if (init.method === 'PUT') {
        current = { ...current, ...(JSON.parse(String(init.body)) as Partial<Facility>) };
        return { body: { message: MESSAGES.actionSuccessful, facility: current } };
      }
      if (u.pathname === '/api/facilities') return { body: { data: [current], total: 1, page: 1, per_page: 5 } };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithApp(<FacilitiesPage />, { path: '/facilities' });
    await user.click(await screen.findByRole('button', { name: 'Edit Facility 1' }));
    const form = within(await openedDialog());
    await user.clear(form.getByLabelText(/^Suburb/));
    await user.type(form.getByLabelText(/^Suburb/), 'Fitzroy');
    await user.click(form.getByLabelText(/^State/));
    await user.click(await screen.findByRole('option', { name: 'NSW', hidden: true }));
    await user.click(form.getByRole('button', { name: 'Add contact' }));
    await user.type(form.getByLabelText(/^Contact 2 name/), '  Jo Smith ');
    await user.type(form.getByLabelText(/^Contact 2 phone/), '02 9999 0000');
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MESSAGES.actionSuccessful)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/facilities/1');
    expect(put?.body).toEqual({
      facility_number: '000001',
      billing_email: 'billing1@example.test',
      address: '1 Main St',
      suburb: 'Fitzroy',
      state: 'NSW',
      contacts: [
        { name: 'Contact 1', phone: '0400 000 001' },
        { name: 'Jo Smith', phone: '02 9999 0000' },
      ],
    });
    const row = await screen.findByText('Fitzroy 3053');
    expect(row.closest('tr')).toHaveTextContent('NSW');
    expect(row.closest('tr')).toHaveTextContent('Jo Smith · 02 9999 0000');
  });
});
