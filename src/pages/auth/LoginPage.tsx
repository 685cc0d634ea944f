// Sign in with an e-mail address or phone number and a password (spec §2, /login?statusType=0).
import { useState, type FormEvent } from 'react';
import { Link, useRouter, useSearch } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { signIn } from '../../session/actions.ts';
import { fieldErrorText } from '../../i18n/rules.ts';
import { TextField } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';
import { AuthCard } from './AuthCard.tsx';
import { hasErrors, validateLogin, type FieldErrors, type LoginField } from './rules.ts';
import * as s from './auth.css.ts';

export function LoginPage() {
  const { _, i18n } = useLingui();
  const { redirect } = useSearch({ from: '/login' });
  const router = useRouter();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<LoginField>>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validateLogin({ account, password });
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      // A wrong password comes back as an error notice from the client.
      await signIn(account, password);
      router.history.push(redirect ?? '/');
    } catch {
      setBusy(false);
    }
  }

  return (
    <AuthCard name="login" title={_('auth.login.title')} sub={_('auth.login.sub')}>
      <form className={s.form} onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField
          label={_('auth.field.account')}
          name="account"
          autoComplete="username"
          placeholder={_('auth.field.accountPlaceholder')}
          value={account}
          onChange={(e) => setAccount(e.target.value)}
          error={fieldErrorText(i18n, errors.account)}
        />
        <TextField
          label={_('auth.field.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fieldErrorText(i18n, errors.password)}
        />
        <Button type="submit" wide data-testid="submit" disabled={busy}>
          {_('auth.login.submit')}
        </Button>
      </form>
      <div className={s.links}>
        <Link to="/forget">{_('auth.login.forgot')}</Link>
        <Link to="/register" search={{ statusType: 1 }}>
          {_('auth.login.toRegister')}
        </Link>
      </div>
    </AuthCard>
  );
}
