import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { FORUM_MESSAGES, PAGE_SIZES, ROUTES, type MemberCard } from '@portal/shared';
import { CardGrid, CardSearch } from '../../../components/card-grid';
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

  return (
    <>
      <PageTitle title={ROUTES.members.title} description="The members of your committee." />
      <CardSearch
        label="Search members"
        placeholder="Name, title, phone or email"
        value={search}
        onChange={setSearch}
      />
      <CardGrid
        query={members}
        noun={['member', 'members']}
        empty={FORUM_MESSAGES.noMembers}
        failedTitle="The members could not be loaded"
        page={page}
        onPage={setPage}
        card={(m) => <MemberCard key={m.id} member={m} />}
      />
    </>
  );
}
