// Account, verification code (with its send button), password and confirmation: the fields register and reset
// share, laid out once. The code field alone (CodeField) also serves sign-in when the server asks for a code.
import { useLingui } from '@lingui/react';
import { fieldErrorText } from '../../i18n/rules.ts';
import { TextField } from '../../ui/Field.tsx';
import { SendCodeButton } from './SendCodeButton.tsx';
import type { CodeForm } from './useCodeForm.ts';

/** The verification-code field with its send button (and the button's countdown). */
export function CodeField({ value, onChange, error, remaining, disabled, onSend, autoFocus }: {
  value: string;
  onChange(value: string): void;
  error: string | undefined;
  remaining: number;
  disabled: boolean;
  onSend(): void;
  autoFocus?: boolean;
}) {
  const { _ } = useLingui();
  return (
    <TextField
      label={_('auth.field.code')}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder={_('auth.field.codePlaceholder')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      autoFocus={autoFocus}
      addon={<SendCodeButton remaining={remaining} disabled={disabled} onClick={onSend} />}
    />
  );
}

export function CodeFields({ form, passwordLabel }: { form: CodeForm; passwordLabel: string }) {
  const { _, i18n } = useLingui();
  const text = (field: string) => fieldErrorText(i18n, form.errors[field]);
  const isEmail = form.channel === 'email';
  return (
    <>
      <TextField
        label={isEmail ? _('auth.field.email') : _('auth.field.phone')}
        name="account"
        type={isEmail ? 'email' : 'tel'}
        autoComplete={isEmail ? 'email' : 'tel'}
        placeholder={isEmail ? _('auth.field.emailPlaceholder') : _('auth.field.phonePlaceholder')}
        value={form.account}
        onChange={(e) => form.setAccount(e.target.value)}
        error={text('account')}
      />
      <CodeField
        value={form.code}
        onChange={form.setCode}
        error={text('code')}
        remaining={form.sender.remaining}
        disabled={form.sender.disabled}
        onSend={() => void form.sendCode()}
      />
      <TextField
        label={passwordLabel}
        name="password"
        type="password"
        autoComplete="new-password"
        value={form.password}
        onChange={(e) => form.setPassword(e.target.value)}
        error={text('password')}
        hint={fieldErrorText(i18n, { rule: 'validate.password.format' })}
      />
      <TextField
        label={_('auth.field.confirmPassword')}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={form.confirmPassword}
        onChange={(e) => form.setConfirmPassword(e.target.value)}
        error={text('confirmPassword')}
      />
    </>
  );
}
