import { Anchor, Table, Text } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { Link } from 'react-router';
import { calendarPathFor, PAGE_SIZES, ROUTES } from '@portal/shared';
import { DASHBOARD_TABLE_HEAD, DASHBOARD_TABLE_ROW, DashboardCard } from '../../components/dashboard-card';
import { useCurrentCommittee, useUpcomingEvents } from './api';
import { formatEventWhen } from './event-time';

export const UPCOMING_CARD_TITLE = 'Upcoming meetings';

/** The CM dashboard's 'Upcoming meetings' (spec/01 2.5): the first 5 events starting now or later, each opening the calendar at its start. */
export function UpcomingMeetingsCard() {
  const { committee, loading } = useCurrentCommittee();
  const upcoming = useUpcomingEvents(committee?.id ?? null);
  const list = upcoming.data?.data.slice(0, PAGE_SIZES.dashboard) ?? [];
  const empty =
    !loading && committee === null
      ? 'You are not a member of any committee.'
      : upcoming.isError
        ? 'The meetings could not be loaded.'
        : 'No upcoming meetings.';

  return (
    <DashboardCard
      title={UPCOMING_CARD_TITLE}
      icon={<IconCalendarEvent size={20} />}
      loading={loading || upcoming.isLoading}
      loadingLabel="Loading upcoming meetings"
      emptyText={list.length > 0 ? null : empty}
      rowHeight={DASHBOARD_TABLE_ROW}
      headHeight={DASHBOARD_TABLE_HEAD}
      viewAll={{ to: ROUTES.calendar.path, label: 'View calendar' }}
    >
      <Table aria-label={UPCOMING_CARD_TITLE} verticalSpacing={6} horizontalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Meeting</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>
                <Anchor component={Link} to={calendarPathFor(e.start)} size="sm" fw={500} lineClamp={1}>
                  {e.title}
                </Anchor>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {formatEventWhen(e)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </DashboardCard>
  );
}
