import type { ReactNode } from 'react';
import { Box, Container, Group, Paper } from '@mantine/core';
import { openTermsLazily } from '../components/open-terms';
import { Brand } from './shell/brand';
import { PageFooter } from './shell/footer';

// Kept apart from frames.tsx: the sign-in screen ('/') loads this, never the signed-in shell.
/** Sign-in screens: one card in the middle of a quiet background. */
export function AuthFrame({ children }: { children: ReactNode }) {
  return (
    <Box
      component="main"
      mih="100dvh"
      style={{
        display: 'flex',
        flexDirection: 'column',
        background:
          'linear-gradient(160deg, var(--mantine-color-brand-0) 0%, #f8fafc 55%, var(--mantine-color-gray-1) 100%)',
      }}
    >
      <Container
        size={460}
        w="100%"
        style={{ flex: 1, display: 'flex', flexDirection: 'column', justifyContent: 'center' }}
        py="xl"
      >
        <Group justify="center" mb="lg">
          <Brand size="lg" />
        </Group>
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="lg">
          {children}
        </Paper>
      </Container>
      <Container size={460} w="100%">
        <PageFooter onTerms={openTermsLazily} />
      </Container>
    </Box>
  );
}
