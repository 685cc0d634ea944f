// The "Send code" button's logic: check the account, ask for a code, then count down before the next one
// (CODE_RESEND_SECONDS, or what the server says: resendAfter on success, data.retryAfter when asked to wait).
import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react';
import { CODE_RESEND_SECONDS, checkAccount, type Channel, type CodePurpose } from '../../contract.ts';
import { sendCode } from '../../api/account.ts';
import { isApiError } from '../../api/index.ts';
import { retryAfterSeconds } from '../../api/parse.ts';
import { pushNotice } from '../../state/index.ts';
import { secondsLeft } from './countdown.ts';
import { fieldOfCode, type FieldError } from './rules.ts';

export interface CodeSendResult {
  field: 'account' | 'code';
  error: FieldError;
}

export function useCodeSender(purpose: CodePurpose) {
  const { _ } = useLingui();
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [sending, setSending] = useState(false);
  const remaining = secondsLeft(until, now);

  useEffect(() => {
    if (until <= Date.now()) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [until]);

  function wait(seconds: number) {
    const start = Date.now();
    setNow(start);
    setUntil(start + seconds * 1000);
  }

  /** Returns the error to show under a field, or null (sent, or reported as a notice). */
  async function send(channel: Channel, account: string): Promise<CodeSendResult | null> {
    // A new address (sign-up, binding) must pass the full rule; one that names an account, the rule it passed then.
    const invalid = checkAccount(channel, account, purpose === 'register' || purpose === 'bind' ? 'new' : 'existing');
    if (invalid) return { field: 'account', error: { rule: invalid } };
    setSending(true);
    try {
      const reply = await sendCode({ channel, account: account.trim(), purpose }, { notify: false });
      wait(reply.resendAfter > 0 ? reply.resendAfter : CODE_RESEND_SECONDS);
      pushNotice('success', _('auth.code.sent'));
      return null;
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.code === 'verify.code.resend.wait') wait(retryAfterSeconds(error.data) ?? CODE_RESEND_SECONDS);
      const field = fieldOfCode(error.code);
      if (field === 'account' || field === 'code') return { field, error: { message: error.msg } };
      pushNotice('error', error.msg || _('error.generic'));
      return null;
    } finally {
      setSending(false);
    }
  }

  return { send, remaining, sending, disabled: sending || remaining > 0 };
}
