// Sign in with an e-mail address or phone number and a password (spec §2, /login?statusType=0). Two answers of the
// server's login guard change the form: login.code.required (many failed sign-ins on the account: from here a code
// sent to the account is needed too) shows the code field with its send button; login.throttled (too many failures
// from here) says so in the user's language and counts down on the button until the next try is allowed.
// Errors are shown here rather than as the client's generic notice, so each lands where it belongs.
// Issue 21: login.totp.required (the account has the authenticator app on) shows a six-digit code field and the
// form signs in again with it; a wrong or used code is said under that field, too many wrong ones count down like a
// throttled sign-in. "Sign in with a passkey" (where the browser has WebAuthn) signs in with no account typed.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { Link, useRouter, useSearch } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { channelOf, type Channel } from '../../contract.ts';
import { isApiError } from '../../api/index.ts';
import { retryAfterSeconds } from '../../api/parse.ts';
import { signIn } from '../../session/actions.ts';
import { pushNotice } from '../../state/index.ts';
import { fieldErrorText } from '../../i18n/rules.ts';
import { TextField } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';
import { AuthCard } from './AuthCard.tsx';
import { CodeField } from './CodeFields.tsx';
import { CodeInput, cleanCode, isCompleteCode } from '../user/twofactor/CodeInput.tsx';
import { webAuthnFailure } from '../user/twofactor/PasskeyDialogs.tsx';
import { signInWithPasskey, signInWithTotp } from './second-factor.ts';
import { secondsLeft } from './countdown.ts';
import { fieldOfCode, hasErrors, validateLogin, type FieldErrors, type LoginField } from './rules.ts';
import { useCodeSender } from './useCodeSender.ts';
import * as s from './auth.css.ts';

/** The channel a login.code.required reply names (checked: anything else falls back to the account's own). */
function codeChannel(data: unknown, account: string): Channel {
  const channel = typeof data === 'object' && data !== null ? (data as { channel?: unknown }).channel : undefined;
  return channel === 'email' || channel === 'phone' ? channel : channelOf(account.trim());
}

/** A countdown to a moment, re-rendering every quarter second while it runs. */
function useCountdown() {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= Date.now()) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [until]);
  return {
    remaining: secondsLeft(until, now),
    start(seconds: number) {
      const start = Date.now();
      setNow(start);
      setUntil(start + seconds * 1000);
    },
  };
}

export function LoginPage() {
  const { _, i18n } = useLingui();
  const { redirect } = useSearch({ from: '/login' });
  const router = useRouter();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  /** Set once the server asked for a code: the channel it goes to. */
  const [codeVia, setCodeVia] = useState<Channel | null>(null);
  /** Set once the server asked for the authenticator's code (login.totp.required). */
  const [totpNeeded, setTotpNeeded] = useState(false);
  const [totpCode, setTotpCode] = useState('');
  const [totpError, setTotpError] = useState<string | undefined>();
  const totpRef = useRef<HTMLInputElement>(null);
  const [webAuthn] = useState(() => browserSupportsWebAuthn());
  const [throttled, setThrottled] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors<LoginField>>({});
  const [busy, setBusy] = useState(false);
  const wait = useCountdown();
  const sender = useCodeSender('login');
  const waiting = wait.remaining > 0;

  useEffect(() => {
    if (!waiting) setThrottled(null);
  }, [waiting]);

  function forgetTotp() {
    setTotpNeeded(false);
    setTotpCode('');
    setTotpError(undefined);
  }

  function changeAccount(value: string) {
    setAccount(value);
    forgetTotp();
    // Another account: the code asked for belonged to the one before.
    if (codeVia !== null) {
      setCodeVia(null);
      setCode('');
    }
  }

  async function sendCode() {
    if (codeVia === null) return;
    const result = await sender.send(codeVia, account);
    setErrors((e) => ({ ...e, account: undefined, code: undefined, ...(result ? { [result.field]: result.error } : {}) }));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (waiting) return;
    const found = validateLogin({ account, password, code: codeVia === null ? undefined : code });
    setErrors(found);
    if (hasErrors(found)) return;
    if (totpNeeded && !isCompleteCode(totpCode)) {
      setTotpError(_('twofactor.totp.codeRule'));
      totpRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const smsCode = codeVia === null ? undefined : code.trim();
      if (totpNeeded) await signInWithTotp({ account, password, code: smsCode, totpCode }, { notify: false });
      else await signIn(account, password, { notify: false }, smsCode);
      router.history.push(redirect ?? '/');
    } catch (error) {
      setBusy(false);
      if (!isApiError(error)) {
        pushNotice('error', _('error.generic'));
        return;
      }
      if (error.code === 'login.totp.required') {
        setTotpNeeded(true);
        setTotpError(undefined);
        setErrors({});
        return;
      }
      if (error.code === 'totp.code.invalid' || error.code === 'totp.code.used') {
        setTotpError(error.msg || _('error.generic'));
        setTotpCode('');
        totpRef.current?.focus();
        return;
      }
      if (error.code === 'login.code.required') {
        setCodeVia(codeChannel(error.data, account));
        setErrors({});
        return;
      }
      if (error.code === 'login.throttled' || error.code === 'rate.limited' || error.code === 'security.throttled') {
        // The button counts the wait down; the notice says why without a number that would go stale.
        setThrottled(error.code === 'security.throttled' ? _('auth.login.totpThrottled') : _('auth.login.throttled'));
        wait.start(retryAfterSeconds(error.data) ?? 1);
        return;
      }
      const field = fieldOfCode(error.code);
      if (field === 'code' && codeVia !== null) {
        setErrors({ code: { message: error.msg } });
        return;
      }
      // A wrong password and everything else: the server's message, in the user's language.
      pushNotice('error', error.msg || _('error.generic'));
    }
  }

  async function passkey() {
    if (busy) return;
    setBusy(true);
    try {
      await signInWithPasskey({ notify: false });
      router.history.push(redirect ?? '/');
    } catch (error) {
      setBusy(false);
      if (isApiError(error)) pushNotice('error', error.msg || _('error.generic'));
      else pushNotice('error', webAuthnFailure(error, _) ?? _('twofactor.passkey.failed'));
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
          onChange={(e) => changeAccount(e.target.value)}
          error={fieldErrorText(i18n, errors.account)}
        />
        <TextField
          label={_('auth.field.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            forgetTotp();
          }}
          error={fieldErrorText(i18n, errors.password)}
        />
        {totpNeeded ? (
          <>
            <p className={s.formNotice} role="status" data-testid="login-totp-needed">
              {_('auth.login.totpNeeded')}
            </p>
            <CodeInput label={_('twofactor.totp.code')} value={totpCode} onChange={(v) => (setTotpCode(cleanCode(v)), setTotpError(undefined))} error={totpError} ref={totpRef} autoFocus />
          </>
        ) : null}
        {codeVia !== null ? (
          <>
            <p className={s.formNotice} role="status" data-testid="login-code-needed">
              {codeVia === 'email' ? _('auth.login.codeNeededEmail') : _('auth.login.codeNeededPhone')}
            </p>
            <CodeField
              value={code}
              onChange={setCode}
              error={fieldErrorText(i18n, errors.code)}
              remaining={sender.remaining}
              disabled={sender.disabled}
              onSend={() => void sendCode()}
              autoFocus
            />
          </>
        ) : null}
        {throttled !== null && waiting ? (
          <p className={s.formNoticeWarn} role="alert" data-testid="login-throttled">
            {throttled}
          </p>
        ) : null}
        <Button type="submit" wide data-testid="submit" disabled={busy || waiting}>
          {waiting ? _('auth.login.retryIn', { seconds: wait.remaining }) : _('auth.login.submit')}
        </Button>
        {webAuthn ? (
          <>
            <div className={s.divider}>{_('auth.login.or')}</div>
            <Button variant="secondary" wide data-testid="passkey-login" disabled={busy} onClick={() => void passkey()}>
              {_('auth.login.passkey')}
            </Button>
          </>
        ) : null}
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
