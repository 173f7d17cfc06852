import { Button, Card, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { CONTACT_LIMITS, contactMessage, contactPublicMessage, MESSAGES } from '@portal/shared';
import { isApiError } from '../../lib/api-client';
import { applyServerErrors, useSchemaForm } from '../../lib/form';
import { notifyFormError, notifyFormSuccess } from '../../lib/notify';
import { useSendContactMessage } from './api';

const FORM_ID = 'contact-form';

interface Values extends Record<string, unknown> {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/**
 * Subject and message (spec/02 section 5: both required); signed out also name and email, since
 * there is no account to take them from. A failure that names no field says the spec's
 * 'Send notification goes wrong!' (a 429 says the server's own wait message).
 */
export function ContactForm({ signedIn }: { signedIn: boolean }) {
  const send = useSendContactMessage();
  const form = useSchemaForm<Values>(signedIn ? contactMessage : contactPublicMessage, {
    initialValues: { name: '', email: '', subject: '', message: '' },
  });

  return (
    <Card>
      <form
        noValidate
        aria-labelledby="contact-form-title"
        onSubmit={form.onSubmit((values) => {
          const body = signedIn ? { subject: values.subject, message: values.message } : values;
          send.mutate(body, {
            onSuccess: (res) => {
              notifyFormSuccess(FORM_ID, res.message);
              form.reset();
            },
            onError: (error) => {
              const rest = applyServerErrors(form, error);
              if (rest === null) return;
              notifyFormError(FORM_ID, isApiError(rest) && rest.status === 429 ? rest.message : MESSAGES.contactFailed);
            },
          });
        })}
      >
        <Stack gap="md">
          <Title order={2} size="h4" id="contact-form-title">
            Send us a message
          </Title>
          {!signedIn && (
            <>
              <Text size="sm">Tell us who you are so we can reply.</Text>
              <TextInput
                label="Name"
                required
                autoComplete="name"
                maxLength={CONTACT_LIMITS.nameMax}
                {...form.getInputProps('name')}
              />
              <TextInput
                label="Email"
                type="email"
                required
                autoComplete="email"
                maxLength={254}
                {...form.getInputProps('email')}
              />
            </>
          )}
          <TextInput
            label="Subject"
            required
            maxLength={CONTACT_LIMITS.subjectMax}
            {...form.getInputProps('subject')}
          />
          {/* No maxLength: the browser would cut a pasted message without a word. The counter shows
              the limit, and the schema refuses past it with its message. */}
          <Textarea
            label="Message"
            required
            withAsterisk={false}
            rows={7}
            description={`${form.values.message.length} of ${CONTACT_LIMITS.messageMax} characters`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.getInputProps('message')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={send.isPending}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
