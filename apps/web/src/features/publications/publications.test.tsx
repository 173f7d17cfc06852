import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PUBLICATION_MESSAGES, type CategoryNode, type PublicationItem, type SubcategoryNode } from '@portal/shared';
import { mockFetch, renderWithApp } from '../../test/render';
import { signInAs } from '../../test/sign-in';
import AdminPublicationsPage from './pages/admin-publications-page';
import PublicationPage from './pages/publication-page';
import PublicationsPage from './pages/publications-page';
import SubscriptionsPage from './pages/subscriptions-page';

/** /publications/:id, entered at `url`. */
async function renderPublication(url: string) {
  const result = renderWithApp(<div>Start</div>, {
    path: '/start',
    extraRoutes: [{ path: '/publications/:id', element: <PublicationPage /> }],
  });
  await act(() => result.router.navigate(url));
  return result;
}

const leaf = (id: number, name: string) => ({ id, name });
/** The publications of each sub category made by `sub`, served a page at a time by `categoryPage`. */
const PUBLICATIONS_OF = new Map<number, { id: number; name: string }[]>();
const sub = (
  id: number,
  name: string,
  parent_id: number,
  isSubscribe: boolean,
  isNotify = false,
  publications = [leaf(id * 10, `${name} guide`)],
): SubcategoryNode => {
  PUBLICATIONS_OF.set(id, publications);
  return { id, name, parent_id, isSubscribe, isNotify, publication_count: publications.length };
};
/** GET /api/publications/category/{id}?page=&per_page=, from PUBLICATIONS_OF. */
function categoryPage(url: string) {
  const match = /^\/api\/publications\/category\/(\d+)\?page=(\d+)&per_page=(\d+)$/.exec(url);
  if (!match) return undefined;
  const [, id, page, perPage] = match.map(Number) as [number, number, number, number];
  const all = PUBLICATIONS_OF.get(id) ?? [];
  const data = all.slice((page - 1) * perPage, page * perPage).map((p) => publication(p.id, p.name));
  return { body: { data, total: all.length, page, per_page: perPage } };
}
function root(id: number, name: string, children: SubcategoryNode[]): CategoryNode {
  return {
    id,
    name,
    parent_id: null,
    isSubscribe: children.length > 0 && children.every((c) => c.isSubscribe),
    isNotify: children.length > 0 && children.every((c) => c.isNotify),
    children,
  };
}
const publication = (id: number, name: string, file_name = `${name}.pdf`): PublicationItem => ({
  id,
  name,
  uri: `/api/publications/${id}/file`,
  updated_at: '2026-03-05T01:00:00.000Z',
  file_name,
  size: 2048,
  category: { id: 1, name: 'General' },
  subcategory: { id: 2, name: 'Forms' },
});

/** General: Forms subscribed (notify off), Fees not. Newsletters: both subscribed. */
const TREE = [
  root(1, 'General', [sub(2, 'Forms', 1, true), sub(3, 'Fees', 1, false)]),
  root(4, 'Newsletters', [sub(5, 'Monthly', 4, true, true), sub(6, 'Annual', 4, true, false)]),
];

describe('Manage My Subscriptions', () => {
  it('shows the notify toggle only on subscribed items, and subscribe-all checked only when every sub category is subscribed', async () => {
    signInAs('AR');
    const { calls } = mockFetch((url) =>
      url.startsWith('/api/categories') ? { body: { data: TREE } } : categoryPage(url),
    );
    renderWithApp(<SubscriptionsPage />, { path: '/subscriptions' });

    const general = within(await screen.findByRole('region', { name: 'General' }));
    await general.findByRole('checkbox', { name: 'Forms' });
    expect(general.getByRole('checkbox', { name: 'Forms' })).toBeChecked();
    expect(general.getByRole('checkbox', { name: 'Fees' })).not.toBeChecked();
    expect(general.getByRole('switch', { name: 'Notify me of Forms' })).not.toBeChecked();
    expect(general.queryByRole('switch', { name: 'Notify me of Fees' })).not.toBeInTheDocument();
    // Only one of two subscribed: subscribe-all is not checked, and has no notify-all toggle.
    expect(general.getByRole('checkbox', { name: 'Subscribe to all of General' })).not.toBeChecked();
    expect(general.queryByRole('switch', { name: 'Notify me of all of General' })).not.toBeInTheDocument();

    const newsletters = within(screen.getByRole('region', { name: 'Newsletters' }));
    expect(newsletters.getByRole('checkbox', { name: 'Subscribe to all of Newsletters' })).toBeChecked();
    expect(newsletters.getByRole('switch', { name: 'Notify me of all of Newsletters' })).not.toBeChecked();
    expect(newsletters.getByRole('switch', { name: 'Notify me of Monthly' })).toBeChecked();
    // A reader sees how many publications each sub category holds; they are asked for when it opens.
    expect(calls.map((c) => c.url)).toEqual(['/api/categories?withPublication=true']);
    const shows = newsletters.getAllByRole('button', { name: 'Show publications (1)', expanded: false });
    expect(shows).toHaveLength(2);
    await userEvent.click(shows[0]!);
    expect(await newsletters.findByRole('link', { name: 'Monthly guide' })).toHaveAttribute('href', '/publications/50');
    expect(newsletters.getByRole('button', { name: 'Hide publications (1)', expanded: true })).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toContain('/api/publications/category/5?page=1&per_page=50');
  });

  it("loads a large sub category's publications a page at a time", async () => {
    signInAs('TA');
    const many = Array.from({ length: 120 }, (_, i) => leaf(1000 + i, `Report ${String(i + 1).padStart(3, '0')}`));
    const { calls } = mockFetch((url) =>
      url.startsWith('/api/categories')
        ? { body: { data: [root(7, 'Reports', [sub(8, 'Annual reports', 7, true, false, many)])] } }
        : categoryPage(url),
    );
    renderWithApp(<SubscriptionsPage />, { path: '/subscriptions' });
    await userEvent.click(await screen.findByRole('button', { name: 'Show publications (120)' }));
    const list = await screen.findByRole('list', { name: 'Publications of Annual reports' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);
    await userEvent.click(screen.getByRole('button', { name: 'Show more (50 of 120)' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(100));
    await userEvent.click(screen.getByRole('button', { name: 'Show more (100 of 120)' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(120));
    expect(screen.queryByRole('button', { name: /^Show more/ })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/publications/category/8')).map((c) => c.url)).toEqual([
      '/api/publications/category/8?page=1&per_page=50',
      '/api/publications/category/8?page=2&per_page=50',
      '/api/publications/category/8?page=3&per_page=50',
    ]);
  });

  it('subscribes and unsubscribes one or all, and turns notify on with ?type=notification', async () => {
    signInAs('CM');
    const { calls } = mockFetch((url, init) => {
      if (url.startsWith('/api/categories')) return { body: { data: TREE } };
      if (url.startsWith('/api/subscriptions'))
        return { body: { message: init.method === 'POST' ? 'Your subscriptions are saved.' : 'Removed.', data: TREE } };
      return undefined;
    });
    renderWithApp(<SubscriptionsPage />, { path: '/subscriptions' });
    const general = within(await screen.findByRole('region', { name: 'General' }));

    await userEvent.click(await general.findByRole('checkbox', { name: 'Fees' }));
    await screen.findByText('Your subscriptions are saved.');
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/subscriptions',
      body: { category_ids: [3] },
    });

    await waitFor(() => expect(general.getByRole('checkbox', { name: 'Forms' })).toBeEnabled());
    await userEvent.click(general.getByRole('checkbox', { name: 'Forms' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(decodeURIComponent(calls.find((c) => c.method === 'DELETE')!.url)).toBe('/api/subscriptions/[2]');

    await waitFor(() => expect(general.getByRole('checkbox', { name: 'Subscribe to all of General' })).toBeEnabled());
    await userEvent.click(general.getByRole('checkbox', { name: 'Subscribe to all of General' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')[1]).toMatchObject({
      url: '/api/subscriptions',
      body: { category_ids: [1] },
    });

    await waitFor(() => expect(general.getByRole('switch', { name: 'Notify me of Forms' })).toBeEnabled());
    await userEvent.click(general.getByRole('switch', { name: 'Notify me of Forms' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(3));
    expect(calls.filter((c) => c.method === 'POST')[2]).toMatchObject({
      url: '/api/subscriptions?type=notification',
      body: { category_ids: [2] },
    });
  });

  it("shows a refusal's message in an 'Error' notice", async () => {
    signInAs('TA');
    mockFetch((url) => {
      if (url.startsWith('/api/categories')) return { body: { data: TREE } };
      if (url.startsWith('/api/subscriptions'))
        return { status: 400, body: { message: PUBLICATION_MESSAGES.notifyNeedsSubscription } };
      return undefined;
    });
    renderWithApp(<SubscriptionsPage />, { path: '/subscriptions' });
    const general = within(await screen.findByRole('region', { name: 'General' }));
    await userEvent.click(await general.findByRole('switch', { name: 'Notify me of Forms' }));
    const notice = (await screen.findByText(PUBLICATION_MESSAGES.notifyNeedsSubscription)).closest(
      '.mantine-Notification-root',
    ) as HTMLElement;
    expect(within(notice).getByText('Error')).toBeInTheDocument();
  });

  it('an admin (who does not read publications) gets the categories without their publications', async () => {
    signInAs('SYSADMIN');
    const { calls } = mockFetch((url) =>
      url.startsWith('/api/categories')
        ? { body: { data: [root(1, 'General', [{ ...sub(2, 'Forms', 1, false), publication_count: undefined }])] } }
        : undefined,
    );
    renderWithApp(<SubscriptionsPage />, { path: '/subscriptions' });
    expect(await screen.findByRole('checkbox', { name: 'Forms' })).not.toBeChecked();
    expect(calls[0]!.url).toBe('/api/categories');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Show publications/ })).not.toBeInTheDocument();
  });
});

describe('Publications', () => {
  function serve({
    tree = TREE.map((r) => ({ ...r, children: r.children.filter((c) => c.isSubscribe) })),
    recent = [publication(1, 'Fee schedule')],
  } = {}) {
    return mockFetch((url) => {
      const path = url.split('?')[0];
      if (path === '/api/publications') return { body: { data: recent, total: 23, page: 1, per_page: 10 } };
      if (path === '/api/categories') return { body: { data: tree } };
      if (path === '/api/downloads') return { body: { url: '/api/publications/bulk?ids[]=20&dl=x' } };
      return categoryPage(url);
    });
  }

  it("lists the recently updated, 10 a page from the server, and the spec's empty texts without subscriptions", async () => {
    signInAs('AR');
    const { calls } = serve({ tree: [] });
    renderWithApp(<PublicationsPage />, { path: '/publications' });
    const table = await screen.findByRole('table', { name: PUBLICATION_MESSAGES.recentTitle });
    expect(await within(table).findByRole('link', { name: 'Fee schedule' })).toHaveAttribute('href', '/publications/1');
    expect(within(table).getByRole('link', { name: 'View Fee schedule' })).toHaveAttribute('href', '/publications/1');
    expect(within(table).getByRole('button', { name: 'Download Fee schedule' })).toBeInTheDocument();
    expect(calls.find((c) => c.url.startsWith('/api/publications'))!.url).toBe('/api/publications?page=1&per_page=10');
    const card = within(screen.getByRole('region', { name: PUBLICATION_MESSAGES.subscriptionsTitle }));
    expect(await card.findByText(PUBLICATION_MESSAGES.noFolders)).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Manage Subscriptions' })).toHaveAttribute('href', '/subscriptions');
    expect(calls.find((c) => c.url.startsWith('/api/categories'))!.url).toBe('/api/categories?subscribed=true');
  });

  it('browses the subscribed categories, selects all and downloads them as one zip', async () => {
    signInAs('AR');
    const tree = [
      root(1, 'General', [
        sub(2, 'Forms', 1, true, false, [leaf(20, 'Form A'), leaf(21, 'Form B')]),
        sub(3, 'Fees', 1, true, false, []),
      ]),
    ];
    const { calls } = serve({ tree });
    renderWithApp(<PublicationsPage />, { path: '/publications' });
    const browser = within(await screen.findByRole('region', { name: 'Subscribed categories' }));
    await userEvent.click(await browser.findByRole('button', { name: 'General' }));
    await userEvent.click(browser.getByRole('button', { name: 'Fees' }));
    expect(browser.getByText(PUBLICATION_MESSAGES.noDocuments)).toBeInTheDocument();
    await userEvent.click(browser.getByRole('button', { name: 'Forms' }));
    const download = await browser.findByRole('button', { name: 'Download Selected Files' });
    expect(calls.filter((c) => c.url.startsWith('/api/publications/category/')).map((c) => c.url)).toEqual([
      '/api/publications/category/3?page=1&per_page=50',
      '/api/publications/category/2?page=1&per_page=50',
    ]);
    expect(download).toBeDisabled();
    await userEvent.click(browser.getByRole('checkbox', { name: 'Select all' }));
    await userEvent.click(download);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/downloads')).toBe(true));
    expect(calls.find((c) => c.url === '/api/downloads')!.body).toEqual({
      path: '/api/publications/bulk?ids[]=20&ids[]=21',
    });
  });
});

describe('A publication', () => {
  it('shows its details and frames its PDF on a signed inline link', async () => {
    signInAs('TA');
    const { calls } = mockFetch((url) => {
      if (url === '/api/publications/7') return { body: { data: publication(7, 'Fee schedule') } };
      if (url === '/api/downloads') return { body: { url: '/api/publications/7/file?disposition=inline&dl=s.1.sig' } };
      return undefined;
    });
    await renderPublication('/publications/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fee schedule' })).toBeInTheDocument();
    const details = within(screen.getByRole('region', { name: 'Publication Details' }));
    expect(details.getByText('General › Forms')).toBeInTheDocument();
    expect(details.getByText('05/03/2026')).toBeInTheDocument();
    const frame = await screen.findByTitle('Preview of Fee schedule');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', '/api/publications/7/file?disposition=inline&dl=s.1.sig');
    expect(calls.find((c) => c.url === '/api/downloads')!.body).toEqual({
      path: '/api/publications/7/file?disposition=inline',
    });
    expect(screen.getByRole('button', { name: 'Download' })).toBeEnabled();
  });

  it('does not frame a file that is not a PDF', async () => {
    signInAs('TA');
    const { calls } = mockFetch((url) =>
      url === '/api/publications/8' ? { body: { data: publication(8, 'Fees table', 'fees.xlsx') } } : undefined,
    );
    await renderPublication('/publications/8');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fees table' })).toBeInTheDocument();
    expect(screen.queryByTitle('Preview of Fees table')).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/downloads')).toBe(false);
  });

  it('says so when the publication does not exist', async () => {
    signInAs('TA');
    mockFetch(() => undefined);
    await renderPublication('/publications/99');
    expect(await screen.findByRole('heading', { name: 'Publication not found' })).toBeInTheDocument();
  });
});

describe('Manage Publications (the back office)', () => {
  it('lists every publication, and removes one after asking', async () => {
    signInAs('SYSADMIN');
    const { calls } = mockFetch((url, init) => {
      if (url.startsWith('/api/admin/publications') && init.method === 'DELETE')
        return { body: { message: PUBLICATION_MESSAGES.publicationRemoved } };
      if (url.startsWith('/api/admin/publications'))
        return { body: { data: [publication(3, 'Fee schedule')], total: 1, page: 1, per_page: 10 } };
      if (url.startsWith('/api/categories')) return { body: { data: TREE } };
      return undefined;
    });
    renderWithApp(<AdminPublicationsPage />, { path: '/admin/publications' });
    const table = await screen.findByRole('table', { name: 'All Publications' });
    await within(table).findByText('Fee schedule');
    expect(calls[0]!.url).toBe('/api/admin/publications?page=1&per_page=10');
    await userEvent.click(within(table).getByRole('button', { name: 'Remove Fee schedule' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Publication' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, Remove' }));
    expect(await screen.findByText(PUBLICATION_MESSAGES.publicationRemoved)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')!.url).toBe('/api/admin/publications/3');
  });

  it('Add Publication asks for the name and sub category first, then the file', async () => {
    signInAs('SYSADMIN');
    mockFetch((url) => {
      if (url.startsWith('/api/admin/publications')) return { body: { data: [], total: 0, page: 1, per_page: 10 } };
      if (url.startsWith('/api/categories')) return { body: { data: TREE } };
      return undefined;
    });
    renderWithApp(<AdminPublicationsPage />, { path: '/admin/publications' });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Publication' }));
    const details = await screen.findByRole('dialog', { name: 'Add Publication' });
    await userEvent.click(within(details).getByRole('button', { name: 'Continue' }));
    expect(await within(details).findByText(PUBLICATION_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(within(details).getByText(PUBLICATION_MESSAGES.subcategoryRequired)).toBeInTheDocument();
    await userEvent.type(within(details).getByRole('textbox', { name: 'Name' }), 'Scope guide');
    await userEvent.click(within(details).getByLabelText(/^Sub category/));
    await userEvent.click(await screen.findByRole('option', { name: 'Fees', hidden: true }));
    await userEvent.click(within(details).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('dialog', { name: 'Add Publication: Scope guide' })).toBeInTheDocument();
  });
});
