// The message shown for each rule a form or the server can report, in every language (STYLE habit 9).
import type { I18n } from '@lingui/core';
import { PASSWORD_MAX, PASSWORD_MIN } from '../contract.ts';
import type { FieldError, RuleKey } from '../pages/auth/rules.ts';

export const RULE_MESSAGES: Readonly<Record<RuleKey, { id: string }>> = {
  'system.error': { id: 'rule.system.error' },
  'request.invalid': { id: 'rule.request.invalid' },
  'request.not.found': { id: 'rule.request.notFound' },
  'rate.limited': { id: 'rule.rate.limited' },
  'login.user.not.login': { id: 'rule.login.notLoggedIn' },
  'login.session.expired': { id: 'rule.login.sessionExpired' },
  'login.failed': { id: 'rule.login.failed' },
  'account.frozen': { id: 'rule.account.frozen' },
  'account.not.found': { id: 'rule.account.notFound' },
  'account.already.registered': { id: 'rule.account.alreadyRegistered' },
  'register.agreement.required': { id: 'rule.agreement.required' },
  'register.invite.invalid': { id: 'rule.invite.invalid' },
  'bind.account.taken': { id: 'rule.bind.taken' },
  'validate.required': { id: 'rule.required' },
  'validate.email.format': { id: 'rule.email.format' },
  'validate.phone.format': { id: 'rule.phone.format' },
  'validate.password.format': { id: 'rule.password.format' },
  'validate.page.invalid': { id: 'rule.page.invalid' },
  'verify.code.error': { id: 'rule.code.error' },
  'verify.code.expired': { id: 'rule.code.expired' },
  'verify.code.attempts': { id: 'rule.code.attempts' },
  'verify.code.resend.wait': { id: 'rule.code.resendWait' },
  'config.key.unknown': { id: 'rule.config.unknown' },
  'service.unavailable': { id: 'rule.service.unavailable' },
  'account.not.authenticated': { id: 'rule.account.notAuthenticated' },
  'market.unknown': { id: 'rule.market.unknown' },
  'currency.not.open': { id: 'rule.currency.notOpen' },
  'currency.maintenance': { id: 'rule.currency.maintenance' },
  'market.price.unavailable': { id: 'rule.market.priceUnavailable' },
  'number.format': { id: 'rule.number.format' },
  'number.not.positive': { id: 'rule.number.notPositive' },
  'number.too.precise': { id: 'rule.number.tooPrecise' },
  'number.too.large': { id: 'rule.number.tooLarge' },
  'order.price.invalid': { id: 'rule.order.priceInvalid' },
  'order.qty.invalid': { id: 'rule.order.qtyInvalid' },
  'order.total.invalid': { id: 'rule.order.totalInvalid' },
  'order.price.off.tick': { id: 'rule.order.priceOffTick' },
  'order.qty.off.lot': { id: 'rule.order.qtyOffLot' },
  'order.qty.below.min': { id: 'rule.order.qtyBelowMin' },
  'order.qty.above.max': { id: 'rule.order.qtyAboveMax' },
  'order.notional.below.min': { id: 'rule.order.notionalBelowMin' },
  'order.notional.above.max': { id: 'rule.order.notionalAboveMax' },
  'order.price.out.of.band': { id: 'rule.order.priceOutOfBand' },
  'order.post.only.needs.gtc': { id: 'rule.order.postOnlyNeedsGtc' },
  'order.post.only.would.take': { id: 'rule.order.postOnlyWouldTake' },
  'order.fok.not.fillable': { id: 'rule.order.fokNotFillable' },
  'order.not.found': { id: 'rule.order.notFound' },
  'funds.insufficient': { id: 'rule.funds.insufficient' },
  'transfer.same.account': { id: 'rule.transfer.sameAccount' },
  'page.size.invalid': { id: 'rule.page.sizeInvalid' },
  'layout.screen.unknown': { id: 'rule.layout.screenUnknown' },
  'layout.too.large': { id: 'rule.layout.tooLarge' },
  'apikey.label.invalid': { id: 'rule.apikey.labelInvalid' },
  'apikey.ip.invalid': { id: 'rule.apikey.ipInvalid' },
  'apikey.ip.too.many': { id: 'rule.apikey.ipTooMany' },
  'apikey.limit.reached': { id: 'rule.apikey.limitReached' },
  'apikey.not.found': { id: 'rule.apikey.notFound' },
  'password.mismatch': { id: 'rule.password.mismatch' },
  'agreement.required': { id: 'rule.agreement.required' },
};

/** The text of a field error in the active language: a rule's message, or the server's own (already translated). */
export function fieldErrorText(i18n: I18n, error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  if ('message' in error) return error.message || i18n._('error.generic');
  return i18n._(RULE_MESSAGES[error.rule].id, { min: PASSWORD_MIN, max: PASSWORD_MAX });
}