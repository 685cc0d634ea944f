// The wallet's rows as the /app contract shows them (contract/wallet.ts): amounts as decimal text, a row still
// `applying` (its hold is being asked for, a matter of moments) shown as applied.
import type { AddressBookEntry, DepositItem, WalletAsset, WalletNetwork, WithdrawalItem, WithdrawalStatus } from '../contract/wallet.ts';
import { DECIMALS, formatDecimal } from '../kernel/index.ts';
import type { AddressBookRow, WithdrawalRow } from '../store/wallet.ts';
import { COINS } from './coins.ts';
import type { AssetRule, DepositRow, NetworkInfo, WalletChain } from './ports.ts';
import { WHITELIST_COOLING_MS } from './rules.ts';

export const dec = (v: bigint): string => formatDecimal(v, DECIMALS, true);

export const shownStatus = (w: WithdrawalRow): WithdrawalStatus => (w.status === 'applying' ? 'applied' : w.status);

export function withdrawalItem(w: WithdrawalRow): WithdrawalItem {
  return {
    id: w.id, asset: w.asset, network: w.network === 'BTC' ? 'BTC' : 'ETH', address: w.address, amount: dec(w.amount), fee: dec(w.fee),
    received: dec(w.amount - w.fee), status: shownStatus(w), reason: w.reason, txHash: w.txHash, confirmations: w.confirmations,
    time: w.createdAt, updatedAt: w.updatedAt,
  };
}

export function bookEntry(e: AddressBookRow): AddressBookEntry {
  return {
    id: e.id, asset: e.asset, network: e.network === 'BTC' ? 'BTC' : 'ETH', address: e.address, label: e.label, createdAt: e.createdAt,
    usableAt: e.createdAt + WHITELIST_COOLING_MS,
  };
}

export function depositItem(d: DepositRow): DepositItem {
  return {
    id: d.id, asset: d.asset, network: d.network, amount: dec(d.amount), address: d.address, txHash: d.txHash, index: d.index,
    confirmations: d.confirmations, required: d.required, status: d.status, time: d.createdAt, creditedAt: d.creditedAt,
  };
}

export function networkView(rule: AssetRule, info: NetworkInfo): WalletNetwork {
  return {
    network: info.id, name: info.name, chainId: info.chainId, confirmations: info.confirmations, depositEnabled: info.depositEnabled,
    withdrawEnabled: info.withdrawEnabled, minDeposit: dec(rule.minDeposit), withdrawFee: dec(rule.withdrawFee), withdrawMin: dec(rule.withdrawMin),
    withdrawDecimals: rule.withdrawDecimals, contract: rule.contract,
  };
}

/** The rule and network of (asset, network) when the chain handles it, else null. */
export function ruleOf(chain: WalletChain | undefined, asset: string, network: string): { rule: AssetRule; info: NetworkInfo } | null {
  if (chain === undefined) return null;
  const rule = chain.rules().find((r) => r.asset === asset && r.network === network);
  const info = chain.networks().find((n) => n.id === network);
  return rule === undefined || info === undefined ? null : { rule, info };
}

/** Every coin (the markets' and any the chain handles), whether it is deposited automatically, with its networks. */
export function walletAssets(coins: readonly string[], chain: WalletChain | undefined): WalletAsset[] {
  const rules = chain?.rules() ?? [];
  const infos = new Map((chain?.networks() ?? []).map((n) => [n.id, n]));
  const all = [...new Set([...coins, ...rules.map((r) => r.asset)])].sort();
  return all.map((asset) => {
    const networks = rules.flatMap((r) => {
      const info = r.asset === asset ? infos.get(r.network) : undefined;
      return info === undefined ? [] : [networkView(r, info)];
    });
    return { asset, name: COINS[asset]?.name ?? asset, autoDeposit: networks.some((n) => n.depositEnabled), networks };
  });
}
