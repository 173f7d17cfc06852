import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
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
import { SecondFactorsSection } from './second-factors-section';
import { useResendCountdown } from './resend-countdown';
import { ResendWait } from './resend-wait';

/** The id of the set-up form's notices: a success takes an earlier error notice away. */
const FORM_ID = 'mobile-setup-form';

/** The step of the set-up, kept in sessionStorage: a reload after 'Send code' stays on the code step. */
const STEP_KEY = 'portal.profile2fa';

function savedMobile(): string {
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(STEP_KEY) ?? 'null') as { mobile?: unknown } | null;
    return saved && typeof saved.mobile === 'string' ? saved.mobile : '';
  } catch {
    return '';
  }
}

function saveMobile(mobile: string | null): void {
  try {
    if (mobile) window.sessionStorage.setItem(STEP_KEY, JSON.stringify({ mobile }));
    else window.sessionStorage.removeItem(STEP_KEY);
  } catch {
    // Without storage a reload starts again from the mobile number.
  }
}

/** Said before the user turns it on, not only after (spec/02: it cannot be turned off). */
function CannotDisableWarning() {
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} p="sm">
      {MESSAGES.twoFactorCannotDisableWarning}
    </Alert>
  );
}

function SetupForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sendCode = useSendSetupCode();
  const verify = useVerifyCode();
  const countdown = useResendCountdown('setup');
  const [initialMobile] = useState(savedMobile);
  const [step, setStepState] = useState<'mobile' | 'code'>(initialMobile ? 'code' : 'mobile');
  const form = useSchemaForm<{ mobile: string; confirm: string }>(mobileSetupForm, {
    initialValues: { mobile: initialMobile, confirm: initialMobile },
  });
  const setStep = (next: 'mobile' | 'code') => {
    saveMobile(next === 'code' ? form.getValues().mobile.trim() : null);
    setStepState(next);
  };
  const mobile = form.getValues().mobile;
  const [code, setCode] = useState('');

  const send = (values: { mobile: string }) => {
    if (countdown.secondsLeft > 0) return;
    sendCode.mutate(values.mobile.trim(), {
      onSuccess: (res) => {
        countdown.restart();
        notifyFormSuccess(FORM_ID, res.message);
        setStep('code');
      },
      onError: (error) => {
        // Too early: the same countdown as /two-factor, not an error.
        if (isApiError(error) && error.status === 429) return countdown.restart();
        // The server names the mobile number 'data' (spec/01 7): it goes under the Mobile number field.
        const rest = applyServerErrors(form, error, { data: 'mobile' });
        if (rest)
          notifyFormError(
            FORM_ID,
            isApiError(rest) && rest.status < 500 && rest.status !== 0 ? rest.message : MESSAGES.twoFactorSendFailed,
          );
      },
    });
  };

  const submit = () => {
    if (!isCompleteCode(code)) return;
    verify.mutate(
      { code },
      {
        onSuccess: async (res) => {
          saveMobile(null);
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
          <CannotDisableWarning />
          {verify.isError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {errorMessage(verify.error, MESSAGES.twoFactorInvalid)}
            </Alert>
          )}
          <CodeInput value={code} onChange={setCode} required autoFocus />
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
          Enter your mobile number twice. We will text a 4-digit code to it; once you enter the code, sign-in codes come
          by SMS.
        </Text>
        <CannotDisableWarning />
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
        <Group justify="flex-end" align="center">
          {countdown.secondsLeft > 0 && <ResendWait seconds={countdown.secondsLeft} />}
          <Button type="submit" loading={sendCode.isPending} disabled={countdown.secondsLeft > 0}>
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
      <PageTitle
        title={ROUTES.profile2fa.title}
        description="Receive your sign-in codes by SMS on your mobile phone, or sign in with an authenticator app or a passkey."
      />
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
      <SecondFactorsSection />
      <RememberedDevices />
    </Stack>
  );
}
