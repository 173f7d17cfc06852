import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LoginResponse,
  MessageBody,
  PasskeyOptionsResponse,
  RecoveryCodesResponse,
  SecondFactorStatus,
  TotpSetupResponse,
  TwoFactorVerifyResponse,
} from '@portal/shared';
import { api } from '../../lib/api-client';
import { withPasswordAgain } from './password-again';

/** One hook per call of docs/api.md "Second factors". */

export const factorsKey = ['twofactor', 'factors'] as const;

export function useFactors() {
  return useQuery({
    queryKey: factorsKey,
    queryFn: () => api.get<SecondFactorStatus>('/twofactor/factors'),
    meta: { silent: true },
  });
}

/** A change of second factors: asks for the password again first when the server says so (password-again.tsx). */
function useFactorMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => withPasswordAgain(() => fn(input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: factorsKey }),
  });
}

export const useStartApp = () => useFactorMutation(() => api.post<TotpSetupResponse>('/twofactor/app/setup'));
export const useConfirmApp = () =>
  useFactorMutation((code: string) => api.post<RecoveryCodesResponse>('/twofactor/app/confirm', { code }));
export const useRemoveApp = () => useFactorMutation(() => api.delete<MessageBody>('/twofactor/app'));
export const useCodeFallback = () =>
  useFactorMutation((enabled: boolean) => api.put<MessageBody>('/twofactor/app/code-fallback', { enabled }));
export const useNewRecoveryCodes = () =>
  useFactorMutation(() => api.post<RecoveryCodesResponse>('/twofactor/recovery-codes'));
export const useRemovePasskey = () =>
  useFactorMutation((id: string) => api.delete<MessageBody>(`/twofactor/passkeys/${encodeURIComponent(id)}`));

export const useRenamePasskey = () =>
  useFactorMutation(({ id, name }: { id: string; name: string }) =>
    api.put<MessageBody>(`/twofactor/passkeys/${encodeURIComponent(id)}`, { name }),
  );

/** Asks the browser for a new discoverable passkey (the WebAuthn library loads when asked for) and keeps it. */
export const useAddPasskey = () =>
  useFactorMutation(async (name: string) => {
    const { startRegistration } = await import('@simplewebauthn/browser');
    const { challenge_id, options } = await api.post<PasskeyOptionsResponse>('/twofactor/passkeys/options');
    const response = await startRegistration({
      optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
    });
    return api.post<RecoveryCodesResponse>('/twofactor/passkeys', { challenge_id, name, response });
  });

export function useVerifyApp() {
  return useMutation({
    mutationFn: (body: { code: string; remember_me?: boolean }) =>
      api.post<TwoFactorVerifyResponse>('/twofactor/app/verify', body),
  });
}

export function useVerifyRecovery() {
  return useMutation({
    mutationFn: (body: { code: string; remember_me?: boolean }) =>
      api.post<TwoFactorVerifyResponse>('/twofactor/recovery/verify', body),
  });
}

/**
 * Signs in with a passkey: the browser's picker, or (autofill) the passkeys offered in the user
 * name field's suggestions, where the browser supports it (conditional UI).
 */
export async function passkeySignIn(autofill = false): Promise<LoginResponse | null> {
  const { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill, startAuthentication } =
    await import('@simplewebauthn/browser');
  if (!browserSupportsWebAuthn() || (autofill && !(await browserSupportsWebAuthnAutofill()))) return null;
  const { challenge_id, options } = await api.post<PasskeyOptionsResponse>(
    '/passkey-login/options',
    {},
    { expectUnauthorized: true },
  );
  const response = await startAuthentication({
    optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
    useBrowserAutofill: autofill,
  });
  return api.post<LoginResponse>('/passkey-login', { challenge_id, response }, { expectUnauthorized: true });
}
