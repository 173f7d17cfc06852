import type { PendingSignIn } from '@portal/shared';

/**
 * The sign-in waiting for its second factor, kept in this tab's memory only. The two-factor screen
 * needs it (where the code went, the reminder); without it there is no "previous route" and the
 * guard sends the user home (spec/01 2.2).
 */
export type PendingLogin = Pick<
  PendingSignIn,
  'tf_type' | 'sent_to' | 'remind_2fa' | '2fa_setup' | 'permissions' | 'recovery_codes' | 'code_fallback'
>;

let pending: PendingLogin | null = null;

export function setPendingLogin(value: PendingLogin | null): void {
  pending = value;
}

export function getPendingLogin(): PendingLogin | null {
  return pending;
}
