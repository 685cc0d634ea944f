// Ledger account identities. Every user has five wallets (spec: coin, contract, earn, seconds, fiat), each with an
// available and a frozen part; the exchange's own accounts are system accounts. Keys are strings so a desk can store
// them as they are and a journal line reads on its own.
import type { UserId } from '../money/nominal.ts';

export const WALLETS = ['coin', 'contract', 'earn', 'seconds', 'fiat'] as const;
export type Wallet = (typeof WALLETS)[number];
export type Part = 'available' | 'frozen';

/**
 * `external` is the outside world (chains, banks): a deposit credits a user and debits it, so it is the one
 * account that goes negative and the sum over all accounts of an asset stays zero.
 */
export const SYSTEM_ACCOUNTS = ['fee-income', 'treasury', 'insurance', 'external'] as const;
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

/** May this account's balance be below zero? Only the outside world's. */
export const mayBeNegative = (key: AccountKey): boolean => key === EXTERNAL;

const USER_KEY = /^user:(\d+):(coin|contract|earn|seconds|fiat):(available|frozen)$/;
const SYSTEM_KEY = /^system:(fee-income|treasury|insurance|external)$/;

/** Reads a key back into its parts; undefined for a string that is not an account key. */
export function parseAccount(key: string): AccountRef | undefined {
  const u = USER_KEY.exec(key);
  if (u) return { kind: 'user', user: Number(u[1]) as UserId, wallet: u[2] as Wallet, part: u[3] as Part };
  const s = SYSTEM_KEY.exec(key);
  if (s) return { kind: 'system', name: s[1] as SystemAccount };
  return undefined;
}
