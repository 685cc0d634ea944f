// The deposit and withdrawal pages' pure parts: the coins in the order a user looks for them (the spec's self-deposit
// coins USDT, BTC, ETH first), a light address check per network before sending (an EVM address is 0x and 40 hex
// digits; a Bitcoin address is bech32, bc1/tb1/bcrt1, or an older base58 one; the server's check is the one that counts),
// the amount rules (a number, no finer than the network allows, at least the minimum, more than the fee, within the
// available balance), what arrives (amount − fee) and the most that can be sent, all exact in the ledger's minor
// units (8 decimals, bigint). Pure, so it runs in node too.
import type { DepositStatus, WalletAsset, WalletNetwork, WalletNetworkId, WithdrawalStatus } from '../../../contract.ts';
import { DECIMALS, minorText, toMinor } from '../asset-values.ts';

/** Spec §1, §9: the coins deposited automatically, in this order; other coins follow by name. */
export const SELF_DEPOSIT_COINS = ['USDT', 'BTC', 'ETH'] as const;

export function orderAssets(assets: readonly WalletAsset[]): WalletAsset[] {
  const rank = (a: WalletAsset) => {
    const i = (SELF_DEPOSIT_COINS as readonly string[]).indexOf(a.asset);
    return i >= 0 ? i : a.autoDeposit ? SELF_DEPOSIT_COINS.length : SELF_DEPOSIT_COINS.length + 1;
  };
  return [...assets].sort((a, b) => rank(a) - rank(b) || a.asset.localeCompare(b.asset));
}

const EVM = /^0x[0-9a-fA-F]{40}$/;
// bech32/bech32m: the human-readable part, "1", then the data characters (no 1, b, i, o), one case throughout.
const BECH32 = /^(bc|tb|bcrt)1[02-9ac-hj-np-z]{8,87}$/;
// Older base58 addresses (P2PKH, P2SH; 1/3 on mainnet, m/n/2 on test networks), which the server may still accept.
const BASE58 = /^[13mn2][1-9A-HJ-NP-Za-km-z]{25,34}$/;

/** True when the address looks right for the network; the server decides (checksums, the network's own prefix). */
export function looksLikeAddress(network: WalletNetworkId, address: string): boolean {
  const a = address.trim();
  if (network === 'ETH') return EVM.test(a);
  if (BASE58.test(a)) return true;
  return a === a.toLowerCase() ? BECH32.test(a) : a === a.toUpperCase() && BECH32.test(a.toLowerCase());
}

/** An example of the network's addresses, for the input's placeholder. */
export const ADDRESS_HINT: Readonly<Record<WalletNetworkId, string>> = { ETH: '0x…', BTC: 'bc1…' };

export type AmountRule =
  | { rule: 'required' }
  | { rule: 'format' }
  | { rule: 'precision'; decimals: number }
  | { rule: 'belowMin'; min: string }
  | { rule: 'notAboveFee'; fee: string }
  | { rule: 'insufficient' };

const NUMBER = /^\d+(?:\.\d*)?$|^\.\d+$/;

/** The amount typed, in minor units; null when it is not a plain positive-or-zero decimal of at most 8 places. */
export function amountUnits(text: string): bigint | null {
  const value = text.trim();
  if (!NUMBER.test(value)) return null;
  return toMinor(value.startsWith('.') ? `0${value}` : value.endsWith('.') ? value.slice(0, -1) : value);
}

const decimalsOf = (text: string): number => (text.trim().split('.')[1] ?? '').replace(/0+$/, '').length;

/** The first rule the amount breaks against the network's rules and the available balance (null: unknown yet). */
export function checkAmount(text: string, network: WalletNetwork, available: bigint | null): AmountRule | null {
  if (text.trim() === '') return { rule: 'required' };
  const units = amountUnits(text);
  if (decimalsOf(text) > Math.min(network.withdrawDecimals, DECIMALS) && NUMBER.test(text.trim())) return { rule: 'precision', decimals: network.withdrawDecimals };
  if (units === null || units <= 0n) return { rule: 'format' };
  const min = toMinor(network.withdrawMin) ?? 0n;
  const fee = toMinor(network.withdrawFee) ?? 0n;
  if (units < min) return { rule: 'belowMin', min: network.withdrawMin };
  if (units <= fee) return { rule: 'notAboveFee', fee: network.withdrawFee };
  if (available !== null && units > available) return { rule: 'insufficient' };
  return null;
}

/** What arrives for an amount: amount − fee, or null when the amount is not a number above the fee. */
export function receivedFor(text: string, fee: string): string | null {
  const units = amountUnits(text);
  const feeUnits = toMinor(fee);
  if (units === null || feeUnits === null || units <= feeUnits) return null;
  return minorText(units - feeUnits);
}

/** The most that can be withdrawn: the available balance cut to the network's decimals. */
export function maxAmount(available: bigint, decimals: number): string {
  const step = 10n ** BigInt(Math.max(0, DECIMALS - Math.min(decimals, DECIMALS)));
  return minorText(available - (available % step));
}

/** The amount as the server wants it: canonical decimal text. */
export const canonicalAmount = (text: string): string | null => {
  const units = amountUnits(text);
  return units === null ? null : minorText(units);
};

/** "0x12ab…89ef": the start and end of a long hash or address, for dense tables (the whole one is copyable). */
export function shorten(text: string, head = 8, tail = 6): string {
  return text.length <= head + tail + 1 ? text : `${text.slice(0, head)}…${text.slice(-tail)}`;
}

export const DEPOSIT_STATUS: Readonly<Record<DepositStatus, { labelId: string; tone: 'wait' | 'ok' | 'bad' }>> = {
  pending: { labelId: 'wallet.deposit.status.pending', tone: 'wait' },
  credited: { labelId: 'wallet.deposit.status.credited', tone: 'ok' },
  below_min: { labelId: 'wallet.deposit.status.belowMin', tone: 'bad' },
  orphaned: { labelId: 'wallet.deposit.status.orphaned', tone: 'bad' },
};

export const WITHDRAWAL_STATUS: Readonly<Record<WithdrawalStatus, { labelId: string; tone: 'wait' | 'ok' | 'bad' }>> = {
  applied: { labelId: 'wallet.withdrawal.status.applied', tone: 'wait' },
  approved: { labelId: 'wallet.withdrawal.status.approved', tone: 'wait' },
  broadcast: { labelId: 'wallet.withdrawal.status.broadcast', tone: 'wait' },
  confirmed: { labelId: 'wallet.withdrawal.status.confirmed', tone: 'ok' },
  rejected: { labelId: 'wallet.withdrawal.status.rejected', tone: 'bad' },
  cancelled: { labelId: 'wallet.withdrawal.status.cancelled', tone: 'bad' },
};

/** Records whose state the server may still move: the page keeps reading them while any is on screen. */
export const depositMoving = (status: DepositStatus): boolean => status === 'pending';
export const withdrawalMoving = (status: WithdrawalStatus): boolean => status === 'applied' || status === 'approved' || status === 'broadcast';
