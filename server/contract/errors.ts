// One error catalogue for every reply of the app API. `code` in the envelope is `success` or one of these keys;
// the message for each key lives in locales/<locale>/server.po (msgid = the key), in all nine languages.
import { IDENTITY_ERROR_CODES, type IdentityErrorCode } from './identity.ts';
import { INVITE_ERROR_CODES, type InviteErrorCode } from './invite.ts';
import { SECONDS_ERROR_CODES, type SecondsErrorCode } from './seconds.ts';
import { SECURITY_ERROR_CODES, type SecurityErrorCode } from './security.ts';
import { TWO_FACTOR_ERROR_CODES, type TwoFactorErrorCode } from './twofactor.ts';
import { WALLET_ERROR_CODES, type WalletErrorCode } from './wallet.ts';
import { RESERVES_ERROR_CODES, type ReservesErrorCode } from './reserves.ts';
import { EARN_CODES, type EarnCode } from './earn.ts';
import { QUANT_CODES, type QuantCode } from './quant.ts';
import { QUANT_GRID_CODES, type QuantGridCode } from './quant-grid.ts';
import { CONTENT_CODES, FEEDBACK_CODES, type ContentCode, type FeedbackCode } from './content.ts';

export const SUCCESS = 'success' as const;

/** Refusals of the API-key routes (/app/apiKeys/*); data carries `max` where a limit is named. */
export const API_KEY_ERROR_CODES = [
  'apikey.label.invalid',
  'apikey.ip.invalid',
  'apikey.ip.too.many',
  'apikey.limit.reached',
  'apikey.not.found',
] as const;
export type ApiKeyErrorCode = (typeof API_KEY_ERROR_CODES)[number];

/** Refusals of the perpetual contract routes (/app/contract/*): the perp desk's position, leverage and margin rules. */
export const CONTRACT_ERROR_CODES = [
  /** A reduce-only order with no position to reduce, on the position's own side, or larger than the position. */
  'contract.reduce.only.rejected',
  /** data.max: the market's highest leverage. */
  'contract.leverage.invalid',
  /** The position (with the pending orders) could grow past what the leverage allows (brackets). */
  'contract.position.too.large',
  'contract.margin.mode.has.position',
  'contract.margin.mode.has.orders',
  'contract.margin.mode.unchanged',
  'contract.no.isolated.position',
  'contract.margin.remove.too.much',
  /** A higher margin the new leverage needs is more than the available balance (or an isolated position's margin). */
  'contract.leverage.margin.short',
  /** closePosition on a market without a position. */
  'contract.position.not.found',
  /** A close found nothing to trade against within the price band: the position is unchanged. */
  'contract.close.not.filled',
  /** setTpSl: a take-profit or stop-loss price of 0. */
  'contract.trigger.zero',
  /** setTpSl: a long's take-profit not above the latest (mark) price, or a short's not below it. */
  'contract.take.profit.invalid',
  /** setTpSl: a long's stop-loss not below the latest (mark) price, or a short's not above it. */
  'contract.stop.loss.invalid',
  /** placeConditional: the watched price (mark or last) has already reached the trigger; the order would fire at once. */
  'contract.trigger.immediate',
] as const;
export type ContractErrorCode = (typeof CONTRACT_ERROR_CODES)[number];

export const ERROR_CODES = [
  // request and system
  'system.error',
  'request.invalid',
  'request.not.found',
  'rate.limited',
  // session
  'login.user.not.login',
  'login.session.expired',
  'login.failed',
  /** Too many failed sign-ins from this address (for this account or any): data.retryAfter seconds to wait. */
  'login.throttled',
  /** Many failed sign-ins on this account: from an address it was not used from lately, a code is needed too. */
  'login.code.required',
  // account state
  'account.frozen',
  'account.not.found',
  'account.already.registered',
  'register.agreement.required',
  'register.invite.invalid',
  'bind.account.taken',
  // field rules (spec §5)
  'validate.required',
  'validate.email.format',
  'validate.phone.format',
  'validate.password.format',
  'validate.page.invalid',
  // verification codes
  'verify.code.error',
  'verify.code.expired',
  'verify.code.attempts',
  'verify.code.resend.wait',
  // system configuration
  'config.key.unknown',
  // trading and wallets: what the desks refuse, one key per refusal the user can act on (gateway/routes/spot)
  'service.unavailable',
  'account.not.authenticated',
  'market.unknown',
  'currency.not.open',
  'currency.maintenance',
  'market.price.unavailable',
  'number.format',
  'number.not.positive',
  'number.too.precise',
  'number.too.large',
  'order.price.invalid',
  'order.qty.invalid',
  'order.total.invalid',
  'order.price.off.tick',
  'order.qty.off.lot',
  'order.qty.below.min',
  'order.qty.above.max',
  'order.notional.below.min',
  'order.notional.above.max',
  'order.price.out.of.band',
  'order.post.only.needs.gtc',
  'order.post.only.would.take',
  'order.stop.would.trigger',
  'order.stop.required',
  'order.trailing.invalid',
  'order.oco.prices.invalid',
  'order.stop.no.price',
  'order.stop.quote',
  'order.fok.not.fillable',
  'order.not.found',
  /** A quantitative bot's order: only stopping the bot cancels it (desks/spot/bots.ts). */
  'order.bot.owned',
  'funds.insufficient',
  'transfer.same.account',
  'page.size.invalid',
  // saved layouts (/app/layouts/*)
  'layout.screen.unknown',
  'layout.too.large',
  ...API_KEY_ERROR_CODES,
  ...CONTRACT_ERROR_CODES,
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
/** Every code a reply may carry: the catalogue's, and the seconds routes' (contract/seconds.ts SECONDS_ERROR_CODES, kept apart so the web's rule table need not list them). */
export type ServerErrorCode = ErrorCode | AreaErrorCode;
/** The codes kept in their areas' contract files (seconds, identity, security, two-factor, invitations, wallet, reserves, wealth and mining, quant, content and feedback): each answers 200, or 429 when it ends in `.throttled`. */
export type AreaErrorCode = SecondsErrorCode | IdentityErrorCode | SecurityErrorCode | TwoFactorErrorCode | InviteErrorCode | WalletErrorCode | ReservesErrorCode | EarnCode | QuantCode | QuantGridCode | ContentCode | FeedbackCode;
export const AREA_ERROR_CODES: readonly AreaErrorCode[] = [
  ...SECONDS_ERROR_CODES,
  ...IDENTITY_ERROR_CODES,
  ...SECURITY_ERROR_CODES,
  ...TWO_FACTOR_ERROR_CODES,
  ...INVITE_ERROR_CODES,
  ...WALLET_ERROR_CODES,
  ...RESERVES_ERROR_CODES,
  ...EARN_CODES,
  ...QUANT_CODES,
  ...QUANT_GRID_CODES,
  ...CONTENT_CODES,
  ...FEEDBACK_CODES,
];
export type ReplyCode = typeof SUCCESS | ServerErrorCode;

export function isErrorCode(value: string): value is ErrorCode {
  return (ERROR_CODES as readonly string[]).includes(value);
}

/** Codes the web app handles itself instead of showing the generic error notice. */
export const SESSION_EXPIRED_CODES: readonly ErrorCode[] = ['login.session.expired'];
export const NOT_LOGGED_IN_CODE: ErrorCode = 'login.user.not.login';
