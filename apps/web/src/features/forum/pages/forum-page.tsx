import { useState } from 'react';
import { Anchor, Button, Card, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { FORUM_LIMITS, FORUM_MESSAGES, ROUTES, type ForumSearchResult, type ForumThreadSummary } from '@portal/shared';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageTitle } from '../../../components/page-title';
import { formatDate } from '../../../lib/dates';
import { useListParams, useTypedFilter } from '../../../lib/list-params';
import { useSession } from '../../../lib/session';
import { useForumThreads, threadsKey, useForumSearch } from '../api';
import { authorName, consumeLeftDiscussion } from '../forum-state';

const discussionPath = (id: number) => ROUTES.discussion.path.replace(':id', String(id));

const COLUMNS: DataColumn<ForumThreadSummary | ForumSearchResult>[] = [
  {
    title: 'Discussion',
    render: (t) => (
      <Stack gap={2}>
        <Anchor component={Link} to={discussionPath(t.id)} fw={600}>
          {t.title}
        </Anchor>
        {'snippet' in t && t.snippet && (
          // The server escapes the snippet and adds only <mark> around the words found.
          <Text size="sm" c="dimmed" className="forum-snippet" dangerouslySetInnerHTML={{ __html: t.snippet }} />
        )}
      </Stack>
    ),
  },
  { title: 'Category', render: (t) => t.categories[0]?.name, width: 130 },
  { title: 'Posted by', render: (t) => authorName(t.user), width: 170 },
  { title: 'Date', render: (t) => formatDate(t.created_at), width: 110 },
  { title: 'Replies', render: (t) => t.replies_count, numeric: true, width: 90 },
];

/**
 * /forum: the committee's discussions (latest activity first), a search of them, and New
 * Discussion when the server says the user may start one (write flag or committee admin). Coming
 * from anywhere but a discussion, the cached list is dropped and fetched again (spec/01 2.2).
 */
export default function ForumPage() {
  const { committeeId } = useSession();
  const queryClient = useQueryClient();
  const params = useListParams({ perPage: FORUM_LIMITS.threadsPerPage, perPageOptions: [FORUM_LIMITS.threadsPerPage] });
  const { page, set } = params;
  const [fromDiscussion] = useState(() => {
    const back = consumeLeftDiscussion();
    if (!back) queryClient.removeQueries({ queryKey: threadsKey });
    return back;
  });
  const { term, setTerm, value: debounced } = useTypedFilter(params, 'q');
  const searching = debounced.length > 0;

  const threads = useForumThreads(committeeId, searching ? 1 : page, {
    staleTime: fromDiscussion ? 60_000 : undefined,
  });
  const results = useForumSearch(debounced, committeeId, page);
  const list = searching ? results : threads;

  const mayStart = threads.data?.abilities['forum.thread.create'] === true;

  return (
    <>
      <PageTitle
        title={ROUTES.forum.title}
        description="Discussions of your committee."
        actions={
          mayStart && (
            <Button component={Link} to={ROUTES.newDiscussion.path} leftSection={<IconPlus size={16} aria-hidden />}>
              New Discussion
            </Button>
          )
        }
      />
      <Card>
        <TextInput
          label="Search discussions"
          placeholder="Search titles, posts, replies and attachments"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={term}
          onChange={(e) => setTerm(e.currentTarget.value)}
          maw={480}
          mb="md"
          type="search"
        />
        {list.isError ? (
          <LoadFailedAlert
            title={searching ? 'The search failed' : 'The discussions could not be loaded'}
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        ) : (
          <DataTable
            label={searching ? 'Search Results' : 'Discussions'}
            columns={COLUMNS}
            rows={list.data?.data}
            rowKey={(t) => t.id}
            loading={list.isPending && (searching || committeeId !== null)}
            stale={list.isPlaceholderData && list.isFetching}
            empty={searching ? FORUM_MESSAGES.noSearchResults : FORUM_MESSAGES.noDiscussions}
            paging={
              list.data
                ? { page, perPage: list.data.per_page, total: list.data.total, onPageChange: (p) => set({ page: p }) }
                : undefined
            }
          />
        )}
      </Card>
    </>
  );
}
