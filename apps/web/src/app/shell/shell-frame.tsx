import { useEffect, type ReactNode } from 'react';
import { AppShell, Box, Burger, Group, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useLocation } from 'react-router';
import { landingPathFor, PRODUCT_NAME, ROUTES } from '@portal/shared';
import { useActiveUser } from '../../features/auth/api';
import { NotificationBell } from '../../features/notifications/notification-bell';
import { useSession } from '../../lib/session';
import { AlertsArea } from './alerts-area';
import { Brand } from './brand';
import { PageBreadcrumbs } from './breadcrumbs';
import { PageFooter } from './footer';
import { Sidebar } from './sidebar';
import { UserMenu } from './user-menu';

/**
 * The page's grey, with the sidebar's white column (and its border) painted beneath the fixed
 * sidebar: the sidebar itself is as tall as the window, so on a page taller than the window the
 * column still runs the page's whole height (a printed page or a full-page capture). On a phone the
 * sidebar's offset is 0 and the page is all grey.
 */
const MAIN_BACKGROUND =
  'linear-gradient(to right, var(--mantine-color-body) calc(var(--app-shell-navbar-offset, 0rem) - 1px), ' +
  'var(--app-shell-border-color) 0 var(--app-shell-navbar-offset, 0rem), var(--mantine-color-gray-0) 0)';

/**
 * The page shell of spec/01 2.4 for signed-in pages. It is drawn once the active user is known
 * (the root layout fetches it and shows the full-screen spinner meanwhile), so the header shows the
 * user's name from its first paint instead of a placeholder that changes under the reader.
 */
export function ShellFrame({ children }: { children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const { currentRole } = useSession();
  const userKnown = useActiveUser(false).data !== undefined;

  // Every navigation closes the menu (spec/01 2.2).
  useEffect(() => close(), [location.key, close]);

  if (!userKnown) return null;

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 256, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={0}
      styles={{ main: { background: MAIN_BACKGROUND } }}
    >
      <AppShell.Header withBorder>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <UnstyledButton
              component={Link}
              to={currentRole ? landingPathFor(currentRole) : ROUTES.home.path}
              aria-label={`${PRODUCT_NAME} home`}
            >
              <Brand />
            </UnstyledButton>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <NotificationBell />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar>
        <Sidebar />
      </AppShell.Navbar>

      <AppShell.Main>
        <Box
          px={{ base: 'md', md: 'xl' }}
          pt="lg"
          maw={1280}
          mx="auto"
          style={{ minHeight: 'calc(100dvh - 64px)', display: 'flex', flexDirection: 'column' }}
        >
          <PageBreadcrumbs />
          <AlertsArea />
          <Box component="div" style={{ flex: 1 }} id="main-content">
            {children}
          </Box>
          <PageFooter />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
