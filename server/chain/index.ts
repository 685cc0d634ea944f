// Custody's public face for the rest of the server (issue 22; README.md beside this file): which networks and coins
// are deposited automatically, each user's deposit address, and the watchers that credit final deposits.
// startChain is called once by server/server.ts: it connects to the Ethereum node (or starts the embedded local
// chain when EVM_RPC_URL is unset), starts the EVM watcher and, with BTC_ESPLORA_URL set, the Bitcoin one.
import type { EIP1193Provider } from 'viem';
import type { Clock } from '../clock.ts';
import type { Store } from '../store/index.ts';
import { btcSource } from './btc-watcher.ts';
import type { ChainConfig } from './config.ts';
import { btcDeriver, ethDeriver, type Deriver } from './derive.ts';
import { evmClient, evmSource } from './evm-watcher.ts';
import { startLocalChain, type LocalChain } from './local-chain.ts';
import {
  ASSET_DEFAULTS,
  isValidAddress,
  networkName,
  type AssetRule,
  type ChainAsset,
  type NetworkId,
  type NetworkInfo,
} from './networks.ts';
import { Watcher, type CreditFn, type ErrorLog } from './watcher.ts';

export type { AssetRule, NetworkId, NetworkInfo } from './networks.ts';
export type { CreditFn, CreditRequest } from './watcher.ts';

/** What routes and the wallet service use at run time. */
export interface WalletChain {
  networks(): NetworkInfo[];
  /** One per (asset, network) with automatic deposits. */
  rules(): AssetRule[];
  isValidAddress(network: NetworkId, address: string): boolean;
  /** Assigned on first ask (store.chain), the same ever after. Throws when the network takes no deposits. */
  depositAddress(user: number, network: NetworkId): Promise<string>;
  /** For the QR code. */
  uri(network: NetworkId, address: string, asset: string): string;
}

export class ChainStartError extends Error {
  override name = 'ChainStartError';
}

export interface StartChainOptions {
  store: Store;
  clock: Clock;
  config: ChainConfig;
  /** The account keys deposit addresses come from: the operator's (config) or the generated wallet's (keys.ts). */
  xpubs: { eth: string; btc: string };
  /** The hot wallet: funded on the local chain, and read with the deposit addresses for the reserves. */
  hotAddress?: `0x${string}` | undefined;
  /** desks.spot.deposit */
  credit: CreditFn;
  log: ErrorLog;
  /** Progress lines (the local chain started, its URL). */
  info?: (line: string) => void;
  /** Tests: an EIP-1193 provider (Hardhat's in-process EDR) instead of EVM_RPC_URL and the local chain. */
  evmProvider?: EIP1193Provider;
  /** Tests: the USDT contract on that provider. */
  usdtContract?: `0x${string}`;
  /** How often the watchers read the on-chain reserves (default every 5 minutes; two calls per address). */
  reservesEveryMs?: number;
}

export interface RunningChain {
  chain: WalletChain;
  /** Where the Ethereum side runs, for the signer process: its RPC URL (null with a test provider), chain id, USDT contract. */
  evm: { rpcUrl: string | null; chainId: number; usdt: `0x${string}` | null; local: boolean };
  /** One poll of each watcher now (tests; the timers keep running). */
  pollNow(): Promise<void>;
  stop(): Promise<void>;
}

export async function startChain(o: StartChainOptions): Promise<RunningChain> {
  const { config, store, clock } = o;
  const info = o.info ?? (() => undefined);
  const eth = ethDeriver(o.xpubs.eth);
  const btcNet = config.btc.network;
  const btc = btcDeriver(o.xpubs.btc, btcNet);

  let local: LocalChain | null = null;
  let endpoint: string | EIP1193Provider;
  let usdt: `0x${string}` | null;
  if (o.evmProvider !== undefined) {
    endpoint = o.evmProvider;
    usdt = o.usdtContract ?? null;
  } else if (config.evm.rpcUrl !== undefined) {
    endpoint = config.evm.rpcUrl;
    usdt = config.evm.usdtContract ?? null;
  } else {
    local = await startLocalChain({ port: config.evm.localPort, blockMs: config.evm.localBlockMs, hotAddress: o.hotAddress, log: o.log });
    endpoint = local.rpcUrl;
    usdt = local.usdt;
    info(`local test chain (Hardhat) at ${local.rpcUrl}, chain ${local.chainId}, test USDT ${local.usdt}; deposit with: npm run dev-send -- --to ADDRESS --asset ETH --amount 1`);
  }
  const client = evmClient(endpoint);
  let chainId: number;
  try {
    chainId = await client.getChainId();
  } catch (error) {
    await local?.stop();
    throw new ChainStartError(`the Ethereum node at ${typeof endpoint === 'string' ? endpoint : 'the test provider'} does not answer: ${(error as Error).message.split('\n')[0]}`);
  }
  if (config.evm.chainId !== undefined && config.evm.chainId !== chainId && local === null) {
    throw new ChainStartError(`EVM_CHAIN_ID is ${config.evm.chainId} but the node at EVM_RPC_URL is on chain ${chainId}`);
  }

  const rules = assetRules(config, usdt);
  const ethRules = new Map(rules.filter((r) => r.network === 'ETH').map((r) => [r.asset as string, r]));
  const btcRules = new Map(rules.filter((r) => r.network === 'BTC').map((r) => [r.asset as string, r]));
  const btcEnabled = config.btc.esploraUrl !== undefined;

  const reservesMs = o.reservesEveryMs ?? 300_000;
  const every = (pollMs: number) => Math.max(1, Math.round(reservesMs / pollMs));
  const watchers: Watcher[] = [];
  const ethWatcher = new Watcher({
    store, clock, source: evmSource({ client, chainId, usdt }), rules: ethRules, confirmations: config.evm.confirmations,
    credit: o.credit, log: o.log, extraReserveAddresses: o.hotAddress === undefined ? [] : [o.hotAddress], reservesEvery: every(config.evm.pollMs),
  });
  watchers.push(ethWatcher);
  ethWatcher.start(config.evm.pollMs);
  if (btcEnabled) {
    const btcWatcher = new Watcher({
      store, clock, source: btcSource({ baseUrl: config.btc.esploraUrl!, network: btcNet }), rules: btcRules,
      confirmations: config.btc.confirmations, credit: o.credit, log: o.log, reservesEvery: every(config.btc.pollMs),
    });
    watchers.push(btcWatcher);
    btcWatcher.start(config.btc.pollMs);
  }

  const enabledRules = rules.filter((r) => r.network === 'ETH' || btcEnabled);
  const derivers: Record<NetworkId, Deriver> = { ETH: eth, BTC: btc };
  const infos: NetworkInfo[] = [
    { id: 'ETH', name: networkName('ETH', chainId, btcNet), chainId, confirmations: config.evm.confirmations, depositEnabled: true, withdrawEnabled: true },
    // Bitcoin withdrawals need a UTXO signer, which this release doesn't have: deposits only.
    { id: 'BTC', name: networkName('BTC', null, btcNet), chainId: null, confirmations: config.btc.confirmations, depositEnabled: btcEnabled, withdrawEnabled: false },
  ];

  const chain: WalletChain = Object.freeze({
    networks: () => infos.map((n) => ({ ...n })),
    rules: () => enabledRules.map((r) => ({ ...r })),
    isValidAddress: (network: NetworkId, address: string) => isValidAddress(network, address, btcNet),
    async depositAddress(user: number, network: NetworkId): Promise<string> {
      const info_ = infos.find((n) => n.id === network);
      if (info_ === undefined || !info_.depositEnabled) throw new Error(`deposits on ${network} are off`);
      return depositAddress(store, clock, user, network, derivers[network]);
    },
    uri: (network: NetworkId, address: string, asset: string) =>
      depositUri(network, address, chainId, enabledRules.find((r) => r.network === network && r.asset === asset)?.contract ?? null),
  });

  let stopped = false;
  return {
    chain,
    evm: { rpcUrl: local?.rpcUrl ?? (typeof endpoint === 'string' ? endpoint : null), chainId, usdt, local: local !== null },
    async pollNow() {
      for (const w of watchers) await w.poll();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await Promise.all(watchers.map((w) => w.stop()));
      await local?.stop();
    },
  };
}

/**
 * The user's deposit address on `network`: the stored one, or the next index's, assigned in one transaction (the
 * store's counter makes concurrent first asks of different users take different indexes).
 */
export async function depositAddress(store: Store, clock: Clock, user: number, network: NetworkId, deriver: Deriver): Promise<string> {
  const existing = await store.chain.addressOf(user, network);
  if (existing !== null) return existing.address;
  try {
    return (await store.transaction((r) => r.chain.assignAddress(user, network, (i) => deriver.address(i), clock()))).address;
  } catch (error) {
    // The same user's concurrent first ask won (unique on user and network): theirs is the address.
    const winner = await store.chain.addressOf(user, network);
    if (winner !== null) return winner.address;
    throw error;
  }
}

/** The rules of every automatically deposited coin, with the configured amounts; USDT only with a contract. */
export function assetRules(config: ChainConfig, usdt: `0x${string}` | null): AssetRule[] {
  const rule = (asset: ChainAsset, contract: `0x${string}` | null): AssetRule => ({ ...ASSET_DEFAULTS[asset], ...config.amounts[asset], contract });
  const out = [rule('ETH', null)];
  if (usdt !== null) out.push(rule('USDT', usdt));
  out.push(rule('BTC', null));
  return out;
}

/**
 * A payment URI for the QR code: BIP21 `bitcoin:<address>`; for Ethereum `ethereum:<address>@<chainId>` (EIP-681)
 * for ETH and USDT alike. The ERC-20 form (`ethereum:<token>/transfer?address=…`) is left out on purpose: a wallet
 * that reads only the first address would send to the token contract, where the coins are lost.
 */
export function depositUri(network: NetworkId, address: string, chainId: number, token: `0x${string}` | null = null): string {
  if (network === 'BTC') return `bitcoin:${address}`;
  // EIP-681: a token deposit is a call of the token's transfer to the address, so a wallet scanning it sends the
  // token, not ether.
  return token === null ? `ethereum:${address}@${chainId}` : `ethereum:${token}@${chainId}/transfer?address=${address}`;
}
