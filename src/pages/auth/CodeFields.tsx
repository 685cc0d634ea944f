// Account, verification code (with its send button), password and confirmation: the fields register and reset
// share, laid out once.
import { useLingui } from '@lingui/react';
import { fieldErrorText } from '../../i18n/rules.ts';
import { TextField } from '../../ui/Field.tsx';
import { SendCodeButton } from './SendCodeButton.tsx';
import type { CodeForm } from './useCodeForm.ts';

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
      <TextField
        label={_('auth.field.code')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={_('auth.field.codePlaceholder')}
        value={form.code}
        onChange={(e) => form.setCode(e.target.value)}
        error={text('code')}
        addon={<SendCodeButton remaining={form.sender.remaining} disabled={form.sender.disabled} onClick={() => void form.sendCode()} />}
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
