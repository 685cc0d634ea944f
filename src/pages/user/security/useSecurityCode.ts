// One "Send code" button of the security centre: asks /app/security/sendCode (a code to the account's own address,
// or to a new address to bind), then counts down before the next (resendAfter, or data.retryAfter when asked to
// wait). The auth pages' sender (useCodeSender) asks the sign-up endpoint, which knows no 'verify' codes.
import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react';
import { CODE_RESEND_SECONDS, type SecuritySendCodeRequest } from '../../../contract.ts';
import { isApiError } from '../../../api/index.ts';
import { retryAfterSeconds } from '../../../api/parse.ts';
import { sendSecurityCode } from '../../../api/security.ts';
import { pushNotice } from '../../../state/index.ts';
import { secondsLeft } from '../../auth/countdown.ts';

export interface SecurityCodeSender {
  /** Sends; resolves to the server's refusal (in the user's language) or null. */
  send(request: SecuritySendCodeRequest): Promise<{ code: string; message: string } | null>;
  remaining: number;
  disabled: boolean;
}

export function useSecurityCode(): SecurityCodeSender {
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

  const wait = (seconds: number) => {
    const start = Date.now();
    setNow(start);
    setUntil(start + seconds * 1000);
  };

  async function send(request: SecuritySendCodeRequest) {
    setSending(true);
    try {
      const reply = await sendSecurityCode(request, { notify: false });
      wait(reply.resendAfter > 0 ? reply.resendAfter : CODE_RESEND_SECONDS);
      pushNotice('success', _('auth.code.sent'));
      return null;
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.code === 'verify.code.resend.wait') wait(retryAfterSeconds(error.data) ?? CODE_RESEND_SECONDS);
      return { code: error.code, message: error.msg || _('error.generic') };
    } finally {
      setSending(false);
    }
  }

  return { send, remaining, disabled: sending || remaining > 0 };
}
