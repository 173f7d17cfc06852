import { Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { MESSAGES, siteUpdate, type Site } from '@portal/shared';
import { FormActions } from '../../components/form-actions';
import { StateSelect } from '../../components/state-select';
import { actionFailMessage } from '../../lib/action-fail';
import { applyServerErrors, useSchemaForm } from '../../lib/form';
import { notifyFormError, notifyFormSuccess } from '../../lib/notify';
import { useUpdateSite } from './api';

export const CONTACT_MODAL_TITLE = 'Update Contact Details';

/** The id of this form's notices: a success takes an earlier error notice away. */
const FORM_ID = 'site-contact-form';

interface Values extends Record<string, unknown> {
  email: string;
  phone: string;
  address: string;
  suburb: string;
  state: string | null;
}

function valuesOf(site: Site): Values {
  return {
    email: site.email ?? '',
    phone: site.phone ?? '',
    address: site.address ?? '',
    suburb: site.suburb ?? '',
    state: site.state,
  };
}

/**
 * A site's contact details on the shared siteUpdate schema, the one the server checks: email and
 * phone are required and checked; address, suburb and state may be cleared (sent as null).
 */
function ContactForm({ site, onDone }: { site: Site; onDone: () => void }) {
  const update = useUpdateSite(site.id);
  const form = useSchemaForm<Values>(siteUpdate, { initialValues: valuesOf(site) });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        const body = siteUpdate.parse(values);
        update.mutate(
          { ...body, address: body.address || null, suburb: body.suburb || null, state: body.state ?? null },
          {
            onSuccess: (res) => {
              notifyFormSuccess(FORM_ID, res.message || MESSAGES.actionSuccessful);
              onDone();
            },
            onError: (error) => {
              const rest = applyServerErrors(form, error);
              if (rest) notifyFormError(FORM_ID, actionFailMessage(rest));
            },
          },
        );
      })}
    >
      <Stack gap="sm">
        <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
        <TextInput label="Phone" type="tel" autoComplete="tel" required {...form.getInputProps('phone')} />
        <TextInput label="Address" autoComplete="street-address" {...form.getInputProps('address')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Suburb" autoComplete="address-level2" {...form.getInputProps('suburb')} />
          <StateSelect {...form.getInputProps('state')} />
        </SimpleGrid>
        <FormActions onCancel={onDone} pending={update.isPending} />
      </Stack>
    </form>
  );
}

/** The edit modal of a site's contact details (PUT /sites/{id}). */
export function SiteContactModal({ site, opened, onClose }: { site: Site; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={CONTACT_MODAL_TITLE} size="lg" centered>
      {/* Mounted on open, so each opening starts from the saved values. */}
      {opened && <ContactForm site={site} onDone={onClose} />}
    </Modal>
  );
}
