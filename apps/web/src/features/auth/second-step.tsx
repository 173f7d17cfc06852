import { useState, type ComponentType, type ReactNode } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconDeviceMobile, IconLifebuoy, type IconProps } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { currentRoleOf, landingPathFor, MESSAGES, SECOND_FACTOR_MESSAGES as M, TWO_FACTOR } from '@portal/shared';
import { errorMessage } from '../../lib/api-client';
import { getSession, setToken } from '../../lib/session';
import { activeUserKey } from './api';
import { AppCodeInput } from './code-input';
import { setPendingLogin, type PendingLogin } from './pending-login';
import { useVerifyApp, useVerifyRecovery } from './second-factors-api';

/**
 * The end of a sign-in once its second factor is accepted, whatever the factor: the signed-in
 * token kept, the pending sign-in forgotten, and on to `to` or the landing page of the user's role.
 */
export function useFinishSignIn(pending: PendingLogin) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (token: string, to?: string) => {
    queryClient.removeQueries({ queryKey: activeUserKey });
    setToken(token);
    setPendingLogin(null);
    void navigate(to ?? landingPathFor(getSession().currentRole ?? currentRoleOf(pending.permissions)), {
      replace: true,
    });
  };
}

/** A second step's heading: its title, and what to enter beside the icon of the way it comes. */
export function SecondStepHeading({ icon: Icon, children }: { icon: ComponentType<IconProps>; children: ReactNode }) {
  return (
    <div>
      <Title order={1} size="h2">
        Two-Step Verification
      </Title>
      <Group gap={6} mt={4} wrap="nowrap" align="flex-start">
        {/* flex none: a long address must not squash the icon. */}
        <Icon size={18} aria-hidden style={{ flex: 'none', marginTop: 1 }} />
        <Text size="sm" c="dimmed">
          {children}
        </Text>
      </Group>
    </div>
  );
}

/** A second step's form: the refusal of the last try, the code's field, 'Remember this device' and Submit. */
export function SecondStepForm({
  verify,
  complete,
  onSubmit,
  remember,
  onRemember,
  children,
}: {
  verify: { isError: boolean; error: unknown; isPending: boolean };
  complete: boolean;
  onSubmit: () => void;
  remember: boolean;
  onRemember: (remember: boolean) => void;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="md">
        {verify.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(verify.error, MESSAGES.twoFactorInvalid)}
          </Alert>
        )}
        {children}
        <Checkbox
          label={`Remember this device for ${TWO_FACTOR.rememberMeDays} days`}
          checked={remember}
          onChange={(event) => onRemember(event.currentTarget.checked)}
        />
        <Button type="submit" fullWidth disabled={!complete} loading={verify.isPending}>
          Submit
        </Button>
      </Stack>
    </form>
  );
}

/**
 * The second step with an authenticator app's code or a recovery code; the spec's
 * emailed or texted code stays on TwoFactorForm, reached by 'Send a code by email instead'.
 */
export function OtherFactorForm({
  kind,
  pending,
  onEmail,
  onOther,
  onBack,
  emailPending,
}: {
  kind: 'app' | 'recovery';
  pending: PendingLogin;
  onEmail: () => void;
  onOther: () => void;
  onBack: () => void;
  emailPending: boolean;
}) {
  const finish = useFinishSignIn(pending);
  const app = useVerifyApp();
  const recovery = useVerifyRecovery();
  const verify = kind === 'app' ? app : recovery;
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);
  const complete = kind === 'app' ? /^\d{6}$/.test(code) : code.trim().length > 0;

  const submit = () => {
    if (!complete) return;
    verify.mutate(
      { code: code.trim(), remember_me: remember },
      { onSuccess: (res) => finish(res.token), onError: () => setCode('') },
    );
  };

  return (
    <Stack gap="md">
      <SecondStepHeading icon={kind === 'app' ? IconDeviceMobile : IconLifebuoy}>
        {kind === 'app'
          ? 'Enter the 6-digit code your authenticator app shows for this account.'
          : 'Enter one of the recovery codes you saved when you set up your app or passkey. Each works once.'}
      </SecondStepHeading>
      <SecondStepForm
        verify={verify}
        complete={complete}
        onSubmit={submit}
        remember={remember}
        onRemember={setRemember}
      >
        {kind === 'app' ? (
          <AppCodeInput value={code} onChange={setCode} required autoFocus />
        ) : (
          <TextInput
            label="Recovery code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="xxxxx-xxxxx"
            maxLength={40}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            required
            autoFocus
          />
        )}
      </SecondStepForm>
      <Stack gap={6} align="flex-start">
        {/* The body may keep codes by email or SMS from users with an app (SECOND_FACTOR_CODE_FALLBACK). */}
        {pending.code_fallback !== false && (
          <Anchor component="button" type="button" size="sm" onClick={onEmail} disabled={emailPending}>
            {M.sendByEmailInstead}
          </Anchor>
        )}
        {(kind === 'recovery' || pending.recovery_codes) && (
          <Anchor component="button" type="button" size="sm" onClick={onOther}>
            {kind === 'app' ? M.useRecoveryCode : 'Use the authenticator app'}
          </Anchor>
        )}
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          Back to Login
        </Anchor>
      </Stack>
    </Stack>
  );
}
