import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconShieldCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { landingPathFor, MESSAGES, mobileSetupForm, ROUTES } from '@portal/shared';
import { PageTitle } from '../../components/page-title';
import { errorMessage, isApiError } from '../../lib/api-client';
import { applyServerErrors, useSchemaForm } from '../../lib/form';
import { notifyFormError, notifyFormSuccess, notifySuccess } from '../../lib/notify';
import { getSession } from '../../lib/session';
import { activeUserKey, useActiveUser, useSendSetupCode, useVerifyCode } from './api';
import { CodeInput, isCompleteCode } from './code-input';
import { RememberedDevices } from './remembered-devices';

/** The id of the set-up form's notices: a success takes an earlier error notice away. */
const FORM_ID = 'mobile-setup-form';

function SetupForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sendCode = useSendSetupCode();
  const verify = useVerifyCode();
  const [step, setStep] = useState<'mobile' | 'code'>('mobile');
  const form = useSchemaForm<{ mobile: string; confirm: string }>(mobileSetupForm, { initialValues: { mobile: '', confirm: '' } });
  const mobile = form.getValues().mobile;
  const [code, setCode] = useState('');

  const send = (values: { mobile: string }) =>
    sendCode.mutate(values.mobile.trim(), {
      onSuccess: (res) => {
        notifyFormSuccess(FORM_ID, res.message);
        setStep('code');
      },
      onError: (error) => {
        // The server names the mobile number 'data' (spec/01 7): it goes under the Mobile number field.
        const rest = applyServerErrors(form, error, { data: 'mobile' });
        if (rest) notifyFormError(FORM_ID, isApiError(rest) && rest.status < 500 && rest.status !== 0 ? rest.message : MESSAGES.twoFactorSendFailed);
      },
    });

  const submit = () => {
    if (!isCompleteCode(code)) return;
    verify.mutate(
      { code },
      {
        onSuccess: async (res) => {
          notifySuccess(res.message || MESSAGES.twoFactorEnabled);
          await queryClient.invalidateQueries({ queryKey: activeUserKey });
          void navigate(landingPathFor(getSession().currentRole ?? 'CM'));
        },
        onError: () => setCode(''),
      },
    );
  };

  if (step === 'code') {
    return (
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            We have sent a 4-digit code by SMS to <b>{mobile.trim()}</b>. Enter it to turn on two-step verification.
          </Text>
          {verify.isError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {errorMessage(verify.error, MESSAGES.twoFactorInvalid)}
            </Alert>
          )}
          <CodeInput value={code} onChange={setCode} required />
          <Group justify="space-between">
            <Anchor component="button" type="button" size="sm" onClick={() => setStep('mobile')}>
              Change mobile number
            </Anchor>
            <Button type="submit" disabled={!isCompleteCode(code)} loading={verify.isPending}>
              Submit
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  return (
    <form noValidate onSubmit={form.onSubmit(send)}>
      <Stack gap="md">
        <Text size="sm">
          Enter your mobile number twice. We will text a 4-digit code to it; once you enter the code, sign-in codes come by SMS.
        </Text>
        <TextInput
          label="Mobile number"
          type="tel"
          autoComplete="tel"
          placeholder="+614XXXXXXXX"
          required
          {...form.getInputProps('mobile')}
        />
        <TextInput
          label="Confirm mobile number"
          type="tel"
          autoComplete="tel"
          placeholder="+614XXXXXXXX"
          required
          {...form.getInputProps('confirm')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={sendCode.isPending}>
            Send code
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /profile2fa: SMS two-step set-up (spec/02 "Profile and two-step", section 4). */
export default function Profile2faPage() {
  const activeUser = useActiveUser();
  const setup = activeUser.data?.['2fa_setup'];

  return (
    <Stack gap="lg">
      <PageTitle title={ROUTES.profile2fa.title} description="Receive your sign-in codes by SMS on your mobile phone." />
      <Card maw={560}>
        {!setup ? (
          <Loader size="sm" aria-label="Loading" />
        ) : setup.completed ? (
          <Stack gap="sm">
            <Group gap="xs">
              <IconShieldCheck size={22} color="var(--mantine-color-teal-7)" aria-hidden />
              <Text fw={600}>Two-step verification by SMS is enabled.</Text>
            </Group>
            {setup.tf_mobile_number && <Text size="sm">Codes are sent to {setup.tf_mobile_number}.</Text>}
            <Text size="sm" c="dimmed">
              {MESSAGES.twoFactorAlreadyEnabled}
            </Text>
          </Stack>
        ) : (
          <SetupForm />
        )}
      </Card>
      <RememberedDevices />
    </Stack>
  );
}
