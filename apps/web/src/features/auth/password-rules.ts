import { changePasswordRequest, MESSAGES } from '@portal/shared';
import { fieldErrors } from '../../lib/validation';

export interface ChangePasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type ChangePasswordErrors = Partial<Record<keyof ChangePasswordValues, string>>;

/** The rules of spec/02 5 for the change-password form, with the spec's messages. */
export function changePasswordErrors(values: ChangePasswordValues): ChangePasswordErrors {
  const errors: ChangePasswordErrors = fieldErrors(changePasswordRequest, {
    oldPassword: values.oldPassword,
    newPassword: values.newPassword,
  });
  if (values.confirmPassword !== values.newPassword) errors.confirmPassword = MESSAGES.passwordsDoNotMatch;
  return errors;
}

/** Submit is enabled only when all three fields are filled and valid. */
export function canSubmitChangePassword(values: ChangePasswordValues): boolean {
  const filled = Boolean(values.oldPassword && values.newPassword && values.confirmPassword);
  return filled && Object.keys(changePasswordErrors(values)).length === 0;
}
