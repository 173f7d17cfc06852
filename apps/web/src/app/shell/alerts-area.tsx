import { Alert, Stack } from '@mantine/core';
import { dismissShellAlert, useShellAlerts } from '../../components/shell-alerts';

/** The dismissible alerts above every signed-in page. */
export function AlertsArea() {
  const alerts = useShellAlerts();
  if (alerts.length === 0) return null;
  return (
    <Stack gap="xs" mb="md">
      {alerts.map((alert) => (
        <Alert
          key={alert.id}
          color={alert.color ?? 'brand'}
          title={alert.title}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => dismissShellAlert(alert.id)}
        >
          {alert.message}
        </Alert>
      ))}
    </Stack>
  );
}
