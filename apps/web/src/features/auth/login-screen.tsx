import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconClockX, IconKey } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  currentRoleOf,
  landingPathFor,
  MESSAGES,
  ROUTES,
  SECOND_FACTOR_MESSAGES,
  type LoginResponse,
} from '@portal/shared';
import { openTermsLazily } from '../../components/open-terms';
import { errorMessage } from '../../lib/api-client';
import { overlaysReady } from '../../lib/overlays';
import { clearSessionEndedMark, sessionEndedMark, startSession } from '../../lib/session';
import { applyServerErrors, useSchemaForm } from '../../lib/form';
import { activeUserKey, useLogin, useRequestPasswordReset } from './api';
import { loadAuthSchemas, loadedAuthSchemas, submitWithSchemas } from './auth-schemas';
import { setPendingLogin } from './pending-login';
import { markCodeSent } from './resend-countdown';

/** A link that acts on this screen rather than leaving it. */
function ActionLink({ children, onClick }: { children: string; onClick: () => void }) {
  return (
    <Anchor
      href="#"
      size="sm"
      onClick={(event) => {
        event.preventDefault();
        onClick();
      }}
    >
      {children}
    </Anchor>
  );
}

async function openRegistrationFormModal(): Promise<void> {
  // The form and its schema load when asked for, not with the sign-in screen.
  const [{ RequestRegistrationForm }, { modals }] = await Promise.all([
    import('./request-registration-form'),
    import('../../lib/modals'),
    loadAuthSchemas(),
    overlaysReady(),
  ]);
  const id = modals.open({
    title: 'Request Registration form',
    children: <RequestRegistrationForm onDone={() => modals.close(id)} />,
  });
}

/** A passkey's code (and @simplewebauthn/browser) loads when a passkey is first used, not with the screen. */
const passkeySignIn = (autofill: boolean) => import('./second-factors-api').then((m) => m.passkeySignIn(autofill));

/** 'Your session has ended': said once, on the first login screen after a session ended under the user. */
function useSessionEndedLine(): boolean {
  const [ended] = useState(sessionEndedMark);
  useEffect(() => clearSessionEndedMark(), []);
  return ended;
}

function LoginForm({ notice, onForgot }: { notice: string | null; onForgot: () => void }) {
  const sessionEnded = useSessionEndedLine();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useLogin();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useSchemaForm<{ username: string; password: string }>(() => loadedAuthSchemas()?.loginRequest, {
    initialValues: { username: '', password: '' },
  });
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const autofillStarted = useRef(false);

  const onSuccess = (res: LoginResponse) => {
    queryClient.removeQueries();
    if (res.two_factor_required) {
      // No committees before the second factor: the active user's answer picks one after it.
      startSession(res.token, res.permissions, { awaitingSecondFactor: true });
      setPendingLogin({
        tf_type: res.tf_type,
        sent_to: res.sent_to,
        remind_2fa: res.remind_2fa,
        '2fa_setup': res['2fa_setup'],
        permissions: res.permissions,
        recovery_codes: res.recovery_codes,
        code_fallback: res.code_fallback,
      });
      // With an authenticator app no code was sent: 'Send a code by email instead' may go at once.
      if (res.tf_type !== 'app') markCodeSent('login');
      void navigate(ROUTES.twoFactor.path);
      return;
    }
    setPendingLogin(null);
    startSession(res.token, res.permissions, { committeeId: res.committees[0]?.id ?? null });
    const { user, permissions, committeePermissions, committees } = res;
    queryClient.setQueryData(activeUserKey, {
      user,
      permissions,
      committeePermissions,
      committees,
      '2fa_setup': res['2fa_setup'],
    });
    void navigate(landingPathFor(currentRoleOf(res.permissions)), { replace: true });
  };

  /**
   * A passkey is both factors. `autofill` offers the passkeys in the user name field's suggestions
   * (conditional UI, where the browser has it), started when the field is first focused; the button
   * opens the browser's own picker (and ends a waiting autofill).
   */
  const withPasskey = (autofill: boolean) => {
    if (!autofill) {
      setFailure(null);
      setPasskeyBusy(true);
    }
    passkeySignIn(autofill)
      .then((res) => {
        if (res) onSuccess(res);
        else if (!autofill) setFailure(new Error(SECOND_FACTOR_MESSAGES.passkeySignInFailed));
      })
      .catch((error: unknown) => {
        // Cancelled in the browser's dialog, or an autofill ended by the button: nothing to say.
        const quiet = error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
        if (!autofill && !quiet)
          setFailure(
            error instanceof Error && error.message ? error : new Error(SECOND_FACTOR_MESSAGES.passkeySignInFailed),
          );
      })
      .finally(() => {
        if (!autofill) setPasskeyBusy(false);
      });
  };
  const startAutofill = () => {
    if (autofillStarted.current) return;
    autofillStarted.current = true;
    withPasskey(true);
  };

  return (
    <form
      noValidate
      onFocus={() => void loadAuthSchemas()}
      onSubmit={submitWithSchemas(
        form.onSubmit((values) => {
          setFailure(null);
          login.mutate(
            { username: values.username.trim(), password: values.password, rememberMe: false },
            { onSuccess, onError: (error) => setFailure(applyServerErrors(form, error)) },
          );
        }),
      )}
    >
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            Log In
          </Title>
          <Text c="dimmed" size="sm">
            Sign in to your account to continue.
          </Text>
        </div>
        {notice && (
          <Alert color="teal" icon={<IconCircleCheck size={18} />}>
            {notice}
          </Alert>
        )}
        {sessionEnded && !notice && failure === null && (
          <Alert color="gray" icon={<IconClockX size={18} />} role="status">
            {MESSAGES.sessionEnded}
          </Alert>
        )}
        {failure !== null && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(failure, MESSAGES.loginFailed)}
          </Alert>
        )}
        <TextInput
          label="User name"
          type="email"
          autoComplete="username webauthn"
          placeholder="you@example.com"
          required
          {...form.getInputProps('username')}
          onFocus={(event) => {
            form.getInputProps('username').onFocus?.(event);
            startAutofill();
          }}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          placeholder={MESSAGES.passwordPlaceholder}
          required
          {...form.getInputProps('password')}
        />
        <Group justify="space-between">
          <ActionLink onClick={onForgot}>Forgot your password</ActionLink>
        </Group>
        <Button type="submit" fullWidth loading={login.isPending}>
          Log In
        </Button>
        <Button
          type="button"
          variant="default"
          fullWidth
          leftSection={<IconKey size={16} aria-hidden />}
          loading={passkeyBusy}
          onClick={() => withPasskey(false)}
        >
          {SECOND_FACTOR_MESSAGES.signInWithPasskey}
        </Button>
        <Group justify="space-between" gap="xs">
          <ActionLink onClick={() => void openRegistrationFormModal()}>Request Registration form</ActionLink>
          <ActionLink onClick={openTermsLazily}>Terms and Conditions</ActionLink>
        </Group>
      </Stack>
    </form>
  );
}

function ForgotPasswordForm({ onBack }: { onBack: (notice: string | null) => void }) {
  const reset = useRequestPasswordReset();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useSchemaForm<{ email: string }>(() => loadedAuthSchemas()?.resetRequest, {
    initialValues: { email: '' },
  });

  return (
    <form
      noValidate
      onFocus={() => void loadAuthSchemas()}
      onSubmit={submitWithSchemas(
        form.onSubmit((values) => {
          setFailure(null);
          reset.mutate(values.email.trim(), {
            onSuccess: (res) => onBack(res.message || MESSAGES.resetRequested),
            onError: (error) => setFailure(applyServerErrors(form, error)),
          });
        }),
      )}
    >
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            Forgot your password
          </Title>
          <Text c="dimmed" size="sm">
            Enter the email address of your account and we will send you instructions to reset the password.
          </Text>
        </div>
        {failure !== null && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(failure)}
          </Alert>
        )}
        <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
        <Button type="submit" fullWidth loading={reset.isPending}>
          Send Instructions
        </Button>
        <Group justify="center">
          <ActionLink onClick={() => onBack(null)}>Back to Login</ActionLink>
        </Group>
      </Stack>
    </form>
  );
}

/** The login screen of spec/01 2.3, with its forgot-password mode. */
export function LoginScreen() {
  const [mode, setMode] = useState<'login' | 'forgot'>('login');
  const [notice, setNotice] = useState<string | null>(null);

  if (mode === 'forgot') {
    return (
      <ForgotPasswordForm
        onBack={(message) => {
          setNotice(message);
          setMode('login');
        }}
      />
    );
  }
  return (
    <LoginForm
      notice={notice}
      onForgot={() => {
        setNotice(null);
        setMode('forgot');
      }}
    />
  );
}
