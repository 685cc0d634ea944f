// Desk and kernel refusal codes → catalogue keys. Every code the desks can answer has exactly one key here (a test
// walks DESK_CODES and the kernel's names), so a new desk code can't leak to users as an unmapped string. Codes a
// well-formed request through this API can't cause (the edge schema already refused it, or it is an internal
// invariant) map to request.invalid or system.error, so a slip shows up as a 400/500 in the logs, not as advice.
import type { ErrorCode } from '../../../contract/errors.ts';
import { DeskUnavailableError, type Reply } from '../../../desks/index.ts';
import { AppError, fail } from '../../../errors.ts';
import { formatDecimal, type Market } from '../../../kernel/index.ts';

export const REFUSALS: Readonly<Record<string, ErrorCode>> = {
  // desks (desks/codes.ts)
  'market.unknown': 'market.unknown',
  'market.not.open': 'currency.not.open',
  'market.maintenance': 'currency.maintenance',
  'order.client.id.invalid': 'request.invalid',
  'order.side.invalid': 'request.invalid',
  'order.tif.invalid': 'request.invalid',
  'order.type.invalid': 'request.invalid',
  'order.stp.invalid': 'request.invalid',
  'order.reference.invalid': 'market.price.unavailable',
  'order.price.out.of.band': 'order.price.out.of.band',
  'order.not.found': 'order.not.found',
  'user.invalid': 'system.error',
  'asset.invalid': 'request.invalid',
  'amount.invalid': 'number.not.positive',
  'wallet.invalid': 'request.invalid',
  'transfer.same.wallet': 'transfer.same.account',
  'transfer.client.id.invalid': 'request.invalid',
  'transfer.not.found': 'system.error',
  'memo.invalid': 'system.error',
  'funds.frozen.insufficient': 'funds.insufficient',
  'funds.locked.insufficient': 'funds.insufficient',
  'request.id.invalid': 'request.invalid',
  'action.invalid': 'request.invalid',
  'depth.levels.invalid': 'request.invalid',
  'page.invalid': 'page.size.invalid',
  'record.type.invalid': 'request.invalid',
  // the funding job's, never a user's
  'funding.already.settled': 'system.error',
  // the wallet's commands (desks/spot/wallet.ts): the wallet service checks ids and references before it asks
  'deposit.ref.invalid': 'system.error',
  'withdrawal.id.invalid': 'system.error',
  'withdrawal.not.held': 'system.error',
  // the earn desk's (desks/earn): its routes answer them with their own keys (routes/earn.ts, contract/earn.ts
  // EARN_CODES); no spot request reaches them
  'earn.product.not.found': 'system.error',
  'earn.product.closed': 'system.error',
  'earn.amount.below.min': 'system.error',
  'earn.amount.above.max': 'system.error',
  'earn.sold.out': 'system.error',
  'earn.treasury.insufficient': 'system.error',
  'earn.order.not.found': 'system.error',
  'earn.order.ended': 'system.error',
  'earn.mining.locked': 'system.error',
  'earn.product.invalid': 'system.error',
  // quantitative bots (desks/spot/bots.ts): a bot's order is the bot's to cancel; the rest answer only /app/quant
  // (routes/quant.ts, contract/quant.ts QUANT_CODES), which no spot request reaches
  'quant.order.bot.owned': 'order.bot.owned',
  'quant.kind.invalid': 'system.error',
  'quant.investment.invalid': 'system.error',
  'quant.investment.below.min': 'system.error',
  'quant.bot.not.found': 'system.error',
  'quant.bot.ended': 'system.error',
  'quant.bots.too.many': 'system.error',
  'quant.duration.invalid': 'system.error',
  'quant.take.profit.invalid': 'system.error',
  'quant.stop.loss.invalid': 'system.error',
  'quant.market.no.price': 'system.error',
  'quant.fund.password.required': 'system.error',
  'quant.backtest.no.history': 'system.error',
  'quant.grid.range.invalid': 'system.error',
  'quant.grid.count.invalid': 'system.error',
  'quant.grid.off.tick': 'system.error',
  'quant.grid.too.many': 'system.error',
  'quant.grid.mode.invalid': 'system.error',
  'quant.grid.price.outside': 'system.error',
  'quant.grid.investment.too.small': 'system.error',
  // kernel (kernel/codes.ts), rules and book
  'order.price.invalid': 'order.price.invalid',
  'order.qty.invalid': 'order.qty.invalid',
  'order.qty.below.min': 'order.qty.below.min',
  'order.qty.above.max': 'order.qty.above.max',
  'order.notional.below.min': 'order.notional.below.min',
  'order.notional.above.max': 'order.notional.above.max',
  'order.bound.invalid': 'market.price.unavailable',
  'order.quote.invalid': 'order.total.invalid',
  'order.fee.rate.invalid': 'system.error',
  'order.post.only.needs.gtc': 'order.post.only.needs.gtc',
  'order.id.invalid': 'system.error',
  'order.post.only.would.take': 'order.post.only.would.take',
  'order.fok.not.fillable': 'order.fok.not.fillable',
  'order.duplicate.id': 'system.error',
  'order.replace.unchanged': 'request.invalid',
  'order.stop.would.trigger': 'order.stop.would.trigger',
  'order.stop.required': 'order.stop.required',
  'order.trailing.invalid': 'order.trailing.invalid',
  'order.oco.prices.invalid': 'order.oco.prices.invalid',
  'order.stop.no.price': 'order.stop.no.price',
  'order.stop.quote': 'order.stop.quote',
  // kernel, funds and decimals
  'funds.insufficient': 'funds.insufficient',
  'ledger.unbalanced': 'system.error',
  'ledger.negative': 'system.error',
  // kernel, perpetuals (the contract routes, gateway/routes/contract; no spot request reaches them)
  'perp.reduce.only.rejected': 'contract.reduce.only.rejected',
  'perp.leverage.invalid': 'contract.leverage.invalid',
  'perp.notional.above.leverage': 'contract.position.too.large',
  'perp.margin.mode.position': 'contract.margin.mode.has.position',
  'perp.margin.mode.orders': 'contract.margin.mode.has.orders',
  'perp.margin.mode.unchanged': 'contract.margin.mode.unchanged',
  'perp.margin.no.isolated.position': 'contract.no.isolated.position',
  'perp.margin.remove.too.much': 'contract.margin.remove.too.much',
  'perp.leverage.margin.short': 'contract.leverage.margin.short',
  'perp.order.would.trigger': 'system.error',
  'perp.trigger.invalid': 'system.error',
  'decimal.format': 'number.format',
  'decimal.too.precise': 'number.too.precise',
  'decimal.negative': 'number.not.positive',
  'decimal.too.large': 'number.too.large',
  'decimal.price.off.tick': 'order.price.off.tick',
  'decimal.qty.off.lot': 'order.qty.off.lot',
};

const text = (minor: bigint) => formatDecimal(minor, 8, true);

/** The market's limit a refusal is about, for the message's placeholders. */
function details(key: ErrorCode, m: Market | undefined): Record<string, string> | undefined {
  if (m === undefined) return undefined;
  switch (key) {
    case 'order.price.off.tick': return { step: text(m.tickSize) };
    case 'order.qty.off.lot': return { step: text(m.lotSize) };
    case 'order.qty.below.min': return { min: text(BigInt(m.minQty) * m.lotSize) };
    case 'order.qty.above.max': return { max: text(BigInt(m.maxQty) * m.lotSize) };
    case 'order.notional.below.min': return { min: text(m.minNotional), asset: m.quote };
    case 'order.notional.above.max': return { max: text(m.maxNotional), asset: m.quote };
    default: return undefined;
  }
}

/** Throws the catalogue error for a desk refusal (unknown codes are server faults, never shown raw). */
export function refused(code: string, market?: Market): never {
  const key = REFUSALS[code];
  if (key === undefined) throw new Error(`unmapped desk code ${code}`);
  fail(key, details(key, market));
}

/** A desk call's value, or its refusal as a catalogue error; a stopped desk answers service.unavailable. */
export async function desk<T>(call: Promise<Reply<T>>, market?: Market): Promise<T> {
  let reply: Reply<T>;
  try {
    reply = await call;
  } catch (error) {
    if (error instanceof DeskUnavailableError) throw new AppError('service.unavailable');
    throw error;
  }
  if (!reply.ok) refused(reply.code, market);
  return reply.value;
}
