import { Badge, Card, Group, Pagination, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconMail, IconPhone, IconSearch } from '@tabler/icons-react';
import { FORUM_MESSAGES, PAGE_SIZES, ROUTES, type MemberCard } from '@portal/shared';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageTitle } from '../../../components/page-title';
import { useListParams, useTypedFilter } from '../../../lib/list-params';
import { useSession } from '../../../lib/session';
import { useMembers } from '../api';

function MemberCard({ member }: { member: MemberCard }) {
  const name = `${member.first_name} ${member.last_name}${member.is_you ? ' (You)' : ''}`;
  return (
    <Card withBorder component="article" aria-label={name}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text fw={600} style={{ wordBreak: 'break-word' }}>
            {name}
          </Text>
          {member.admin && (
            <Badge variant="light" style={{ flexShrink: 0 }}>
              Admin
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {member.title}
        </Text>
        <Group gap={6} wrap="nowrap">
          <IconPhone size={14} aria-hidden />
          <Text size="sm">{member.mobile_number || '—'}</Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconMail size={14} aria-hidden />
          <Text size="sm" component="a" href={`mailto:${member.email}`} c="blue.8" style={{ wordBreak: 'break-all' }}>
            {member.email}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}

/** /members: the current committee's members as cards, with search and 20 a page (spec/02 sections 2, 5). */
export default function MembersPage() {
  const { committeeId } = useSession();
  const list = useListParams({ perPage: PAGE_SIZES.members, perPageOptions: [PAGE_SIZES.members] });
  const { term: search, setTerm: setSearch, value: typed } = useTypedFilter(list, 'search');
  const { page, setPage } = list;
  const members = useMembers(committeeId, typed, page);
  const data = members.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.per_page)) : 1;

  return (
    <>
      <PageTitle title={ROUTES.members.title} description="The members of your committee." />
      <TextInput
        label="Search members"
        placeholder="Name, title, phone or email"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={420}
        mb="md"
        type="search"
      />
      {members.isError ? (
        <LoadFailedAlert
          title="The members could not be loaded"
          error={members.error}
          onRetry={() => void members.refetch()}
        />
      ) : !data ? (
        <Text c="dimmed">Loading members…</Text>
      ) : data.data.length === 0 ? (
        <Text c="dimmed">{FORUM_MESSAGES.noMembers}</Text>
      ) : (
        <Stack gap="md" style={{ opacity: members.isPlaceholderData && members.isFetching ? 0.6 : 1 }}>
          <Text size="sm" c="dimmed" aria-live="polite">
            {data.total} {data.total === 1 ? 'member' : 'members'}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {data.data.map((m) => (
              <MemberCard key={m.id} member={m} />
            ))}
          </SimpleGrid>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            />
          )}
        </Stack>
      )}
    </>
  );
}
