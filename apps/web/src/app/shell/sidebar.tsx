import type { ComponentType } from 'react';
import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import {
  IconBellRinging,
  IconBooks,
  IconBookmarks,
  IconBuildingFactory2,
  IconCalendarEvent,
  IconChecklist,
  IconClipboardList,
  IconFileInvoice,
  IconFolders,
  IconHistory,
  IconMail,
  IconMessages,
  IconReportAnalytics,
  IconUsers,
  IconUsersGroup,
  type IconProps,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { ROLE_NAMES, ROUTES, sidebarFor, type RouteName } from '@portal/shared';
import { useSession } from '../../lib/session';

const ICONS: Partial<Record<RouteName, ComponentType<IconProps>>> = {
  facilities: IconBuildingFactory2,
  jobs: IconClipboardList,
  invoices: IconFileInvoice,
  publications: IconBooks,
  forum: IconMessages,
  members: IconUsers,
  calendar: IconCalendarEvent,
  meetingDocuments: IconFolders,
  adminOutstandingActivities: IconChecklist,
  adminNotifications: IconBellRinging,
  adminUsers: IconUsersGroup,
  adminReports: IconReportAnalytics,
  adminAudit: IconHistory,
  taUsefulResources: IconBookmarks,
  contact: IconMail,
};

/** Which item a path belongs to: its own page and the pages below it (/jobs -> /job/5 too). */
const SECTION_PREFIXES: Partial<Record<RouteName, string[]>> = {
  facilities: ['/facilities', '/facility/', '/site/'],
  jobs: ['/jobs', '/job/'],
  forum: ['/forum', '/discussion/'],
  calendar: ['/calendar'],
  publications: ['/publications'],
  adminUsers: ['/admin/users', '/admin/user/', '/admin/edit-personal-details/', '/admin/manage-committees'],
  adminOutstandingActivities: ['/admin/outstanding-activities', '/admin/pending-'],
  taUsefulResources: ['/ta-useful-resources', '/useful-resources-ta'],
};

export function isActiveItem(route: RouteName, pathname: string): boolean {
  const own = ROUTES[route].path;
  if (pathname === own || pathname === `${own}/`) return true;
  return (SECTION_PREFIXES[route] ?? []).some((prefix) => pathname.startsWith(prefix));
}

/** The sidebar of spec/01 2.4, from the shared table for the current role. */
export function Sidebar() {
  const { currentRole } = useSession();
  const { pathname } = useLocation();
  const items = currentRole ? sidebarFor(currentRole) : [];

  return (
    <ScrollArea type="auto" style={{ flex: 1 }}>
      <nav aria-label="Main">
        <Stack gap={2} p="sm">
          {currentRole && (
            <Text size="xs" tt="uppercase" fw={700} c="dimmed" px="sm" pt={4} pb={6}>
              {ROLE_NAMES[currentRole]}
            </Text>
          )}
          {items.map((item) => {
            const Icon = ICONS[item.route];
            const active = isActiveItem(item.route, pathname);
            return (
              <NavLink
                key={item.route}
                component={Link}
                to={ROUTES[item.route].path}
                label={item.label}
                leftSection={Icon ? <Icon size={19} stroke={1.6} /> : null}
                active={active}
                aria-current={active ? 'page' : undefined}
                variant="light"
                styles={{ root: { borderRadius: 'var(--mantine-radius-md)' }, label: { fontWeight: 500 } }}
              />
            );
          })}
        </Stack>
      </nav>
    </ScrollArea>
  );
}
