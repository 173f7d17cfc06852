import { Modal } from '@mantine/core';
import type { Facility } from '@portal/shared';
import { FacilityContactForm } from './facility-contact-form';

export const UPDATE_CONTACT_TITLE = 'Update Contact Details';

/** The facility edit modal of spec/01 2.7, open while `facility` is set. */
export function UpdateContactModal({ facility, onClose }: { facility: Facility | null; onClose: () => void }) {
  return (
    <Modal opened={facility !== null} onClose={onClose} title={UPDATE_CONTACT_TITLE} size="lg" centered>
      {facility && <FacilityContactForm key={facility.id} facility={facility} onDone={onClose} onCancel={onClose} />}
    </Modal>
  );
}
