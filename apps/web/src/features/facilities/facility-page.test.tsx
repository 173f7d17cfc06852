import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { FacilityDetail } from '@portal/shared';
import { mockFetch, renderWithApp } from '../../test/render';
import { signInAs } from '../../test/sign-in';
import FacilityPage from './facility-page';

const detail: FacilityDetail = {
  id: 4,
  facility_number: '000412',
  name: 'Sydney Central Pathology',
  billing_email: 'accounts@scpath.test',
  address: '12 George St',
  suburb: 'Sydney',
  post_code: '2000',
  state: 'NSW',
  country: 'Australia',
  contacts: [{ name: 'Ana Lee', phone: '02 9000 0000' }],
  abilities: { 'facilities.facility.update': true },
  sites: [
    {
      id: 7,
      site_number: 'S-0412-1',
      name: 'George St Laboratory',
      status: 'Accredited',
      suburb: 'Sydney',
      state: 'NSW',
    },
    { id: 8, site_number: 'S-0412-2', name: 'Parramatta Collection', status: null, suburb: 'Parramatta', state: 'NSW' },
  ],
};

function render(path: string) {
  signInAs('AR');
  // The page reads its id from the path: start on '/' and go there.
  return renderWithApp(<Navigate to={path} replace />, {
    path: '/',
    extraRoutes: [{ path: '/facility/:id', element: <FacilityPage /> }],
  });
}

describe('facility page', () => {
  it('shows the facility details card and its Sites table', async () => {
    const { calls } = mockFetch((url) => (url === '/api/facilities/4' ? { body: detail } : undefined));
    render('/facility/4');
    expect(await screen.findByRole('heading', { name: 'Sydney Central Pathology', level: 1 })).toBeInTheDocument();
    expect(calls[0]?.url).toBe('/api/facilities/4');
    const card = screen.getByRole('region', { name: 'Facility Details' });
    expect(card).toHaveTextContent('000412');
    expect(card).toHaveTextContent('accounts@scpath.test');
    expect(card).toHaveTextContent('12 George St, Sydney 2000, NSW, Australia');
    expect(card).toHaveTextContent('Ana Lee · 02 9000 0000');

    const sites = screen.getByRole('table', { name: 'Sites' });
    for (const header of ['Site Number', 'Name', 'Status', 'Suburb', 'State']) {
      expect(within(sites).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(within(sites).getByRole('link', { name: 'George St Laboratory' })).toHaveAttribute('href', '/site/7');
    const row = within(sites).getByRole('link', { name: 'Parramatta Collection' }).closest('tr')!;
    expect(row).toHaveTextContent('S-0412-2');
    expect(row).toHaveTextContent('Parramatta');
    expect(within(sites).getByText('Accredited')).toBeInTheDocument();
  });

  it("opens 'Update Contact Details' from the page, and shows the saved details", async () => {
    let current = detail;
    mockFetch((url, init) => {
      if (url === '/api/facilities/4' && init.method === 'PUT') {
        current = { ...current, ...(JSON.parse(String(init.body)) as Partial<FacilityDetail>) };
        return { body: { message: 'Action successful!', facility: current } };
      }
      return url === '/api/facilities/4' ? { body: current } : undefined;
    });
    const user = userEvent.setup();
    render('/facility/4');
    await user.click(await screen.findByRole('button', { name: 'Update Contact Details' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Update Contact Details' }));
    await user.clear(dialog.getByLabelText(/^Billing email/));
    await user.type(dialog.getByLabelText(/^Billing email/), 'new@scpath.test');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Action successful!')).toBeInTheDocument();
    expect(
      await within(screen.getByRole('region', { name: 'Facility Details' })).findByText('new@scpath.test'),
    ).toBeInTheDocument();
  });

  it("has no 'Update Contact Details' button when the server says the user may not update it", async () => {
    mockFetch((url) =>
      url === '/api/facilities/4'
        ? { body: { ...detail, abilities: { 'facilities.facility.update': false } } }
        : undefined,
    );
    render('/facility/4');
    expect(await screen.findByRole('heading', { name: 'Sydney Central Pathology', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Contact Details' })).not.toBeInTheDocument();
  });

  it("shows 'Facility not found' for a 404", async () => {
    mockFetch(() => ({ status: 404, body: { message: 'Not found.' } }));
    render('/facility/999');
    expect(await screen.findByText('Facility not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Facilities/Sites' })).toHaveAttribute('href', '/facilities');
  });

  it('does not call the server for an id that cannot be a record', async () => {
    const { calls } = mockFetch(() => undefined);
    render('/facility/abc');
    expect(await screen.findByText('Facility not found')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('offers to try again when the server fails', async () => {
    mockFetch(() => ({ status: 500, body: { message: 'Something went wrong. Please try again later.' } }));
    render('/facility/4');
    expect(await screen.findByText('Something went wrong. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
