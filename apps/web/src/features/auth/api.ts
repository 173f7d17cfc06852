import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ActiveUser,
  LoginRequest,
  LoginResponse,
  MessageBody,
  RememberedDevice,
  TwoFactorVerifyResponse,
} from '@portal/shared';
import { api } from '../../lib/api-client';

/** One hook per call of docs/api.md "Sign-in". */

export const activeUserKey = ['activeuser'] as const;

export function fetchActiveUser(): Promise<ActiveUser> {
  return api.get<ActiveUser>('/activeuser');
}

export const activeUserQuery = {
  queryKey: activeUserKey,
  queryFn: fetchActiveUser,
  staleTime: 5 * 60_000,
  retry: false,
  meta: { silent: true },
} as const;

export function useActiveUser(enabled = true) {
  return useQuery({ ...activeUserQuery, enabled });
}

export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginRequest) => api.post<LoginResponse>('/login', body, { expectUnauthorized: true }),
  });
}

/** Reads the token at call time, so the caller may clear the storage right after calling. */
export function logoutRequest(): Promise<MessageBody> {
  return api.get<MessageBody>('/logout', { expectUnauthorized: true });
}

export function useVerifyCode() {
  return useMutation({
    mutationFn: (body: { code: string; remember_me?: boolean }) =>
      api.post<TwoFactorVerifyResponse>('/twofactor/verify', body),
  });
}

export function useSendLoginCode() {
  return useMutation({
    mutationFn: (channel: 'email' | 'sms') =>
      api.get<MessageBody>(channel === 'sms' ? '/twofactor/sendSms' : '/twofactor/send2faCodeOnEmail'),
  });
}

export function useManageRemind() {
  return useMutation({
    mutationFn: (remindMe: boolean) => api.post<MessageBody>('/twofactor/manageRemind', { remind_me: remindMe }),
  });
}

export function useSendSetupCode() {
  return useMutation({
    mutationFn: (mobile: string) => api.post<MessageBody>('/twofactor/send2fasetupcode', { data: mobile }),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => api.post<MessageBody>('/user-requests-reset-password', { email }),
  });
}

/** The reset link carries the signed call: POST `${url}&signature=${signature}` {password}. */
export function useSetPassword() {
  return useMutation({
    mutationFn: (input: { url: string; signature: string; password: string }) =>
      api.post<MessageBody>(
        `${input.url}&signature=${encodeURIComponent(input.signature)}`,
        { password: input.password },
        { expectUnauthorized: true },
      ),
  });
}

export function useActivate() {
  return useMutation({
    mutationFn: (body: { token: string; username: string; password: string; password_confirmation: string }) =>
      api.post<MessageBody>('/activation', body, { expectUnauthorized: true }),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { oldPassword: string; newPassword: string }) => api.post<MessageBody>('/change-password', body),
  });
}

export function useRequestRegistrationForm() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post<MessageBody>('/register/request-form', { email }, { expectUnauthorized: true }),
  });
}

export const rememberedDevicesKey = ['twofactor', 'devices'] as const;

/** GET /twofactor/devices: the browsers remembered for the sign-in code. */
export function useRememberedDevices() {
  return useQuery({
    queryKey: rememberedDevicesKey,
    queryFn: () => api.get<RememberedDevice[]>('/twofactor/devices'),
    meta: { silent: true },
  });
}

/** DELETE /twofactor/devices/{id}: 'Forget'. */
export function useForgetDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<MessageBody>(`/twofactor/devices/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rememberedDevicesKey }),
  });
}

/** The token a reset link's url carries (`/api/set-password?token=...`), or '' when there is none. */
export function resetTokenOf(url: string): string {
  const query = url.split('?')[1] ?? '';
  return new URLSearchParams(query).get('token') ?? '';
}

/** GET /set-password/check: whether the reset link still works, asked before the user types. */
/** GET /activation/check: the activation page checks its link before the form shows. */
export function useActivationLinkCheck(token: string) {
  return useQuery({
    queryKey: ['activation', 'check', token],
    queryFn: () => api.get<MessageBody>('/activation/check', { query: { token }, expectUnauthorized: true }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    meta: { silent: true },
  });
}

export function useResetLinkCheck(url: string, signature: string, enabled: boolean) {
  return useQuery({
    queryKey: ['set-password', 'check', url, signature],
    queryFn: () =>
      api.get<MessageBody>('/set-password/check', {
        query: { token: resetTokenOf(url), signature },
        expectUnauthorized: true,
      }),
    enabled,
    retry: false,
    staleTime: Infinity,
    meta: { silent: true },
  });
}
