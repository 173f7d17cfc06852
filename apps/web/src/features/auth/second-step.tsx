import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconDeviceMobile, IconLifebuoy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  currentRoleOf,
  landingPathFor,
  MESSAGES,
  SECOND_FACTOR,
  SECOND_FACTOR_MESSAGES as M,
  TWO_FACTOR,
} from '@portal/shared';
import { errorMessage } from '../../lib/api-client';
import { getSession, setToken } from '../../lib/session';
import { activeUserKey } from './api';
import { setPendingLogin, type PendingLogin } from './pending-login';
import { useVerifyApp, useVerifyRecovery } from './second-factors-api';

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
  const navigate = useNavigate();
  const queryClient = useQueryClient();
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
      {
        onSuccess: (res) => {
          queryClient.removeQueries({ queryKey: activeUserKey });
          setToken(res.token);
          setPendingLogin(null);
          void navigate(landingPathFor(getSession().currentRole ?? currentRoleOf(pending.permissions)), {
            replace: true,
          });
        },
        onError: () => setCode(''),
      },
    );
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Two-Step Verification
        </Title>
        <Group gap={6} mt={4} wrap="nowrap" align="flex-start">
          {kind === 'app' ? (
            <IconDeviceMobile size={18} aria-hidden style={{ flex: 'none', marginTop: 1 }} />
          ) : (
            <IconLifebuoy size={18} aria-hidden style={{ flex: 'none', marginTop: 1 }} />
          )}
          <Text size="sm" c="dimmed">
            {kind === 'app'
              ? 'Enter the 6-digit code your authenticator app shows for this account.'
              : 'Enter one of the recovery codes you saved when you set up your app or passkey. Each works once.'}
          </Text>
        </Group>
      </div>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          {verify.isError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {errorMessage(verify.error, MESSAGES.twoFactorInvalid)}
            </Alert>
          )}
          {kind === 'app' ? (
            <TextInput
              label="Code from the app"
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="6-digit code"
              maxLength={SECOND_FACTOR.totpDigits}
              value={code}
              onChange={(event) =>
                setCode(event.currentTarget.value.replace(/\D/g, '').slice(0, SECOND_FACTOR.totpDigits))
              }
              required
              autoFocus
            />
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
          <Checkbox
            label={`Remember this device for ${TWO_FACTOR.rememberMeDays} days`}
            checked={remember}
            onChange={(event) => setRemember(event.currentTarget.checked)}
          />
          <Button type="submit" fullWidth disabled={!complete} loading={verify.isPending}>
            Submit
          </Button>
        </Stack>
      </form>
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
