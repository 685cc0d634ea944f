// The HTTP status of each catalogue code. The envelope's `code` is what clients act on (spec §7: a reply is a
// success when code is "success"). Business outcomes (a wrong password, a field rule, an expired session) answer
// 200 with their code: they are answers, not transport failures, and a browser logs every 4xx as a console error
// on each signed-out page view. Transport-level failures keep their HTTP status for proxies and tooling:
// malformed requests 400, unknown paths 404, rate limiting 429, server faults 500.
import type { ErrorCode } from '../contract/errors.ts';
export const HTTP_STATUS: Readonly<Record<ErrorCode, number>> = {
  'system.error': 500,
  'request.invalid': 400,
  'request.not.found': 404,
  'rate.limited': 429,
  'login.user.not.login': 200,
  'login.session.expired': 200,
  'login.failed': 200,
  'account.frozen': 200,
  'account.not.found': 200,
  'account.already.registered': 200,
  'register.agreement.required': 200,
  'register.invite.invalid': 200,
  'bind.account.taken': 200,
  'validate.required': 200,
  'validate.email.format': 200,
  'validate.phone.format': 200,
  'validate.password.format': 200,
  'validate.page.invalid': 200,
  'verify.code.error': 200,
  'verify.code.expired': 200,
  'verify.code.attempts': 200,
  'verify.code.resend.wait': 200,
  'config.key.unknown': 200,
};
