// The HTTP status of each catalogue code. The envelope's `code` is what clients act on (spec §7: a reply is a
// success when code is "success"). Business outcomes (a wrong password, a field rule, an expired session) answer
// 200 with their code: they are answers, not transport failures, and a browser logs every 4xx as a console error
// on each signed-out page view. Transport-level failures keep their HTTP status for proxies and tooling:
// malformed requests 400, unknown paths 404, rate limiting 429, server faults 500.
import type { FastifyInstance } from 'fastify';
import type { ErrorCode, ServerErrorCode } from '../contract/errors.ts';
import { AREA_ERROR_CODES } from '../contract/errors.ts';
export const HTTP_STATUS: Readonly<Record<ErrorCode, number>> = {
  'system.error': 500,
  'request.invalid': 400,
  'request.not.found': 404,
  'rate.limited': 429,
  'login.user.not.login': 200,
  'login.session.expired': 200,
  'login.failed': 200,
  // A throttle is a rate limit (Retry-After says when); a code required is an answer the form acts on.
  'login.throttled': 429,
  'login.code.required': 200,
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
  // A desk that stopped (failed commit) or is closing: the service is down, not the request wrong.
  'service.unavailable': 503,
  'account.not.authenticated': 200,
  'market.unknown': 200,
  'currency.not.open': 200,
  'currency.maintenance': 200,
  'market.price.unavailable': 200,
  'number.format': 200,
  'number.not.positive': 200,
  'number.too.precise': 200,
  'number.too.large': 200,
  'order.price.invalid': 200,
  'order.qty.invalid': 200,
  'order.total.invalid': 200,
  'order.price.off.tick': 200,
  'order.qty.off.lot': 200,
  'order.qty.below.min': 200,
  'order.qty.above.max': 200,
  'order.notional.below.min': 200,
  'order.notional.above.max': 200,
  'order.price.out.of.band': 200,
  'order.post.only.needs.gtc': 200,
  'order.post.only.would.take': 200,
  'order.stop.would.trigger': 200,
  'order.stop.required': 200,
  'order.trailing.invalid': 200,
  'order.oco.prices.invalid': 200,
  'order.stop.no.price': 200,
  'order.stop.quote': 200,
  'order.fok.not.fillable': 200,
  'order.not.found': 200,
  'order.bot.owned': 200,
  'funds.insufficient': 200,
  'transfer.same.account': 200,
  'page.size.invalid': 200,
  'layout.screen.unknown': 200,
  'layout.too.large': 200,
  'apikey.label.invalid': 200,
  'apikey.ip.invalid': 200,
  'apikey.ip.too.many': 200,
  'apikey.limit.reached': 200,
  'apikey.not.found': 200,
  'contract.reduce.only.rejected': 200,
  'contract.leverage.invalid': 200,
  'contract.position.too.large': 200,
  'contract.margin.mode.has.position': 200,
  'contract.margin.mode.has.orders': 200,
  'contract.margin.mode.unchanged': 200,
  'contract.no.isolated.position': 200,
  'contract.margin.remove.too.much': 200,
  'contract.leverage.margin.short': 200,
  'contract.position.not.found': 200,
  'contract.close.not.filled': 200,
  'contract.trigger.zero': 200,
  'contract.take.profit.invalid': 200,
  'contract.stop.loss.invalid': 200,
  'contract.trigger.immediate': 200,
};

/**
 * Counters of what the gateway did to protect itself, per app, since it started: WebSocket readers cut off for
 * falling MAX_BUFFERED behind, frames refused for exceeding the size limit, other protocol violations, and
 * connections closed because their session ended. Read them with gatewayCounters(app) (tests, an operator's
 * status view); they are never reset.
 */
export interface GatewayCounters {
  wsSlowDropped: number;
  wsOversizedFrames: number;
  wsProtocolErrors: number;
  wsSessionsEnded: number;
}

const counters = new WeakMap<FastifyInstance, GatewayCounters>();

/** The app's counters (created at first use, shared by every route of the app). */
export function gatewayCounters(app: FastifyInstance): GatewayCounters {
  let c = counters.get(app);
  if (c === undefined) {
    c = { wsSlowDropped: 0, wsOversizedFrames: 0, wsProtocolErrors: 0, wsSessionsEnded: 0 };
    counters.set(app, c);
  }
  return c;
}

/** A code's status: the catalogue's; for the areas' refusals (seconds, identity, security, ...) 200 (answers, like the others), or 429 for a throttle. */
export function httpStatus(code: ServerErrorCode): number {
  if ((AREA_ERROR_CODES as readonly string[]).includes(code)) return code.endsWith('.throttled') ? 429 : 200;
  return HTTP_STATUS[code as ErrorCode];
}
