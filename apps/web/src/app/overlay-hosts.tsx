import { useEffect } from 'react';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { markOverlaysMounted } from '../lib/overlays';

/** Toasts and the modals manager (see lib/overlays.ts); inside the router, so modal content can use it. */
export default function OverlayHosts() {
  useEffect(() => markOverlaysMounted(), []);
  return (
    <>
      <Notifications position="top-right" zIndex={2000} limit={4} />
      <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }} />
    </>
  );
}
