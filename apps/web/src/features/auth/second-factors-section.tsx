import { useState } from 'react';
import { Alert, Button, Card, Code, Group, Image, Loader, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconKey, IconShieldCheck } from '@tabler/icons-react';
import {
  passkeyRenameRequest,
  SECOND_FACTOR,
  SECOND_FACTOR_MESSAGES as M,
  type PasskeyItem,
  type TotpSetupResponse,
} from '@portal/shared';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { errorMessage } from '../../lib/api-client';
import { applyServerErrors, useSchemaForm } from '../../lib/form';
import { formatDateTime } from '../../lib/dates';
import { modals } from '../../lib/modals';
import { notifyError, notifySuccess } from '../../lib/notify';
import { AppCodeInput } from './code-input';
import { showRecoveryCodes } from './recovery-codes';
import {
  useAddPasskey,
  useCodeFallback,
  useConfirmApp,
  useFactors,
  useNewRecoveryCodes,
  useRemoveApp,
  useRemovePasskey,
  useRenamePasskey,
  useStartApp,
} from './second-factors-api';

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

function AppSetup({ setup, onCancel }: { setup: TotpSetupResponse; onCancel: () => void }) {
  const confirm = useConfirmApp();
  const [code, setCode] = useState('');
  const complete = /^\d{6}$/.test(code);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!complete) return;
        confirm.mutate(code, {
          onSuccess: (res) => {
            notifySuccess(res.message);
            showRecoveryCodes(res.recovery_codes);
          },
          onError: () => setCode(''),
        });
      }}
    >
      <Stack gap="sm">
        <Text size="sm">
          Scan this QR code with your authenticator app, or type the key below into it. Then enter the 6-digit code it
          shows.
        </Text>
        <Image src={setup.qr} alt="QR code to add this account to your authenticator app" w={200} h={200} />
        <Text size="sm">
          Key:{' '}
          <Code fz="sm" data-testid="totp-secret">
            {grouped(setup.secret)}
          </Code>
        </Text>
        {confirm.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(confirm.error)}
          </Alert>
        )}
        <AppCodeInput value={code} onChange={setCode} required />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={!complete} loading={confirm.isPending}>
            Turn on
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AppCard({ enabled, codeFallback }: { enabled: boolean; codeFallback: boolean }) {
  const start = useStartApp();
  const fallback = useCodeFallback();
  const remove = useRemoveApp();
  const [setup, setSetup] = useState<TotpSetupResponse | null>(null);
  const confirmRemove = () =>
    modals.openConfirmModal({
      title: 'Remove the authenticator app',
      children: <Text size="sm">Sign-in will ask for a code by email (or SMS) again.</Text>,
      labels: { confirm: 'Yes, Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: (res) => notifySuccess(res.message),
          onError: (error) => notifyError(error),
        }),
    });

  return (
    <Card maw={560} component="section" aria-labelledby="app-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="app-title">
          {M.appTitle}
        </Title>
        {enabled ? (
          <>
            <Group gap="xs" wrap="nowrap">
              <IconShieldCheck size={20} color="var(--mantine-color-teal-7)" aria-hidden style={{ flex: 'none' }} />
              <Text size="sm">Sign-in asks for a code from your authenticator app.</Text>
            </Group>
            <Switch
              label={M.codeFallbackSwitch}
              description="Turned off, only the app, a passkey or a recovery code completes your sign-in."
              checked={codeFallback}
              disabled={fallback.isPending}
              onChange={(event) =>
                fallback.mutate(event.currentTarget.checked, {
                  onSuccess: (res) => notifySuccess(res.message),
                  onError: (error) => notifyError(error),
                })
              }
            />
            <Group>
              <Button variant="default" color="red" onClick={confirmRemove} loading={remove.isPending}>
                Remove the app
              </Button>
            </Group>
          </>
        ) : setup ? (
          <AppSetup setup={setup} onCancel={() => setSetup(null)} />
        ) : (
          <>
            <Text size="sm">
              An app on your phone (such as Google Authenticator, Microsoft Authenticator or 1Password) makes a new
              6-digit code every 30 seconds. Sign-in then asks for it instead of sending a code.
            </Text>
            <Group>
              <Button
                onClick={() => start.mutate(undefined, { onSuccess: setSetup, onError: (error) => notifyError(error) })}
                loading={start.isPending}
              >
                Set up an authenticator app
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}

/** The passkey's name, typed anew in place of the row's name; Save keeps it, Cancel leaves it as it was. */
function RenamePasskey({ passkey, onDone }: { passkey: PasskeyItem; onDone: () => void }) {
  const rename = useRenamePasskey();
  const form = useSchemaForm<{ name: string }>(passkeyRenameRequest, { initialValues: { name: passkey.name } });
  return (
    <form
      noValidate
      style={{ flex: 1, minWidth: 0 }}
      onSubmit={form.onSubmit((values) =>
        rename.mutate(
          { id: passkey.id, name: values.name.trim() },
          {
            onSuccess: (res) => {
              notifySuccess(res.message);
              onDone();
            },
            onError: (error) => {
              const rest = applyServerErrors(form, error);
              if (rest) notifyError(rest);
            },
          },
        ),
      )}
    >
      <Group align="flex-end" gap="xs">
        <TextInput
          label="New name"
          maxLength={SECOND_FACTOR.passkeyNameMax}
          data-autofocus
          style={{ flex: 1, minWidth: 160 }}
          {...form.getInputProps('name')}
        />
        <Button type="submit" size="xs" loading={rename.isPending}>
          Save
        </Button>
        <Button variant="default" size="xs" onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </form>
  );
}

function PasskeyRow({ passkey }: { passkey: PasskeyItem }) {
  const remove = useRemovePasskey();
  const [renaming, setRenaming] = useState(false);
  if (renaming)
    return (
      <Group component="li" wrap="nowrap">
        <RenamePasskey passkey={passkey} onDone={() => setRenaming(false)} />
      </Group>
    );
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" component="li">
      <div style={{ minWidth: 0 }}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {passkey.name}
        </Text>
        <Text size="sm" c="dimmed">
          Added {formatDateTime(passkey.created_at)};{' '}
          {passkey.last_used_at ? `last used ${formatDateTime(passkey.last_used_at)}` : 'not used yet'}
        </Text>
      </div>
      <Group gap="xs" wrap="nowrap" style={{ flex: 'none' }}>
        <Button variant="default" size="xs" aria-label={`Rename ${passkey.name}`} onClick={() => setRenaming(true)}>
          Rename
        </Button>
        <Button
          variant="default"
          size="xs"
          aria-label={`Remove ${passkey.name}`}
          loading={remove.isPending}
          onClick={() =>
            modals.openConfirmModal({
              title: 'Remove the passkey',
              children: <Text size="sm">Remove {passkey.name}? It will no longer sign you in.</Text>,
              labels: { confirm: 'Yes, Remove', cancel: 'Cancel' },
              confirmProps: { color: 'red' },
              onConfirm: () =>
                remove.mutate(passkey.id, {
                  onSuccess: (res) => notifySuccess(res.message),
                  onError: (error) => notifyError(error),
                }),
            })
          }
        >
          Remove
        </Button>
      </Group>
    </Group>
  );
}

function PasskeyCard({ passkeys }: { passkeys: PasskeyItem[] }) {
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;
  return (
    <Card maw={560} component="section" aria-labelledby="passkey-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="passkey-title">
          {M.passkeyTitle}
        </Title>
        <Text size="sm">
          A passkey signs you in with your fingerprint, face or device PIN, with no password or code to type.
        </Text>
        {passkeys.length > 0 && (
          <Stack
            gap="sm"
            component="ul"
            aria-label="Your passkeys"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {passkeys.map((p) => (
              <PasskeyRow key={p.id} passkey={p} />
            ))}
          </Stack>
        )}
        {supported ? (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              const trimmed = name.trim();
              if (!trimmed) return setError(M.passkeyNameRequired);
              setError(null);
              add.mutate(trimmed, {
                onSuccess: (res) => {
                  setName('');
                  notifySuccess(res.message);
                  showRecoveryCodes(res.recovery_codes);
                },
                // The browser's own cancel (NotAllowedError) says nothing worth a notice.
                onError: (e) =>
                  e instanceof Error && e.name === 'NotAllowedError'
                    ? undefined
                    : notifyError(null, errorMessage(e, M.passkeyRegisterFailed)),
              });
            }}
          >
            <Group align="flex-end" gap="sm">
              <TextInput
                label="Passkey name"
                placeholder="e.g. Work laptop"
                maxLength={SECOND_FACTOR.passkeyNameMax}
                value={name}
                error={error}
                onChange={(event) => setName(event.currentTarget.value)}
                style={{ flex: 1, minWidth: 180 }}
              />
              <Button type="submit" leftSection={<IconKey size={16} aria-hidden />} loading={add.isPending}>
                {M.passkeyTitle}
              </Button>
            </Group>
          </form>
        ) : (
          <Text size="sm" c="dimmed">
            This browser cannot make passkeys.
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function RecoveryCard({ left }: { left: number }) {
  const renew = useNewRecoveryCodes();
  return (
    <Card maw={560} component="section" aria-labelledby="recovery-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="recovery-title">
          {M.recoveryTitle}
        </Title>
        <Text size="sm">
          {left} of {SECOND_FACTOR.recoveryCodeCount} recovery codes left. Each signs you in once if you lose your app
          or passkey.
        </Text>
        <Group>
          <Button
            variant="default"
            loading={renew.isPending}
            onClick={() =>
              modals.openConfirmModal({
                title: 'Make new recovery codes',
                children: <Text size="sm">The codes you have now will stop working.</Text>,
                labels: { confirm: 'Make new codes', cancel: 'Cancel' },
                onConfirm: () =>
                  renew.mutate(undefined, {
                    onSuccess: (res) => {
                      notifySuccess(res.message);
                      showRecoveryCodes(res.recovery_codes);
                    },
                    onError: (error) => notifyError(error),
                  }),
              })
            }
          >
            Make new codes
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /profile2fa: the authenticator app, passkeys and recovery codes, beside the spec's SMS set-up. */
export function SecondFactorsSection() {
  const factors = useFactors();
  if (factors.isError)
    return (
      <LoadFailedAlert
        title="Your second factors could not be loaded."
        error={factors.error}
        onRetry={() => void factors.refetch()}
      />
    );
  if (!factors.data) return <Loader size="sm" aria-label="Loading" />;
  const { app, code_fallback, passkeys, recovery_codes_left } = factors.data;
  return (
    <>
      <AppCard enabled={app} codeFallback={code_fallback} />
      <PasskeyCard passkeys={passkeys} />
      {(app || passkeys.length > 0) && <RecoveryCard left={recovery_codes_left} />}
    </>
  );
}
