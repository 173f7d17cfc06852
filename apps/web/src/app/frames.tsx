import type { ReactNode } from 'react';
import { Anchor, Box, Button, Container, Group, Paper } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { ROUTES } from '@portal/shared';
import { openTermsModal } from '../components/terms-of-use';
import { isSignedIn, useSession } from '../lib/session';
import { Brand } from './shell/brand';
import { PageFooter } from './shell/footer';
import { ShellFrame } from './shell/shell-frame';

/** Sign-in screens: one card in the middle of a quiet background. */
export function AuthFrame({ children }: { children: ReactNode }) {
  return (
    <Box
      component="main"
      mih="100dvh"
      style={{
        display: 'flex',
        flexDirection: 'column',
        background: 'linear-gradient(160deg, var(--mantine-color-brand-0) 0%, #f8fafc 55%, var(--mantine-color-gray-1) 100%)',
      }}
    >
      <Container size={460} w="100%" style={{ flex: 1, display: 'flex', flexDirection: 'column', justifyContent: 'center' }} py="xl">
        <Group justify="center" mb="lg">
          <Brand size="lg" />
        </Group>
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="lg">
          {children}
        </Paper>
      </Container>
      <Container size={460} w="100%">
        <PageFooter onTerms={openTermsModal} />
      </Container>
    </Box>
  );
}

/** Public pages for visitors who are not signed in: a light header with a way to log in. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column', background: 'var(--mantine-color-gray-0)' }}>
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg" h={64}>
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Anchor component={Link} to={ROUTES.home.path} underline="never" aria-label="Home">
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
