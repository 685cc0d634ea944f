// Reset a forgotten password with a code sent to the e-mail address or phone (spec §2, /forget).
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import type { Channel } from '../../contract.ts';
import { resetPassword } from '../../api/account.ts';
import { isApiError } from '../../api/index.ts';
import { pushNotice } from '../../state/index.ts';
import { fieldErrorText } from '../../i18n/rules.ts';
import { TextField } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';
import { AuthCard } from './AuthCard.tsx';
import { ChannelTabs } from './ChannelTabs.tsx';
import { SendCodeButton } from './SendCodeButton.tsx';
import { useCodeSender } from './useCodeSender.ts';
import { fieldOfCode, hasErrors, validateReset, type FieldErrors, type ResetField } from './rules.ts';
import * as s from './auth.css.ts';

export function ForgetPage() {
  const { _, i18n } = useLingui();
  const navigate = useNavigate();
  const [channel, setChannel] = useState<Channel>('email');
  const [account, setAccount] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<ResetField>>({});
  const [busy, setBusy] = useState(false);
  const sender = useCodeSender('reset');
  const text = (field: ResetField) => fieldErrorText(i18n, errors[field]);

  function switchChannel(next: Channel) {
    setChannel(next);
    setAccount('');
    setErrors({});
  }

  async function onSendCode() {
    const result = await sender.send(channel, account);
    setErrors((e) => ({ ...e, account: undefined, code: undefined, ...(result ? { [result.field]: result.error } : {}) }));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validateReset({ channel, account, code, password, confirmPassword });
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      await resetPassword({ channel, account: account.trim(), code: code.trim(), password }, { notify: false });
    } catch (error) {
      setBusy(false);
      if (!isApiError(error)) throw error;
      const field = fieldOfCode(error.code);
      if (field === 'account' || field === 'code' || field === 'password') setErrors({ [field]: { message: error.msg } });
      else pushNotice('error', error.msg || _('error.generic'));
      return;
    }
    pushNotice('success', _('auth.forget.success'));
    await navigate({ to: '/login', search: { statusType: 0 } });
  }

  const isEmail = channel === 'email';
  return (
    <AuthCard name="forget" title={_('auth.forget.title')} sub={_('auth.forget.sub')}>
      <ChannelTabs value={channel} onChange={switchChannel} />
      <form className={s.form} onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField
          label={isEmail ? _('auth.field.email') : _('auth.field.phone')}
          name="account"
          type={isEmail ? 'email' : 'tel'}
          autoComplete={isEmail ? 'email' : 'tel'}
          placeholder={isEmail ? _('auth.field.emailPlaceholder') : _('auth.field.phonePlaceholder')}
          value={account}
          onChange={(e) => setAccount(e.target.value)}
          error={text('account')}
        />
        <TextField
          label={_('auth.field.code')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder={_('auth.field.codePlaceholder')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={text('code')}
          addon={<SendCodeButton remaining={sender.remaining} disabled={sender.disabled} onClick={() => void onSendCode()} />}
        />
        <TextField
          label={_('auth.field.newPassword')}
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={text('password')}
          hint={fieldErrorText(i18n, { rule: 'validate.password.format' })}
        />
        <TextField
          label={_('auth.field.confirmPassword')}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
          error={text('confirmPassword')}
        />
        <Button type="submit" wide data-testid="submit" disabled={busy}>
          {_('auth.forget.submit')}
        </Button>
      </form>
      <div className={s.links}>
        <span />
        <Link to="/login" search={{ statusType: 0 }}>
          {_('auth.forget.toLogin')}
        </Link>
      </div>
    </AuthCard>
  );
}
