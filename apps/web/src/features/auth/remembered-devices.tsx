import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { TWO_FACTOR, type RememberedDevice } from '@portal/shared';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { formatDateTime } from '../../lib/dates';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useForgetDevice, useRememberedDevices } from './api';

/** 'Chrome on Windows' from a user agent, enough to tell one's browsers apart; the full text is in the title. */
export function describeBrowser(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /Windows/.test(userAgent)
    ? 'Windows'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Mac OS X|Macintosh/.test(userAgent)
        ? 'macOS'
        : /Android/.test(userAgent)
          ? 'Android'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}

function DeviceRow({ device }: { device: RememberedDevice }) {
  const forget = useForgetDevice();
  const name = describeBrowser(device.user_agent);
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <div>
        <Group gap="xs">
          <Text fw={600} title={device.user_agent ?? undefined}>
            {name}
          </Text>
          {device.current && (
            <Badge variant="light" color="teal">
              This browser
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          Remembered {formatDateTime(device.created_at)}
          {device.last_used_at ? `, last used ${formatDateTime(device.last_used_at)}` : ''}; until{' '}
          {formatDateTime(device.expires_at)}
        </Text>
      </div>
      <Button
        variant="default"
        size="xs"
        aria-label={`Forget ${name}${device.current ? ' (this browser)' : ''}`}
        loading={forget.isPending}
        onClick={() =>
          forget.mutate(device.id, {
            onSuccess: (res) => notifySuccess(res.message),
            onError: (error) => notifyError(error),
          })
        }
      >
        Forget
      </Button>
    </Group>
  );
}

/** /profile2fa: the browsers that skip the code at sign-in (remember-me), each with 'Forget'. */
export function RememberedDevices() {
  const devices = useRememberedDevices();
  return (
    <Card maw={560}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Remembered browsers
        </Title>
        <Text size="sm" c="dimmed">
          These browsers sign in without a verification code for {TWO_FACTOR.rememberMeDays} days. Forget one you no
          longer use or do not recognise; signing out of a browser, or changing your password, forgets it too.
        </Text>
        {devices.isPending ? (
          <Loader size="sm" aria-label="Loading" />
        ) : devices.isError ? (
          <LoadFailedAlert
            title="The remembered browsers could not be loaded."
            error={devices.error}
            onRetry={() => void devices.refetch()}
          />
        ) : devices.data.length === 0 ? (
          <Alert color="gray">No browser is remembered.</Alert>
        ) : (
          devices.data.map((device) => <DeviceRow key={device.id} device={device} />)
        )}
      </Stack>
    </Card>
  );
}
