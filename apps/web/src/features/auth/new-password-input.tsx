import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { MESSAGES } from '@portal/shared';

/** The 'New password' field of the activation and reset-password pages, with the password rule under it. */
export function NewPasswordInput(props: PasswordInputProps) {
  return (
    <PasswordInput
      label="New password"
      autoComplete="new-password"
      placeholder={MESSAGES.passwordPlaceholder}
      description={MESSAGES.passwordRuleSixNoSpaces}
      required
      {...props}
    />
  );
}
