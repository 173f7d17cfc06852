import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { MESSAGES } from '@portal/shared';

/**
 * The 'New password' field of the activation and reset-password pages. The password rule shows
 * under it until the field has an error, which then takes its place (the rule is not said twice).
 */
export function NewPasswordInput(props: PasswordInputProps) {
  return (
    <PasswordInput
      label="New password"
      autoComplete="new-password"
      placeholder={MESSAGES.passwordPlaceholder}
      description={props.error ? undefined : MESSAGES.passwordRuleSixNoSpaces}
      required
      {...props}
    />
  );
}
