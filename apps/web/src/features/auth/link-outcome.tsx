import { Alert, Button, Stack, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { ROUTES } from '@portal/shared';

/** The way out of a page opened from an emailed link: back to the sign-in screen. */
function BackToLogin({ variant }: { variant?: 'default' }) {
  const navigate = useNavigate();
  return (
    <Button variant={variant} onClick={() => void navigate(ROUTES.home.path)}>
      Back to Login
    </Button>
  );
}

/** An emailed link's page once its work is done: a tick, the server's message and 'Back to Login'. */
export function LinkDone({ message }: { message: string }) {
  return (
    <Stack gap="md" align="center" ta="center">
      <IconCircleCheck size={48} color="var(--mantine-color-teal-7)" aria-hidden />
      <Title order={1} size="h3">
        {message}
      </Title>
      <BackToLogin />
    </Stack>
  );
}

/** An emailed link that is missing or broken: the page's title, why, and 'Back to Login'. */
export function LinkInvalid({ title, message }: { title: string; message: string }) {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Alert color="red" role="alert">
        {message}
      </Alert>
      <BackToLogin variant="default" />
    </Stack>
  );
}
