import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { UNSAVED_CHANGES } from '../../lib/unsaved-changes';
import {
  FORUM_MESSAGES,
  type ForumReply,
  type ForumThreadDetail,
  type ForumThreadSummary,
  type MemberList,
} from '@portal/shared';
import { renderRoute, signInAs } from '../../components/documents/test-fixtures';
import { mockFetch, renderWithApp } from '../../test/render';
import DiscussionPage from './pages/discussion-page';
import EditDiscussionPage from './pages/edit-discussion-page';
import ForumPage from './pages/forum-page';
import MembersPage from './pages/members-page';
import NewDiscussionPage from './pages/new-discussion-page';

const user1 = { id: 1, first_name: 'Cara', middle_name: null, last_name: 'Chair' };
const user2 = { id: 2, first_name: 'Pat', middle_name: null, last_name: 'Plain' };

function summary(id: number, overrides: Partial<ForumThreadSummary> = {}): ForumThreadSummary {
  return {
    id,
    title: `Discussion ${id}`,
    created_at: '2026-03-05T01:00:00.000Z',
    updated_at: '2026-03-05T01:00:00.000Z',
    replies_count: 2,
    committee_id: 7,
    user: user1,
    categories: [{ id: 2, name: 'Technical' }],
    ...overrides,
  };
}

function reply(id: number, post: string, mine: boolean, createdAt: string): ForumReply {
  return {
    id,
    thread_id: 5,
    post,
    created_at: createdAt,
    updated_at: createdAt,
    user: mine ? user2 : user1,
    documents: [],
    abilities: { 'forum.reply.update': mine, 'forum.reply.delete': mine },
  };
}

function detail(overrides: Partial<ForumThreadDetail> = {}): ForumThreadDetail {
  return {
    ...summary(5, { title: 'Trace metals round' }),
    post: '<p>The <strong>proficiency</strong> round.</p>',
    documents: [
      {
        id: 31,
        name: 'scheme.txt',
        size: 1200,
        uploadable_type: 'thread',
        uploadable_id: 5,
        created_at: '2026-03-05T01:00:00.000Z',
      },
    ],
    replies: [
      reply(12, '<p>Newest reply</p>', true, '2026-03-06T01:00:00.000Z'),
      reply(11, '<p>Oldest reply</p>', false, '2026-03-05T02:00:00.000Z'),
    ],
    replies_total: 2,
    page: 1,
    per_page: 50,
    related_documents: [
      {
        id: 31,
        name: 'scheme.txt',
        size: 1200,
        uploadable_type: 'thread',
        uploadable_id: 5,
        created_at: '2026-03-05T01:00:00.000Z',
      },
      {
        id: 32,
        name: 'reply-notes.txt',
        size: 300,
        uploadable_type: 'reply',
        uploadable_id: 11,
        created_at: '2026-03-05T02:00:00.000Z',
      },
    ],
    is_following: false,
    abilities: {
      'forum.thread.update': false,
      'forum.thread.delete': false,
      'forum.reply.create': true,
      'forum.thread.follow': true,
    },
    ...overrides,
  };
}

/** The committee's first page of discussions, with whether the user may start one. */
const threadList = (mayStart: boolean) => ({
  data: [summary(1)],
  total: 1,
  page: 1,
  per_page: 10,
  abilities: { 'forum.thread.create': mayStart },
});

const CATEGORIES = [
  { id: 1, name: 'General' },
  { id: 2, name: 'Technical' },
];

describe('forum list', () => {
  it('shows the discussions and New Discussion when the server allows starting one', async () => {
    signInAs('CM', 't', 7);
    const { calls } = mockFetch((url) =>
      url.startsWith('/api/forumthreads?')
        ? {
            body: {
              data: [summary(1), summary(2)],
              total: 2,
              page: 1,
              per_page: 10,
              abilities: { 'forum.thread.create': true },
            },
          }
        : undefined,
    );
    renderWithApp(<ForumPage />, { path: '/forum' });
    const table = await screen.findByRole('table', { name: 'Discussions' });
    expect(await within(table).findByRole('link', { name: 'Discussion 1' })).toHaveAttribute('href', '/discussion/1');
    expect(within(table).getAllByText('Technical')).toHaveLength(2);
    expect(within(table).getAllByText('Cara Chair')).toHaveLength(2);
    expect(within(table).getAllByText('05/03/2026')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'New Discussion' })).toHaveAttribute('href', '/forum/new-discussion');
    expect(calls[0]!.url).toContain('committeeid=7');
  });

  it('hides New Discussion without the write flag or admin', async () => {
    signInAs('CM', 't', 7);
    mockFetch((url) =>
      url.startsWith('/api/forumthreads?')
        ? { body: { data: [summary(1)], total: 1, page: 1, per_page: 10, abilities: { 'forum.thread.create': false } } }
        : undefined,
    );
    renderWithApp(<ForumPage />, { path: '/forum' });
    await screen.findByRole('link', { name: 'Discussion 1' });
    expect(screen.queryByRole('link', { name: 'New Discussion' })).not.toBeInTheDocument();
  });

  it('searches the committee and shows the highlighted snippet', async () => {
    signInAs('CM', 't', 7);
    const { calls } = mockFetch((url) => {
      if (url.startsWith('/api/forumthreads?'))
        return {
          body: { data: [summary(1)], total: 1, page: 1, per_page: 10, abilities: { 'forum.thread.create': false } },
        };
      if (url.startsWith('/api/forum/search?'))
        return {
          body: {
            data: [
              { ...summary(3, { title: 'Zirconium columns' }), snippet: 'which <mark>zirconium</mark> &lt;b&gt;' },
            ],
            total: 1,
            page: 1,
            per_page: 10,
          },
        };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithApp(<ForumPage />, { path: '/forum' });
    await screen.findByRole('link', { name: 'Discussion 1' });
    await user.type(screen.getByRole('searchbox', { name: 'Search discussions' }), 'zirconium');
    const results = await screen.findByRole('table', { name: 'Search Results' });
    expect(await within(results).findByRole('link', { name: 'Zirconium columns' })).toBeInTheDocument();
    expect(within(results).getByText('zirconium', { selector: 'mark' })).toBeInTheDocument();
    expect(within(results).getByText(/<b>/)).toBeInTheDocument();
    expect(
      calls.some(
        (c) => c.url.includes('/api/forum/search?') && c.url.includes('term=zirconium') && c.url.includes('cmid=7'),
      ),
    ).toBe(true);
  });
});

describe('discussion', () => {
  it('shows the body, attachments, replies in the server’s order (newest first) and related documents', async () => {
    signInAs('CM', 't', 7);
    mockFetch((url) => (url.startsWith('/api/forumthreads/5') ? { body: detail() } : undefined));
    await renderRoute(<DiscussionPage />, '/discussion/:id', '/discussion/5');
    expect(await screen.findByRole('heading', { name: 'Trace metals round', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('proficiency', { selector: 'strong' })).toBeInTheDocument();
    const replies = within(screen.getByRole('region', { name: 'Replies' })).getAllByRole('article');
    expect(replies.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Newest reply'),
      expect.stringContaining('Oldest reply'),
    ]);
    const related = screen
      .getByRole('heading', { name: 'Related Documents' })
      .closest('.mantine-Card-root') as HTMLElement;
    expect(within(related).getByRole('button', { name: 'scheme.txt' })).toBeInTheDocument();
    expect(within(related).getByRole('button', { name: 'reply-notes.txt' })).toBeInTheDocument();
    // Not the author: no Edit or Delete of the thread; Follow offered.
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow' })).toBeInTheDocument();
    // Edit and Delete only on the user's own reply.
    expect(within(replies[0]!).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(replies[1]!).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('shows Edit and Delete of the thread to its author', async () => {
    signInAs('CM', 't', 7);
    mockFetch((url) =>
      url.startsWith('/api/forumthreads/5')
        ? {
            body: detail({
              abilities: {
                'forum.thread.update': true,
                'forum.thread.delete': true,
                'forum.reply.create': true,
                'forum.thread.follow': true,
              },
              is_following: true,
            }),
          }
        : undefined,
    );
    await renderRoute(<DiscussionPage />, '/discussion/:id', '/discussion/5');
    const thread = await screen.findByRole('article', { name: 'Trace metals round' });
    expect(within(thread).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/forum/edit-discussion/5');
    expect(within(thread).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unfollow' })).toBeInTheDocument();
  });

  // Before any test that opens the editor: once loaded, the page keeps it.
  it('loads the editor when the reply box is opened, behind a skeleton of its size, with the caret in it', async () => {
    signInAs('CM', 't', 7);
    mockFetch((url) => (url.startsWith('/api/forumthreads/5') ? { body: detail() } : undefined));
    const user = userEvent.setup();
    await renderRoute(<DiscussionPage />, '/discussion/:id', '/discussion/5');
    const form = await screen.findByRole('form', { name: 'Reply' });
    // Until then one line asking for a reply: no editor, no toolbar.
    expect(within(form).queryByRole('textbox', { name: 'Your reply' })).not.toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: 'Bold' })).not.toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Post' })).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'Write a reply…' }));
    const editor = await within(form).findByRole('textbox', { name: 'Your reply' });
    expect(within(form).getByRole('button', { name: 'Bold' })).toBeInTheDocument();
    await waitFor(() => expect(editor).toHaveFocus());
  });

  it('opens the edit-reply mode in place, with Save and Cancel', async () => {
    signInAs('CM', 't', 7);
    mockFetch((url) => (url.startsWith('/api/forumthreads/5') ? { body: detail() } : undefined));
    const user = userEvent.setup();
    await renderRoute(<DiscussionPage />, '/discussion/:id', '/discussion/5');
    const mine = (await screen.findAllByRole('article', { name: /Reply by/ }))[0]!;
    await user.click(within(mine).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit reply' });
    // The editor loads at once for an edit (a box of its size stands in while it comes).
    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: 'Edit your reply' })).toHaveTextContent('Newest reply'),
    );
    expect(within(form).getByRole('button', { name: 'Save' })).toBeEnabled();
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Edit reply' })).not.toBeInTheDocument();
  });

  it('deletes a reply after a confirmation modal, then says so in a success modal (spec/02 section 4)', async () => {
    signInAs('CM', 't', 7);
    const { calls } = mockFetch((url, init) => {
      if (url === '/api/forumreply/12' && init?.method === 'DELETE')
        return { body: { message: FORUM_MESSAGES.replyDeleted } };
      return url.startsWith('/api/forumthreads/5') ? { body: detail() } : undefined;
    });
    const user = userEvent.setup();
    await renderRoute(<DiscussionPage />, '/discussion/:id', '/discussion/5');
    const mine = (await screen.findAllByRole('article', { name: /Reply by/ }))[0]!;
    await user.click(within(mine).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete reply' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const success = await screen.findByRole('dialog', { name: 'Success' });
    expect(within(success).getByText(FORUM_MESSAGES.replyDeleted)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/forumreply/12']);
  });

  it('says the discussion is not there on a 404', async () => {
    signInAs('CM', 't', 7);
    mockFetch(() => undefined);
    await renderRoute(<DiscussionPage />, '/discussion/:id', '/discussion/99');
    expect(await screen.findByRole('heading', { name: 'Discussion not found' })).toBeInTheDocument();
  });
});

describe('discussion form', () => {
  it('keeps Post disabled while title or content is empty, and says the title rules', async () => {
    signInAs('CM', 't', 7);
    mockFetch((url) =>
      url.startsWith('/api/forumcategories')
        ? { body: CATEGORIES }
        : url.startsWith('/api/forumthreads?')
          ? { body: threadList(true) }
          : undefined,
    );
    const user = userEvent.setup();
    renderWithApp(<NewDiscussionPage />, { path: '/forum/new-discussion' });
    const post = await screen.findByRole('button', { name: 'Post' });
    expect(post).toBeDisabled();
    const title = screen.getByRole('textbox', { name: 'Discussion Title' });
    await user.click(title);
    await user.paste('x'.repeat(101));
    await user.tab();
    expect(await screen.findByText('The discussion title may not be greater than 100 characters.')).toBeInTheDocument();
    expect(post).toBeDisabled(); // no content yet
    await user.clear(title);
    await user.tab();
    expect(await screen.findByText('The discussion title field is required.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Description' })).toBeInTheDocument();
  });

  it('opened by its address without leave to start one, says so before anyone types and offers the way back', async () => {
    signInAs('CM', 't', 7);
    mockFetch((url) =>
      url.startsWith('/api/forumcategories')
        ? { body: CATEGORIES }
        : url.startsWith('/api/forumthreads?')
          ? { body: threadList(false) }
          : undefined,
    );
    renderWithApp(<NewDiscussionPage />, { path: '/forum/new-discussion' });
    expect(await screen.findByText(new RegExp(FORUM_MESSAGES.writeNotAllowed))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Forum' })).toHaveAttribute('href', '/forum');
    expect(screen.queryByRole('textbox', { name: 'Discussion Title' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Post' })).not.toBeInTheDocument();
  });

  it('leaves an untouched form without asking', async () => {
    signInAs('CM', 't', 7);
    mockFetch((url) =>
      url.startsWith('/api/forumcategories')
        ? { body: CATEGORIES }
        : url.startsWith('/api/forumthreads?')
          ? { body: threadList(true) }
          : undefined,
    );
    const user = userEvent.setup();
    renderWithApp(<NewDiscussionPage />, {
      path: '/forum/new-discussion',
      extraRoutes: [{ path: '/forum', element: <div>The forum list</div> }],
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('The forum list')).toBeInTheDocument(); // nothing typed: no question
  });

  it('asks before leaving a typed discussion: Stay keeps it, Leave goes', async () => {
    signInAs('CM', 't', 7);
    mockFetch((url) =>
      url.startsWith('/api/forumcategories')
        ? { body: CATEGORIES }
        : url.startsWith('/api/forumthreads?')
          ? { body: threadList(true) }
          : undefined,
    );
    const user = userEvent.setup();
    renderWithApp(<NewDiscussionPage />, {
      path: '/forum/new-discussion',
      extraRoutes: [{ path: '/forum', element: <div>The forum list</div> }],
    });
    await user.type(await screen.findByRole('textbox', { name: 'Discussion Title' }), 'Half a thought');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: UNSAVED_CHANGES.title });
    await user.click(within(ask).getByRole('button', { name: UNSAVED_CHANGES.stay }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: UNSAVED_CHANGES.title })).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Discussion Title' })).toHaveValue('Half a thought');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const again = (await screen.findAllByRole('dialog', { name: UNSAVED_CHANGES.title })).at(-1)!;
    await user.click(within(again).getByRole('button', { name: UNSAVED_CHANGES.leave }));
    expect(await screen.findByText('The forum list')).toBeInTheDocument();
  });

  it('refuses a second file of the same name with the spec’s message', async () => {
    signInAs('CM', 't', 7);
    mockFetch((url) =>
      url.startsWith('/api/forumcategories')
        ? { body: CATEGORIES }
        : url.startsWith('/api/forumthreads?')
          ? { body: threadList(true) }
          : undefined,
    );
    const user = userEvent.setup({ applyAccept: false });
    const { container } = renderWithApp(<NewDiscussionPage />, { path: '/forum/new-discussion' });
    await screen.findByRole('button', { name: 'Post' });
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['a'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('notes.txt')).toBeInTheDocument();
    await user.upload(input, new File(['b'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('File notes.txt is already attached.');
    expect(within(screen.getByRole('list', { name: 'Attached files' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('edits: fills the fields, keeps or removes existing files, Cancel goes back to the discussion', async () => {
    signInAs('CM', 't', 7);
    const { calls } = mockFetch((url, init) => {
      if (url.startsWith('/api/forumcategories')) return { body: CATEGORIES };
      if (url.startsWith('/api/forumthreads/5') && (init.method ?? 'GET') === 'GET') {
        return {
          body: detail({
            abilities: {
              'forum.thread.update': true,
              'forum.thread.delete': true,
              'forum.reply.create': true,
              'forum.thread.follow': true,
            },
          }),
        };
      }
      if (url === '/api/forumthreads/5' && init.method === 'POST')
        return { body: { message: 'Discussion Thread created updated.', thread: summary(5) } };
      return undefined;
    });
    const user = userEvent.setup();
    const { router } = await renderRoute(
      <EditDiscussionPage />,
      '/forum/edit-discussion/:id',
      '/forum/edit-discussion/5',
    );
    expect(await screen.findByDisplayValue('Trace metals round')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('Technical'));
    expect(screen.getByRole('button', { name: 'Post' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Remove scheme.txt' }));
    expect(screen.queryByText('scheme.txt')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/forumthreads/5' && c.method === 'POST')).toBe(true));
    expect(await screen.findByText('Discussion Thread created updated.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/discussion/5'));
  });
});

describe('members', () => {
  it('shows the committee’s members as cards, the admin badge, title and (You)', async () => {
    signInAs('CM', 't', 7);
    const list: MemberList = {
      data: [
        {
          id: 1,
          first_name: 'Cara',
          last_name: 'Chair',
          title: 'Chair',
          mobile_number: '+61400111222',
          email: 'cara@lab.test',
          admin: true,
          is_you: false,
        },
        {
          id: 2,
          first_name: 'Pat',
          last_name: 'Plain',
          title: 'General',
          mobile_number: null,
          email: 'pat@lab.test',
          admin: false,
          is_you: true,
        },
      ],
      total: 2,
      page: 1,
      per_page: 20,
    };
    const { calls } = mockFetch((url) => (url.startsWith('/api/forum/members?') ? { body: list } : undefined));
    const user = userEvent.setup();
    renderWithApp(<MembersPage />, { path: '/members' });
    const cara = await screen.findByRole('article', { name: 'Cara Chair' });
    expect(within(cara).getByText('Admin')).toBeInTheDocument();
    const pat = screen.getByRole('article', { name: 'Pat Plain (You)' });
    expect(within(pat).getByText('General')).toBeInTheDocument();
    expect(within(pat).queryByText('Admin')).not.toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search members' }), '  chair ');
    await waitFor(() => expect(calls.some((c) => c.url.includes('search=chair'))).toBe(true));
  });
});
