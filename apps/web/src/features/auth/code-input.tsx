import { TextInput, type TextInputProps } from '@mantine/core';
import { LIMITS } from '@portal/shared';
import classes from './code-input.module.css';

/** The 4-digit code field: digits only, at most LIMITS.twoFactorCodeLength of them. */
export function CodeInput({
  value,
  onChange,
  ...props
}: Omit<TextInputProps, 'onChange' | 'value'> & { value: string; onChange: (value: string) => void }) {
  return (
    <TextInput
      label="Code"
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder="4-digit code"
      maxLength={LIMITS.twoFactorCodeLength}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value.replace(/\D/g, '').slice(0, LIMITS.twoFactorCodeLength))}
      classNames={{ input: classes.input }}
      {...props}
    />
  );
}

export function isCompleteCode(code: string): boolean {
  return new RegExp(`^\\d{${LIMITS.twoFactorCodeLength}}$`).test(code);
}
