// Balances per wallet and asset from the `balances` topic (and any REST load); the newer `time` wins.
import type { BalanceUpdate, Wallet } from '../contract.ts';

export type Balances = ReadonlyMap<string, BalanceUpdate>;

export const noBalances: Balances = new Map();

export const balanceKey = (wallet: Wallet, asset: string): string => `${wallet}:${asset}`;

export function mergeBalances(balances: Balances, updates: readonly BalanceUpdate[]): Balances {
  let next: Map<string, BalanceUpdate> | null = null;
  for (const b of updates) {
    const key = balanceKey(b.wallet, b.asset);
    const held = (next ?? balances).get(key);
    if (held && held.time > b.time) continue;
    next ??= new Map(balances);
    next.set(key, b);
  }
  return next ?? balances;
}

export const balanceList = (balances: Balances): BalanceUpdate[] =>
  [...balances.values()].sort((a, b) => a.wallet.localeCompare(b.wallet) || a.asset.localeCompare(b.asset));
