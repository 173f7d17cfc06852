import { TextInput, type TextInputProps } from '@mantine/core';
import { LIMITS, SECOND_FACTOR } from '@portal/shared';
import classes from './code-input.module.css';

type DigitsProps = Omit<TextInputProps, 'onChange' | 'value'> & { value: string; onChange: (value: string) => void };

/** A one-time code's field: digits only, at most `digits` of them, offered by the browser from a text message. */
function DigitsInput({ digits, value, onChange, ...props }: DigitsProps & { digits: number }) {
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={digits}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value.replace(/\D/g, '').slice(0, digits))}
      {...props}
    />
  );
}

/** The 4-digit code field: digits only, at most LIMITS.twoFactorCodeLength of them. */
export function CodeInput(props: DigitsProps) {
  return (
    <DigitsInput
      digits={LIMITS.twoFactorCodeLength}
      label="Code"
      placeholder="4-digit code"
      classNames={{ input: classes.input }}
      {...props}
    />
  );
}

/** An authenticator app's code (its set-up and the sign-in's step): SECOND_FACTOR.totpDigits digits. */
export function AppCodeInput(props: DigitsProps) {
  return (
    <DigitsInput digits={SECOND_FACTOR.totpDigits} label="Code from the app" placeholder="6-digit code" {...props} />
  );
}

export function isCompleteCode(code: string): boolean {
  return new RegExp(`^\\d{${LIMITS.twoFactorCodeLength}}$`).test(code);
}
