import { useState } from 'react';
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDeviceMobileMessage, IconMail } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { LIMITS, MESSAGES, ROUTES, SECOND_FACTOR_MESSAGES } from '@portal/shared';
import { isApiError } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/notify';
import { clearAuth } from '../../lib/session';
import { logoutRequest, useManageRemind, useSendLoginCode, useVerifyCode } from './api';
import { CodeInput, isCompleteCode } from './code-input';
import { useResendCountdown } from './resend-countdown';
import { ResendWait } from './resend-wait';
import { getPendingLogin, setPendingLogin, type PendingLogin } from './pending-login';
import { markCodeSent } from './resend-countdown';
import { OtherFactorForm, SecondStepForm, SecondStepHeading, useFinishSignIn } from './second-step';

function SmsReminder({ setupAfter, onSetupNow }: { setupAfter: boolean; onSetupNow: () => void }) {
  const remind = useManageRemind();
  // What the choice did replaces the reminder: one line, said once.
  const [done, setDone] = useState<string | null>(null);
  const choose = (remindMe: boolean) =>
    remind.mutate(remindMe, {
      onSuccess: () => setDone(remindMe ? MESSAGES.remindLaterDone : MESSAGES.doNotRemindDone),
      onError: () => notifyError(null, MESSAGES.twoFactorDoNotRemindFailed),
    });

  if (done) {
    return (
      <Text size="sm" c="dimmed" role="status">
        {done}
      </Text>
    );
  }

  return (
    <Paper
      withBorder
      p="md"
      bg="var(--mantine-color-brand-0)"
      component="section"
      aria-label="SMS verification reminder"
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconDeviceMobileMessage size={20} aria-hidden style={{ flex: 'none' }} />
          <Text fw={600}>Set up SMS verification</Text>
        </Group>
        <Text size="sm">
          Two-step verification by SMS is not set up for your account yet. With it, your sign-in codes come to your
          mobile phone.
        </Text>
        {setupAfter && (
          <Text size="sm" c="brand.8" fw={500}>
            After you enter the code below you will be taken to the SMS set-up.
          </Text>
        )}
        <Group gap="xs">
          <Button size="xs" variant={setupAfter ? 'filled' : 'light'} aria-pressed={setupAfter} onClick={onSetupNow}>
            Set up SMS verification now
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={remind.isPending && remind.variables === true}
            onClick={() => choose(true)}
          >
            Remind me later
          </Button>
          <Button
            size="xs"
            variant="subtle"
            loading={remind.isPending && remind.variables === false}
            onClick={() => choose(false)}
          >
            Do not remind me
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** 'Back to Login': ends the half-finished session on the server too; the answer does not matter. */
function useBackToLogin() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return () => {
    logoutRequest().catch(() => undefined);
    clearAuth();
    setPendingLogin(null);
    queryClient.removeQueries();
    void navigate(ROUTES.home.path, { replace: true });
  };
}

function TwoFactorForm({ pending, onRecovery }: { pending: PendingLogin; onRecovery?: () => void }) {
  const finish = useFinishSignIn(pending);
  const verify = useVerifyCode();
  const sendCode = useSendLoginCode();
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);
  const [setupAfter, setSetupAfter] = useState(false);
  const showReminder = pending.remind_2fa && !pending['2fa_setup'].completed;
  const countdown = useResendCountdown('login');

  const channel = pending.tf_type === 'sms' ? 'sms' : 'email';
  const byEmail = channel === 'email';
  const destination = pending.sent_to ?? (byEmail ? 'your email address' : 'your mobile phone');

  const submit = () => {
    if (!isCompleteCode(code)) return;
    verify.mutate(
      { code, remember_me: remember },
      {
        onSuccess: (res) => finish(res.token, setupAfter ? ROUTES.profile2fa.path : undefined),
        onError: () => setCode(''),
      },
    );
  };

  const resend = () => {
    if (countdown.secondsLeft > 0) return;
    sendCode.mutate(channel, {
      onSuccess: (res) => {
        countdown.restart();
        notifySuccess(res.message);
      },
      // Too early after all (another tab, a clock apart): count down rather than answer an error.
      onError: (error) =>
        isApiError(error) && error.status === 429
          ? countdown.restart()
          : notifyError(null, MESSAGES.twoFactorSendFailed),
    });
  };

  const backToLogin = useBackToLogin();

  return (
    <Stack gap="md">
      <SecondStepHeading icon={byEmail ? IconMail : IconDeviceMobileMessage}>
        We have sent a {LIMITS.twoFactorCodeLength}-digit verification code {byEmail ? 'by email' : 'by SMS'} to{' '}
        <Text span fw={600} c="dark">
          {destination}
        </Text>
        . Enter it below to finish signing in.
      </SecondStepHeading>

      <SecondStepForm
        verify={verify}
        complete={isCompleteCode(code)}
        onSubmit={submit}
        remember={remember}
        onRemember={setRemember}
      >
        {/* The one thing to do on this screen: the field has focus when it opens. */}
        <CodeInput value={code} onChange={setCode} required autoFocus />
      </SecondStepForm>

      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={resend}
            disabled={sendCode.isPending || countdown.secondsLeft > 0}
            style={countdown.secondsLeft > 0 ? { opacity: 0.6, cursor: 'default' } : undefined}
          >
            Resend code
          </Anchor>
          {countdown.secondsLeft > 0 && <ResendWait seconds={countdown.secondsLeft} />}
          {onRecovery && (
            <Anchor component="button" type="button" size="sm" onClick={onRecovery}>
              {SECOND_FACTOR_MESSAGES.useRecoveryCode}
            </Anchor>
          )}
        </Stack>
        <Anchor component="button" type="button" size="sm" onClick={backToLogin}>
          Back to Login
        </Anchor>
      </Group>

      {/* Below the code form: on a phone the code field stays in the top half of the screen. */}
      {showReminder && <SmsReminder setupAfter={setupAfter} onSetupNow={() => setSetupAfter((v) => !v)} />}
    </Stack>
  );
}

/** /two-factor: the second factor of the sign-in (spec/01 2.3, section 4). */
export default function TwoFactorPage() {
  const pending = getPendingLogin();
  // With an authenticator app its code is asked first; the emailed code and a recovery code remain.
  const [mode, setMode] = useState<'app' | 'recovery' | 'code'>(pending?.tf_type === 'app' ? 'app' : 'code');
  const sendCode = useSendLoginCode();
  const backToLogin = useBackToLogin();
  // The guard sends a visit without a pending sign-in home; nothing to show meanwhile.
  if (!pending) return null;
  if (mode !== 'code') {
    const byEmail = () =>
      sendCode.mutate('email', {
        onSuccess: (res) => {
          markCodeSent('login');
          notifySuccess(res.message);
          setMode('code');
        },
        onError: (error) =>
          notifyError(isApiError(error) && error.status === 429 ? error : null, MESSAGES.twoFactorSendFailed),
      });
    return (
      <OtherFactorForm
        key={mode}
        kind={mode}
        pending={pending}
        onEmail={byEmail}
        emailPending={sendCode.isPending}
        onOther={() => setMode(mode === 'app' ? 'recovery' : 'app')}
        onBack={backToLogin}
      />
    );
  }
  return (
    <TwoFactorForm pending={pending} onRecovery={pending.recovery_codes ? () => setMode('recovery') : undefined} />
  );
}
