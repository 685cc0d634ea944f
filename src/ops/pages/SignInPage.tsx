// Sign-in: the operator's name, password and the authenticator's 6-digit code, all three required.
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { LOCALES, LOCALE_NAMES, OPS_PATHS, PRODUCT_NAME, isLocale } from '../../contract.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/Field.tsx';
import { isOpsError } from '../api.ts';
import { ops } from '../client.ts';
import { activeLocale, switchLocale } from '../i18n.ts';
import { opsMe, parser } from '../parse.ts';
import { meStore } from '../state.ts';
import * as s from '../ui/ops.css.ts';

const parseMe = parser(opsMe);

export function SignInPage() {
  const { _ } = useLingui();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [errors, setErrors] = useState<{ name?: string; password?: string; totp?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const next: typeof errors = {};
    if (!name.trim()) next.name = _('ops.action.required');
    if (!password) next.password = _('ops.action.required');
    if (!/^\d{6}$/.test(totp)) next.totp = _('ops.signIn.totpFormat');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      const me = await ops.post(OPS_PATHS.login, parseMe, { name: name.trim(), password, totp }, { notify: false });
      meStore.set(me);
    } catch (error) {
      setErrors({ form: isOpsError(error) ? error.msg : _('ops.error.generic') });
      setTotp('');
      setBusy(false);
    }
  };

  return (
    <div className={s.signInWrap} data-testid="ops-sign-in">
      <form
        className={s.signIn}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h1 className={s.pageTitle}>
          {PRODUCT_NAME} · {_('ops.brand')}
        </h1>
        <p className={s.muted}>{_('ops.signIn.lead')}</p>
        <TextField label={_('ops.signIn.name')} name="name" autoComplete="username" value={name} error={errors.name} onChange={(e) => setName(e.target.value)} autoFocus />
        <TextField
          label={_('ops.signIn.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <TextField
          label={_('ops.signIn.totp')}
          name="totp"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={totp}
          error={errors.totp}
          onChange={(e) => setTotp(e.target.value.replace(/\D/g, ''))}
        />
        {errors.form ? (
          <p className={s.down} role="alert" data-testid="ops-sign-in-error">
            {errors.form}
          </p>
        ) : null}
        <Button type="submit" wide disabled={busy} data-testid="ops-sign-in-submit">
          {_('ops.signIn.submit')}
        </Button>
      </form>
      <select
        className={s.select}
        aria-label={_('ops.language')}
        value={activeLocale()}
        onChange={(e) => {
          if (isLocale(e.target.value)) switchLocale(e.target.value);
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
