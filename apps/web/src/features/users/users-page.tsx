import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconMail, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  isRole,
  PAGE_SIZES,
  pageButtonShown,
  pathTo,
  ROLE_NAMES,
  ROUTES,
  USER_ADMIN_MESSAGES as M,
  type UserCard,
} from '@portal/shared';
import { CardGrid, CardSearch } from '../../components/card-grid';
import { PageTitle } from '../../components/page-title';
import { useListParams, useTypedFilter } from '../../lib/list-params';
import { useSession } from '../../lib/session';
import { useUsers } from './api';

function MemberCard({ user }: { user: UserCard }) {
  const name = `${user.first_name} ${user.last_name}`.trim();
  return (
    <Card withBorder component="article" aria-label={name}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Anchor
            component={Link}
            to={pathTo('adminUser', { id: user.id })}
            fw={600}
            style={{ wordBreak: 'break-word' }}
          >
            {name}
          </Anchor>
          {!user.activated && (
            <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>
              Deactivated
            </Badge>
          )}
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconMail size={14} aria-hidden />
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            {user.email}
          </Text>
        </Group>
        <Group gap={4}>
          {user.roles.map((r) => (
            <Badge key={r} variant="light" size="sm">
              {isRole(r) ? ROLE_NAMES[r] : r}
            </Badge>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}

/** /admin/users: All Users as cards linking to each profile, searched by name or email, 20 a page. */
export default function UsersPage() {
  const { currentRole } = useSession();
  const list = useListParams({ perPage: PAGE_SIZES.users, perPageOptions: [PAGE_SIZES.users] });
  const { term, setTerm, value } = useTypedFilter(list, 'search');
  const { page, setPage } = list;
  const users = useUsers(value, page);

  return (
    <>
      <PageTitle
        title={ROUTES.adminUsers.title}
        actions={
          pageButtonShown('manageForumAdmin', currentRole) && (
            <Button
              component={Link}
              to={ROUTES.adminManageCommittees.path}
              leftSection={<IconUsersGroup size={16} aria-hidden />}
            >
              Manage Forum Admin
            </Button>
          )
        }
      />
      <CardSearch label="Search users" placeholder="Name or email" value={term} onChange={setTerm} />
      <CardGrid
        query={users}
        noun={['user', 'users']}
        empty={M.noUsers}
        failedTitle="The users could not be loaded"
        page={page}
        onPage={setPage}
        card={(u) => <MemberCard key={u.id} user={u} />}
      />
    </>
  );
}
