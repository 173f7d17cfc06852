import type { ReactNode } from 'react';
import { Anchor, Box, Button, Container, Group } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { ROUTES } from '@portal/shared';
import { openTermsModal } from '../components/terms-of-use';
import { isSignedIn, useSession } from '../lib/session';
import { Brand } from './shell/brand';
import { PageFooter } from './shell/footer';
import { ShellFrame } from './shell/shell-frame';
import { AuthFrame } from './auth-frame';

export { AuthFrame };

/** Public pages for visitors who are not signed in: a light header with a way to log in. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column', background: 'var(--mantine-color-gray-0)' }}>
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg" h={64}>
          <Group h="100%" justify="space-between" wrap="nowrap">
            {/* Named by what it shows (the product's name), as the rule label-content-name-mismatch asks. */}
            <Anchor component={Link} to={ROUTES.home.path} underline="never">
              <Brand />
            </Anchor>
            <Button component={Link} to={ROUTES.home.path} variant="light">
              Log In
            </Button>
          </Group>
        </Container>
      </Box>
      <Container size="lg" w="100%" py="xl" style={{ flex: 1 }} component="main">
        {children}
      </Container>
      <Container size="lg" w="100%">
        <PageFooter onTerms={openTermsModal} />
      </Container>
    </Box>
  );
}

export function ShellLayout() {
  return (
    <ShellFrame>
      <Outlet />
    </ShellFrame>
  );
}

export function AuthLayout() {
  return (
    <AuthFrame>
      <Outlet />
    </AuthFrame>
  );
}

export function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}

/** Pages open to everyone: inside the shell when signed in, the public frame otherwise. */
export function AutoLayout() {
  const session = useSession();
  return isSignedIn(session) ? <ShellLayout /> : <PublicLayout />;
}
