// What the desks answer when they refuse something, beyond the kernel's codes (which they pass on by their dotted
// names, e.g. funds.insufficient, order.qty.below.min). The gateway maps every one to a message.
import { EARN_CODES } from '../contract/earn.ts';
import { QUANT_CODES } from '../contract/quant.ts';
import { QUANT_GRID_CODES } from '../contract/quant-grid.ts';
import { codeName, type ResultCode } from '../kernel/index.ts';

export const DESK_CODES = [
  'market.unknown',
  'market.not.open',
  'market.maintenance',
  'order.client.id.invalid',
  'order.side.invalid',
  'order.tif.invalid',
  'order.type.invalid',
  'order.stp.invalid',
  'order.reference.invalid',
  'order.price.out.of.band',
  'order.not.found',
  'user.invalid',
  'asset.invalid',
  'amount.invalid',
  'wallet.invalid',
  'transfer.same.wallet',
  'transfer.client.id.invalid',
  'transfer.not.found',
  'memo.invalid',
  'funds.frozen.insufficient',
  'funds.locked.insufficient',
  'request.id.invalid',
  'action.invalid',
  'depth.levels.invalid',
  'page.invalid',
  'record.type.invalid',
  'funding.already.settled',
  // issue 22: the wallet commands (spot/wallet.ts)
  'deposit.ref.invalid',
  'withdrawal.id.invalid',
  'withdrawal.not.held',
  // issue 23: the earn desk (earn/desk.ts)
  ...EARN_CODES,
  ...QUANT_CODES,
  ...QUANT_GRID_CODES,
] as const;

export type DeskCode = (typeof DESK_CODES)[number];

/** A refusal: `code` is a DeskCode or a kernel code's dotted name (kernel/codes.ts). */
export type Reply<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly code: string };

export const accept = <T>(value: T): Reply<T> => ({ ok: true, value });
export const refuse = <T>(code: DeskCode): Reply<T> => ({ ok: false, code });
export const refuseKernel = <T>(code: ResultCode): Reply<T> => ({ ok: false, code: codeName(code) });

/**
 * Thrown (not answered) when a desk can't take commands at all: `desk.stopped` after a failed commit (its memory
 * may be ahead of the store, so only a restart, which rebuilds from the store, may continue) or `desk.closed`.
 */
/**
 * `desk.unreachable`: a clustered gateway had no answer from the desk's process in time (it may be taking over): the
 * command may or may not have been applied, so the client retries with the same client id, which applies it once.
 */
export type DeskUnavailableCode = 'desk.stopped' | 'desk.closed' | 'desk.unreachable';

export class DeskUnavailableError extends Error {
  override name = 'DeskUnavailableError';
  readonly code: DeskUnavailableCode;
  constructor(code: DeskUnavailableCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
