// Sign up by e-mail or phone with a verification code (spec §2, /register?statusType=1), then sign in at once.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import type { Channel } from '../../contract.ts';
import { register } from '../../api/account.ts';
import { isApiError } from '../../api/index.ts';
import { signIn } from '../../session/actions.ts';
import { pushNotice } from '../../state/index.ts';
import { fieldErrorText } from '../../i18n/rules.ts';
import { CheckField, TextField } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';
import { AuthCard } from './AuthCard.tsx';
import { ChannelTabs } from './ChannelTabs.tsx';
import { SendCodeButton } from './SendCodeButton.tsx';
import { useCodeSender } from './useCodeSender.ts';
import { fieldOfCode, hasErrors, validateRegister, type FieldErrors, type RegisterField } from './rules.ts';
import * as s from './auth.css.ts';

export function RegisterPage() {
  const { _, i18n } = useLingui();
  const search = useSearch({ from: '/register' });
  const navigate = useNavigate();
  const [channel, setChannel] = useState<Channel>('email');
  const [account, setAccount] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [inviteCode, setInviteCode] = useState(search.inviteCode ?? '');
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<RegisterField>>({});
  const [busy, setBusy] = useState(false);
  const sender = useCodeSender('register');
  const text = (field: RegisterField) => fieldErrorText(i18n, errors[field]);

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
    const found = validateRegister({ channel, account, code, password, confirmPassword, inviteCode, agree });
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      const invite = inviteCode.trim();
      await register(
        { channel, account: account.trim(), code: code.trim(), password, agree, ...(invite ? { inviteCode: invite } : {}) },
        { notify: false },
      );
    } catch (error) {
      setBusy(false);
      if (!isApiError(error)) throw error;
      const field = fieldOfCode(error.code);
      if (field) setErrors({ [field]: { message: error.msg } });
      else pushNotice('error', error.msg || _('error.generic'));
      return;
    }
    pushNotice('success', _('auth.register.success'));
    try {
      await signIn(account, password);
      await navigate({ to: '/' });
    } catch {
      // Registered but not signed in (the server said why in a notice): the login page takes it from here.
      await navigate({ to: '/login', search: { statusType: 0 } });
    }
  }

  const isEmail = channel === 'email';
  return (
    <AuthCard name="register" title={_('auth.register.title')} sub={_('auth.register.sub')}>
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
          label={_('auth.field.password')}
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
        <TextField
          label={_('auth.field.inviteCode')}
          name="inviteCode"
          autoComplete="off"
          placeholder={_('auth.field.optional')}
          value={inviteCode}
          onChange={(e) => setInviteCode(e.target.value)}
          error={text('inviteCode')}
        />
        <CheckField name="agree" checked={agree} onChange={(e) => setAgree(e.target.checked)} error={text('agree')}>
          {_('auth.register.agreePrefix')} <Link to="/userAgreement">{_('footer.userAgreement')}</Link>
        </CheckField>
        <Button type="submit" wide data-testid="submit" disabled={busy}>
          {_('auth.register.submit')}
        </Button>
      </form>
      <div className={s.links}>
        <span />
        <Link to="/login" search={{ statusType: 0 }}>
          {_('auth.register.toLogin')}
        </Link>
      </div>
    </AuthCard>
  );
}
