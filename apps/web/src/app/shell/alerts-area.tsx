import { useEffect } from 'react';
import { Alert, Stack } from '@mantine/core';
import { useLocation } from 'react-router';
import { dismissShellAlert, dropPassingAlerts, useShellAlerts } from '../../components/shell-alerts';

/** The dismissible alerts above every signed-in page. */
export function AlertsArea() {
  const { pathname } = useLocation();
  const alerts = useShellAlerts();
  useEffect(() => dropPassingAlerts(pathname), [pathname]);
  const shown = alerts.filter((a) => !a.onlyOn || a.onlyOn.includes(pathname));
  if (shown.length === 0) return null;
  return (
    <Stack gap="xs" mb="md">
      {shown.map((alert) => (
        <Alert
          key={alert.id}
          color={alert.color ?? 'brand'}
          title={alert.title}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => dismissShellAlert(alert.id)}
          role={alert.onlyOn ? 'status' : undefined}
        >
          {alert.message}
        </Alert>
      ))}
    </Stack>
  );
}
