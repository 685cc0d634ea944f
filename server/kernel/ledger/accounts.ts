// Ledger account identities. Every user has five wallets (spec: coin, contract, earn, seconds, fiat), each with an
// available and a frozen part; the exchange's own accounts are system accounts. Keys are strings so a desk can store
// them as they are and a journal line reads on its own.
import type { UserId } from '../money/nominal.ts';

export const WALLETS = ['coin', 'contract', 'earn', 'seconds', 'fiat'] as const;
export type Wallet = (typeof WALLETS)[number];
export type Part = 'available' | 'frozen';

/**
 * `external` is the outside world (chains, banks): a deposit credits a user and debits it, so it goes negative and
 * the sum over all accounts of an asset stays zero. `perp-clearing` pays and takes the profit and loss realized on
 * perpetual positions; it holds the open positions' net unrealized result (Σ over them of −side × entry cost,
 * the same at every price because longs and shorts are equal), so it goes negative when the open positions owe.
 * `perp-receivable` is what cross accounts owe for losses their cash could not pay but their open positions'
 * unrealized profit covers (Binance's negative cross wallet): always ≤ 0, minus the sum of those debts.
 */
export const SYSTEM_ACCOUNTS = ['fee-income', 'treasury', 'insurance', 'external', 'perp-clearing', 'perp-receivable', 'seconds-house'] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

declare const accountBrand: unique symbol;
export type AccountKey = string & { readonly [accountBrand]: 'AccountKey' };

export type AccountRef =
  | { readonly kind: 'user'; readonly user: UserId; readonly wallet: Wallet; readonly part: Part }
  | { readonly kind: 'system'; readonly name: SystemAccount };

export const userAccount = (user: UserId, wallet: Wallet, part: Part): AccountKey => `user:${user}:${wallet}:${part}` as AccountKey;
export const systemAccount = (name: SystemAccount): AccountKey => `system:${name}` as AccountKey;

export const EXTERNAL = systemAccount('external');
export const FEE_INCOME = systemAccount('fee-income');
export const INSURANCE = systemAccount('insurance');
export const PERP_CLEARING = systemAccount('perp-clearing');
/** Σ of cross accounts' debts (negative): a realized cross loss past the cash, carried by the account's unrealized profit. */
export const PERP_RECEIVABLE = systemAccount('perp-receivable');
/** The seconds contracts' counterparty: pays wins, receives losses; funded by operator credits, never below zero. */
export const SECONDS_HOUSE = systemAccount('seconds-house');

/**
 * May this account's balance be below zero? The outside world's, the perpetuals' clearing account, and the
 * insurance fund: it pays a loss past a user's collateral that no liquidation bounded (a maker's order filled past
 * bankruptcy in a gap, a funding payer with nothing left), and a fund in deficit is shown as such, in public,
 * rather than the loss being hidden; liquidations then go straight to auto-deleveraging.
 */
export const mayBeNegative = (key: AccountKey): boolean => key === EXTERNAL || key === PERP_CLEARING || key === INSURANCE || key === PERP_RECEIVABLE;

const USER_KEY = /^user:(\d+):(coin|contract|earn|seconds|fiat):(available|frozen)$/;
const SYSTEM_KEY = /^system:(fee-income|treasury|insurance|external|perp-clearing|perp-receivable|seconds-house)$/;

/** Reads a key back into its parts; undefined for a string that is not an account key. */
export function parseAccount(key: string): AccountRef | undefined {
  const u = USER_KEY.exec(key);
  if (u) return { kind: 'user', user: Number(u[1]) as UserId, wallet: u[2] as Wallet, part: u[3] as Part };
  const s = SYSTEM_KEY.exec(key);
  if (s) return { kind: 'system', name: s[1] as SystemAccount };
  return undefined;
}
