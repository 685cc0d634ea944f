// Deposits as the user asks about them (the /app routes and Binance's /sapi): the address of a coin on a network,
// and the deposits the chain's watchers recorded. Automatic deposits are for USDT, BTC and ETH (the spec); any other
// coin of the exchange answers wallet.deposit.manual (its page says to contact customer service), a coin the
// exchange doesn't have wallet.asset.unknown, and a network the chain doesn't watch for that coin (or no chain at
// all: the server runs without custody) wallet.network.unknown.
import type { DepositAddress } from '../contract/wallet.ts';
import { fail } from '../errors.ts';
import { AUTO_DEPOSIT_COINS } from './coins.ts';
import type { AssetRule, DepositRow, DepositState, NetworkInfo } from './ports.ts';
import { dec } from './views.ts';
import type { Wallet } from './wiring.ts';

/** The coins of the exchange: every spot market's base and quote, and any the chain handles. */
export async function walletCoins(w: Pick<Wallet, 'store' | 'chain'>): Promise<string[]> {
  const set = new Set((await w.store.markets.configs()).flatMap((m) => [m.base, m.quote]));
  for (const r of w.chain?.rules() ?? []) set.add(r.asset);
  return [...set].sort();
}

/** The (rule, network) a deposit of `asset` on `network` (default: the coin's first network) goes through. */
export async function depositRoute(w: Wallet, asset: string, network: string | undefined): Promise<{ rule: AssetRule; info: NetworkInfo }> {
  if (!(await walletCoins(w)).includes(asset)) fail('wallet.asset.unknown');
  if (!AUTO_DEPOSIT_COINS.includes(asset)) fail('wallet.deposit.manual');
  const chain = w.chain;
  if (chain === undefined) fail('wallet.network.unknown');
  const rule = chain.rules().find((r) => r.asset === asset && (network === undefined || r.network === network));
  const info = rule === undefined ? undefined : chain.networks().find((n) => n.id === rule.network);
  if (rule === undefined || info === undefined || !info.depositEnabled) fail('wallet.network.unknown');
  return { rule, info };
}

export async function depositAddress(w: Wallet, user: number, asset: string, network: string | undefined): Promise<DepositAddress> {
  const { rule, info } = await depositRoute(w, asset, network);
  const address = await w.chain!.depositAddress(user, rule.network);
  return {
    asset, network: rule.network, networkName: info.name, address, uri: w.chain!.uri(rule.network, address, asset), minDeposit: dec(rule.minDeposit),
    confirmations: info.confirmations,
  };
}

/** A page of the user's deposits, newest first. */
export async function depositPage(
  w: Wallet,
  q: { user: number; asset?: string | undefined; status?: DepositState | undefined; pageIndex: number; pageSize: number },
): Promise<{ list: DepositRow[]; total: number }> {
  return w.deposits.deposits({
    user: q.user, pageIndex: q.pageIndex, pageSize: q.pageSize, ...(q.asset === undefined ? {} : { asset: q.asset }), ...(q.status === undefined ? {} : { status: q.status }),
  });
}
