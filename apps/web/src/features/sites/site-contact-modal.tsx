import { useState } from 'react';
import { Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { MESSAGES, siteUpdate, type Site, type SiteUpdate } from '@portal/shared';
import { StateSelect } from '../../components/state-select';
import { actionFailMessage } from '../../lib/action-fail';
import { isApiError } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/notify';
import { fieldErrorsByPath } from '../../lib/validation';
import { useUpdateSite } from './api';
import { FormActions } from '../../components/form-actions';

export const CONTACT_MODAL_TITLE = 'Update Contact Details';

type Values = { email: string; phone: string; address: string; suburb: string; state: string | null };
type Field = keyof Values;

const LABELS: Record<Field, string> = { email: 'Email', phone: 'Phone', address: 'Address', suburb: 'Suburb', state: 'State' };

function valuesOf(site: Site): Values {
  return { email: site.email ?? '', phone: site.phone ?? '', address: site.address ?? '', suburb: site.suburb ?? '', state: site.state };
}

function ContactForm({ site, onDone }: { site: Site; onDone: () => void }) {
  const update = useUpdateSite(site.id);
  const [values, setValues] = useState<Values>(() => valuesOf(site));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const body = (): SiteUpdate => ({
    email: values.email.trim(),
    phone: values.phone.trim() || null,
    address: values.address.trim() || null,
    suburb: values.suburb.trim() || null,
    state: (values.state as SiteUpdate['state']) ?? null,
  });

  const text = (name: Exclude<Field, 'state'>, type = 'text', autoComplete?: string) => (
    <TextInput
      label={LABELS[name]}
      type={type}
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setValues((v) => ({ ...v, [name]: value }));
        setErrors((e) => ({ ...e, [name]: undefined }));
      }}
      error={errors[name]}
    />
  );

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const payload = body();
        const local = fieldErrorsByPath(siteUpdate, payload) as Partial<Record<Field, string>>;
        setErrors(local);
        if (Object.keys(local).length > 0) return;
        update.mutate(payload, {
          onSuccess: (res) => {
            notifySuccess(res.message || MESSAGES.actionSuccessful);
            onDone();
          },
          onError: (error) => {
            if (isApiError(error)) {
              const fromServer: Partial<Record<Field, string>> = {};
              for (const [field, messages] of Object.entries(error.errors)) {
                if (field in LABELS && messages[0]) fromServer[field as Field] = messages[0];
              }
              setErrors(fromServer);
            }
            notifyError(actionFailMessage(error));
          },
        });
      }}
    >
      <Stack gap="sm">
        {text('email', 'email', 'email')}
        {text('phone', 'tel', 'tel')}
        {text('address', 'text', 'street-address')}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {text('suburb', 'text', 'address-level2')}
          <StateSelect
            value={values.state}
            onChange={(value) => {
              setValues((v) => ({ ...v, state: value }));
              setErrors((e) => ({ ...e, state: undefined }));
            }}
            error={errors.state}
          />
        </SimpleGrid>
        <FormActions onCancel={onDone} pending={update.isPending} />
      </Stack>
    </form>
  );
}

/** The edit modal of a site's contact details (PUT /sites/{id}). */
export function SiteContactModal({ site, opened, onClose }: { site: Site; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={CONTACT_MODAL_TITLE} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {/* Mounted on open, so each opening starts from the saved values. */}
      {opened && <ContactForm site={site} onDone={onClose} />}
    </Modal>
  );
}
