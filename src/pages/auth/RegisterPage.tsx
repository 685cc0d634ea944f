// Sign up by e-mail or phone with a verification code (spec §2, /register?statusType=1), then sign in at once.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { register } from '../../api/account.ts';
import { isApiError } from '../../api/index.ts';
import { signIn } from '../../session/actions.ts';
import { pushNotice } from '../../state/index.ts';
import { fieldErrorText } from '../../i18n/rules.ts';
import { CheckField, TextField } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';
import { AuthCard } from './AuthCard.tsx';
import { ChannelTabs } from './ChannelTabs.tsx';
import { CodeFields } from './CodeFields.tsx';
import { useCodeForm } from './useCodeForm.ts';
import { fieldOfCode, hasErrors, validateRegister, type RegisterField } from './rules.ts';
import * as s from './auth.css.ts';

export function RegisterPage() {
  const { _, i18n } = useLingui();
  const search = useSearch({ from: '/register' });
  const navigate = useNavigate();
  const form = useCodeForm<RegisterField>('register');
  const { channel, account, code, password, confirmPassword, errors, setErrors } = form;
  const [inviteCode, setInviteCode] = useState(search.inviteCode ?? '');
  const [agree, setAgree] = useState(false);
  const [busy, setBusy] = useState(false);
  const text = (field: RegisterField) => fieldErrorText(i18n, errors[field]);

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

  return (
    <AuthCard name="register" title={_('auth.register.title')} sub={_('auth.register.sub')}>
      <ChannelTabs value={channel} onChange={form.switchChannel} />
      <form className={s.form} onSubmit={(e) => void onSubmit(e)} noValidate>
        <CodeFields form={form} passwordLabel={_('auth.field.password')} />
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
