import { Text } from '@mantine/core';
import { MESSAGES } from '@portal/shared';

/** The one wait message of the code screens (/two-factor and /profile2fa). */
export function ResendWait({ seconds }: { seconds: number }) {
  return (
    <Text size="xs" c="dimmed" data-testid="resend-wait">
      {MESSAGES.resendWait(seconds)}
    </Text>
  );
}
