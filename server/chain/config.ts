// The chain settings, read from the environment once at start-up and checked, so a typo fails loudly with the
// variable's name and what it expects. Every variable (all optional; README.md "Configuration" has the same list):
//
//   EVM_RPC_URL         JSON-RPC endpoint (http/https/ws/wss) of an Ethereum node. Unset: the embedded mode starts a
//                       local test chain (local-chain.ts) and uses it.
//   EVM_CHAIN_ID        the chain id the node must report (checked at start); unset: whatever it reports.
//   EVM_CONFIRMATIONS   blocks on top of a deposit's (its own included) before it is credited; default 12.
//   USDT_CONTRACT       the USDT ERC-20 contract on that chain. Unset with EVM_RPC_URL set: no USDT deposits.
//                       (The local chain deploys its own test USDT.)
//   EVM_POLL_MS         how often the EVM watcher looks for new blocks; default 3000.
//   LOCAL_CHAIN_PORT    the embedded local chain's port on 127.0.0.1; default 8545 (0: any free port).
//   LOCAL_CHAIN_BLOCK_MS  the local chain mines a block per transaction and one more every this many ms; default
//                       1000 (12 confirmations in about 12 s).
//   BTC_ESPLORA_URL     an Esplora-compatible HTTP API (…/api). Unset: no Bitcoin deposits.
//   BTC_NETWORK         mainnet | testnet | regtest; default testnet.
//   BTC_CONFIRMATIONS   default 12.
//   BTC_POLL_MS         default 30000.
//   WALLET_ETH_XPUB     the operator's Ethereum account xpub (m/44'/60'/0'); deposit addresses are its 0/i.
//   WALLET_BTC_XPUB     the operator's Bitcoin BIP84 account key (m/84'/0'/0', or 1' on test networks): xpub, zpub,
//                       vpub or tpub. Both unset: the first start's generated wallet is used (server/chain/keys.ts).
//   (WALLET_HOT_ADDRESS, the hot wallet's address, is read with the two keys by keys.ts operatorKeysFromEnv.)
//   ETH_MIN_DEPOSIT, USDT_MIN_DEPOSIT, BTC_MIN_DEPOSIT          default 0.001 each (spec)
//   ETH_WITHDRAW_FEE, USDT_WITHDRAW_FEE, BTC_WITHDRAW_FEE       default 0.001, 1, 0.0002
//   ETH_WITHDRAW_MIN, USDT_WITHDRAW_MIN, BTC_WITHDRAW_MIN       default 0.01, 10, 0.001
import { getAddress } from 'viem';
import { parseAccountKey, XpubError } from './derive.ts';
import { ASSET_DEFAULTS, BTC_NETWORKS, DEFAULT_CONFIRMATIONS, isValidAddress, units, type BtcNetwork, type ChainAsset } from './networks.ts';

export class ChainConfigError extends Error {
  override name = 'ChainConfigError';
}

export interface AssetAmounts {
  minDeposit: bigint;
  withdrawFee: bigint;
  withdrawMin: bigint;
}

export interface ChainConfig {
  evm: {
    /** undefined: run the embedded local chain. */
    rpcUrl: string | undefined;
    chainId: number | undefined;
    confirmations: number;
    usdtContract: `0x${string}` | undefined;
    pollMs: number;
    localPort: number;
    localBlockMs: number;
  };
  btc: {
    /** undefined: Bitcoin deposits are off. Without a trailing slash. */
    esploraUrl: string | undefined;
    network: BtcNetwork;
    confirmations: number;
    pollMs: number;
  };
  /** The operator's own account keys; undefined: those of the generated wallet (keys.ts). */
  ethXpub: string | undefined;
  btcXpub: string | undefined;
  amounts: Record<ChainAsset, AssetAmounts>;
}

type Env = Readonly<Record<string, string | undefined>>;

function text(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new ChainConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function url(env: Env, name: string, schemes: readonly string[]): string | undefined {
  const raw = text(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ChainConfigError(`${name} must be a URL (${schemes.join(', ')}), got "${raw}"`);
  }
  if (!schemes.includes(parsed.protocol.slice(0, -1))) {
    throw new ChainConfigError(`${name} must be a ${schemes.join(' or ')} URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

function amount(env: Env, name: string, fallback: bigint): bigint {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  try {
    return units(raw);
  } catch {
    throw new ChainConfigError(`${name} must be a non-negative amount with at most 8 decimals, got "${raw}"`);
  }
}

function xpub(env: Env, name: string, coin: 'ETH' | 'BTC', btcNetwork: BtcNetwork): string | undefined {
  const raw = text(env, name);
  if (raw === undefined) return undefined;
  try {
    parseAccountKey(raw, coin, btcNetwork);
  } catch (error) {
    if (error instanceof XpubError) throw new ChainConfigError(`${name}: ${error.message}`);
    throw error;
  }
  return raw;
}

/** Finer than the chain's decimals would not convert exactly (USDT has 6). */
function fitsChain(name: string, value: bigint, asset: ChainAsset): void {
  const step = 10n ** BigInt(Math.max(0, 8 - ASSET_DEFAULTS[asset].withdrawDecimals));
  if (value % step !== 0n) throw new ChainConfigError(`${name} has more decimals than ${asset} withdrawals allow (${ASSET_DEFAULTS[asset].withdrawDecimals})`);
}

export function loadChainConfig(env: Env = process.env): ChainConfig {
  const network = text(env, 'BTC_NETWORK') ?? 'testnet';
  if (!(BTC_NETWORKS as readonly string[]).includes(network)) {
    throw new ChainConfigError(`BTC_NETWORK must be one of ${BTC_NETWORKS.join(', ')}, got "${network}"`);
  }
  const btcNetwork = network as BtcNetwork;
  const rawUsdt = text(env, 'USDT_CONTRACT');
  if (rawUsdt !== undefined && !isValidAddress('ETH', rawUsdt, btcNetwork)) {
    throw new ChainConfigError(`USDT_CONTRACT must be a contract address (0x and 40 hex digits, a valid checksum if mixed case), got "${rawUsdt}"`);
  }
  const amounts = {} as Record<ChainAsset, AssetAmounts>;
  for (const asset of ['ETH', 'USDT', 'BTC'] as const) {
    const d = ASSET_DEFAULTS[asset];
    const a = {
      minDeposit: amount(env, `${asset}_MIN_DEPOSIT`, d.minDeposit),
      withdrawFee: amount(env, `${asset}_WITHDRAW_FEE`, d.withdrawFee),
      withdrawMin: amount(env, `${asset}_WITHDRAW_MIN`, d.withdrawMin),
    };
    fitsChain(`${asset}_WITHDRAW_FEE`, a.withdrawFee, asset);
    fitsChain(`${asset}_WITHDRAW_MIN`, a.withdrawMin, asset);
    if (a.withdrawMin <= a.withdrawFee) {
      throw new ChainConfigError(`${asset}_WITHDRAW_MIN must be above ${asset}_WITHDRAW_FEE (a withdrawal must leave something to send)`);
    }
    amounts[asset] = a;
  }
  const chainIdRaw = text(env, 'EVM_CHAIN_ID');
  return {
    evm: {
      rpcUrl: url(env, 'EVM_RPC_URL', ['http', 'https', 'ws', 'wss']),
      chainId: chainIdRaw === undefined ? undefined : integer(env, 'EVM_CHAIN_ID', 0, 1, 2 ** 53 - 1),
      confirmations: integer(env, 'EVM_CONFIRMATIONS', DEFAULT_CONFIRMATIONS, 1, 10_000),
      usdtContract: rawUsdt === undefined ? undefined : getAddress(rawUsdt),
      pollMs: integer(env, 'EVM_POLL_MS', 3000, 100, 3_600_000),
      localPort: integer(env, 'LOCAL_CHAIN_PORT', 8545, 0, 65535),
      localBlockMs: integer(env, 'LOCAL_CHAIN_BLOCK_MS', 1000, 100, 3_600_000),
    },
    btc: {
      esploraUrl: url(env, 'BTC_ESPLORA_URL', ['http', 'https']),
      network: btcNetwork,
      confirmations: integer(env, 'BTC_CONFIRMATIONS', DEFAULT_CONFIRMATIONS, 1, 10_000),
      pollMs: integer(env, 'BTC_POLL_MS', 30_000, 100, 3_600_000),
    },
    ethXpub: xpub(env, 'WALLET_ETH_XPUB', 'ETH', btcNetwork),
    btcXpub: xpub(env, 'WALLET_BTC_XPUB', 'BTC', btcNetwork),
    amounts,
  };
}
