// The perp desk's answers as the contract API's: refusals through the one REFUSALS map (spot/codes.ts), with the
// placeholders the contract messages name; a stopped desk answers service.unavailable, as the spot routes do.
import type { ErrorCode } from '../../../contract/errors.ts';
import { DeskUnavailableError, type Reply } from '../../../desks/index.ts';
import { AppError, fail } from '../../../errors.ts';
import type { PerpMarket } from '../../../kernel/index.ts';
import { REFUSALS, refused } from '../spot/codes.ts';

/** A desk read that throws when the desk is stopped: service.unavailable. */
export async function live<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof DeskUnavailableError) throw new AppError('service.unavailable');
    throw error;
  }
}

/**
 * Conditional orders' refusals, which the app API tells the user (the Binance routes, and spot's map, answer them as
 * their own): a trigger the watched price has already passed, a trigger of 0.
 */
const CONTRACT_REFUSALS: Readonly<Record<string, ErrorCode>> = {
  'perp.order.would.trigger': 'contract.trigger.immediate',
  'perp.trigger.invalid': 'contract.trigger.zero',
};

/** A perp desk command's value, or its refusal as a catalogue error naming the market's limits. */
export async function perpDesk<T>(call: Promise<Reply<T>>, pm?: PerpMarket): Promise<T> {
  const reply = await live(call);
  if (reply.ok) return reply.value;
  const own = CONTRACT_REFUSALS[reply.code];
  if (own !== undefined) fail(own);
  if (REFUSALS[reply.code] === 'contract.leverage.invalid' && pm !== undefined) fail('contract.leverage.invalid', { max: pm.brackets[0]!.maxLeverage });
  return refused(reply.code, pm?.market);
}
