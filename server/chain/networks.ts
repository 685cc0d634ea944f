// The networks and coins the exchange takes deposits in automatically (spec: USDT, BTC and ETH), their rules, and
// address validation. Two networks, named by Binance's network ids:
//   ETH — Ethereum (or the embedded local chain): ETH itself and USDT, an ERC-20 token;
//   BTC — Bitcoin: native segwit (BIP84) deposit addresses.
// Amounts here are ledger units (8 decimals, server/kernel/money/decimal.ts). `withdrawDecimals` is the finest step a
// withdrawal may use on that network: never finer than the ledger (8) or the chain (USDT has 6), so what the
// signer sends converts exactly. Defaults (spec: minimum deposit 0.001, 12 confirmations) are overridable through
// the environment (config.ts); this module only holds the shapes, the defaults and the checks.
import * as btc from '@scure/btc-signer';
import { isAddress } from 'viem';

export type NetworkId = 'ETH' | 'BTC';
export type ChainAsset = 'ETH' | 'USDT' | 'BTC';
export type BtcNetwork = 'mainnet' | 'testnet' | 'regtest';

export const NETWORK_IDS: readonly NetworkId[] = ['ETH', 'BTC'];
export const BTC_NETWORKS: readonly BtcNetwork[] = ['mainnet', 'testnet', 'regtest'];

export interface AssetRule {
  asset: ChainAsset;
  network: NetworkId;
  /** Decimals of the coin on its chain: ETH 18, USDT 6, BTC 8. */
  chainDecimals: number;
  /** The ERC-20 contract of a token; null for the chain's own coin. */
  contract: `0x${string}` | null;
  /** Ledger units; a deposit below it is recorded (below_min), never credited. */
  minDeposit: bigint;
  withdrawFee: bigint;
  withdrawMin: bigint;
  /** ≤ 8 and ≤ chainDecimals. */
  withdrawDecimals: number;
}

export interface NetworkInfo {
  id: NetworkId;
  name: string;
  /** EVM chain id; null for Bitcoin. */
  chainId: number | null;
  confirmations: number;
  depositEnabled: boolean;
  withdrawEnabled: boolean;
}

/** Ledger units of `text` coins (8 places); throws on malformed text, for constants and checked configuration. */
export function units(text: string): bigint {
  const m = /^(\d{1,11})(?:\.(\d{1,8}))?$/.exec(text);
  if (m === null) throw new RangeError(`not an amount with at most 8 decimals: "${text}"`);
  return BigInt(m[1]!) * 100_000_000n + BigInt((m[2] ?? '').padEnd(8, '0'));
}

/** The spec's 12 confirmations, for both networks unless configured otherwise. */
export const DEFAULT_CONFIRMATIONS = 12;

/** Per-asset defaults: chain facts and the operator-adjustable amounts. */
export const ASSET_DEFAULTS: Readonly<Record<ChainAsset, Omit<AssetRule, 'contract'>>> = Object.freeze({
  ETH: { asset: 'ETH', network: 'ETH', chainDecimals: 18, minDeposit: units('0.001'), withdrawFee: units('0.001'), withdrawMin: units('0.01'), withdrawDecimals: 8 },
  USDT: { asset: 'USDT', network: 'ETH', chainDecimals: 6, minDeposit: units('0.001'), withdrawFee: units('1'), withdrawMin: units('10'), withdrawDecimals: 6 },
  BTC: { asset: 'BTC', network: 'BTC', chainDecimals: 8, minDeposit: units('0.001'), withdrawFee: units('0.0002'), withdrawMin: units('0.001'), withdrawDecimals: 8 },
});

/** The decimal places the ledger keeps. */
export const LEDGER_DECIMALS = 8;

/**
 * Chain units (wei, token units, satoshi) → ledger units. Exact when the chain has ≤ 8 decimals; for ETH (18) the
 * digits beyond the 8th are dropped: that dust stays at the deposit address, never credited.
 */
export function toLedgerUnits(chainAmount: bigint, chainDecimals: number): bigint {
  if (chainDecimals <= LEDGER_DECIMALS) return chainAmount * 10n ** BigInt(LEDGER_DECIMALS - chainDecimals);
  return chainAmount / 10n ** BigInt(chainDecimals - LEDGER_DECIMALS);
}

/** Ledger units → chain units; exact (a ledger amount never has more places than the chain keeps, see withdrawDecimals). */
export function toChainUnits(ledgerAmount: bigint, chainDecimals: number): bigint {
  if (chainDecimals >= LEDGER_DECIMALS) return ledgerAmount * 10n ** BigInt(chainDecimals - LEDGER_DECIMALS);
  const step = 10n ** BigInt(LEDGER_DECIMALS - chainDecimals);
  if (ledgerAmount % step !== 0n) throw new RangeError(`${ledgerAmount} ledger units are finer than ${chainDecimals} decimals`);
  return ledgerAmount / step;
}

const ZERO_ADDRESS = /^0x0{40}$/i;

/** @scure/btc-signer's network parameters; regtest is testnet with its own bech32 prefix. */
export function btcParams(network: BtcNetwork): typeof btc.NETWORK {
  if (network === 'mainnet') return btc.NETWORK;
  if (network === 'testnet') return btc.TEST_NETWORK;
  return { ...btc.TEST_NETWORK, bech32: 'bcrt' };
}

/**
 * Whether `address` can receive coins of `network`. ETH: 0x and 40 hex digits; a mixed-case address must carry a
 * valid EIP-55 checksum (all-lower or all-upper has none to check); the zero address is refused (coins sent there
 * are burnt). BTC: segwit (bech32, bech32m: bc1 / tb1 / bcrt1) or legacy base58 (P2PKH, P2SH) of the configured
 * network, checksums verified.
 */
export function isValidAddress(network: NetworkId, address: string, btcNetwork: BtcNetwork): boolean {
  if (typeof address !== 'string' || address.length === 0 || address.length > 100) return false;
  if (network === 'ETH') {
    // EIP-55: all lower or all upper case carries no checksum; viem checks any address with capitals.
    const body = address.slice(2);
    const plain = address.startsWith('0x') && body === body.toUpperCase() ? `0x${body.toLowerCase()}` : address;
    return isAddress(plain, { strict: true }) && !ZERO_ADDRESS.test(address);
  }
  if (network === 'BTC') {
    const params = btcParams(btcNetwork);
    // Bech32 prefixes overlap (tb1 is a prefix of nothing else, but bcrt1 starts like bc): require the exact one.
    const lower = address.toLowerCase();
    const segwit = lower.startsWith(`${params.bech32}1`);
    if (!segwit && /^(bc|tb|bcrt)1/.test(lower)) return false;
    try {
      btc.Address(params).decode(address);
      return true;
    } catch {
      return false;
    }
  }
  return false;
}

/** Shown to users beside the address; a test network says so. */
export function networkName(network: NetworkId, chainId: number | null, btcNetwork: BtcNetwork): string {
  if (network === 'BTC') {
    return btcNetwork === 'mainnet' ? 'Bitcoin (SegWit)' : `Bitcoin ${btcNetwork} (SegWit)`;
  }
  if (chainId === 1) return 'Ethereum (ERC20)';
  if (chainId === 11155111) return 'Ethereum Sepolia testnet (ERC20)';
  if (chainId === 17000) return 'Ethereum Holesky testnet (ERC20)';
  if (chainId === 31337) return 'Ethereum local test chain (ERC20)';
  return `Ethereum-compatible chain ${chainId ?? '?'} (ERC20)`;
}
