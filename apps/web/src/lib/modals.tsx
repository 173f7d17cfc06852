import { Button, Group, Stack, Text } from '@mantine/core';
import { modals as mantineModals } from '@mantine/modals';
import { whenOverlaysReady } from './overlays';

type OpenProps = Parameters<typeof mantineModals.open>[0];
type ConfirmProps = Parameters<typeof mantineModals.openConfirmModal>[0];

let nextId = 0;

/**
 * Mantine's modals manager, through the one door the app uses: the modals host loads after the
 * page (lib/overlays.ts), and a modal opened before it mounted was lost (a click on a notification
 * or on the user menu in the first moments after a page load opened nothing: seen in the e2e
 * journeys). Each call waits for the host; the id is known at once, so a caller may close it later.
 */
export const modals = {
  open(props: OpenProps): string {
    const modalId = props.modalId ?? `portal-modal-${++nextId}`;
    whenOverlaysReady(() => mantineModals.open({ ...props, modalId }));
    return modalId;
  },
  openConfirmModal(props: ConfirmProps): string {
    const modalId = props.modalId ?? `portal-modal-${++nextId}`;
    whenOverlaysReady(() => mantineModals.openConfirmModal({ ...props, modalId }));
    return modalId;
  },
  close(id: string): void {
    whenOverlaysReady(() => mantineModals.close(id));
  },
  /** A message the user reads and closes with OK (spec/02's 'success modal' after a delete). */
  inform(title: string, message: string): string {
    const modalId = `portal-modal-${++nextId}`;
    const body = (
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        <Group justify="flex-end">
          <Button onClick={() => modals.close(modalId)}>OK</Button>
        </Group>
      </Stack>
    );
    whenOverlaysReady(() => mantineModals.open({ title, children: body, modalId }));
    return modalId;
  },
};
