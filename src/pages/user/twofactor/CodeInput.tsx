// The six-digit field of an authenticator code: digits only (what is pasted with spaces is cleaned), the phone's
// number pad, and the one-time-code autocomplete so a password manager can fill it.
import type { Ref } from 'react';
import { TextField } from '../../../ui/Field.tsx';
import { TOTP_DIGITS } from '../../../contract.ts';

interface Props {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  autoFocus?: boolean;
  ref?: Ref<HTMLInputElement>;
  testId?: string;
}

export const cleanCode = (text: string): string => text.replace(/\D/g, '').slice(0, TOTP_DIGITS);
export const isCompleteCode = (code: string): boolean => code.length === TOTP_DIGITS;

export function CodeInput({ label, value, onChange, error, autoFocus, ref, testId = 'totp-code' }: Props) {
  return (
    <TextField
      label={label}
      name="totpCode"
      ref={ref}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={TOTP_DIGITS + 4}
      placeholder="000000"
      value={value}
      autoFocus={autoFocus}
      error={error}
      data-testid={testId}
      onChange={(e) => onChange(cleanCode(e.target.value))}
    />
  );
}
