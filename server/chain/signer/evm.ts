// The EVM pieces of a withdrawal: what to send (a value transfer, or an ERC-20 `transfer(to, amount)` to the token
// contract), the amount in the chain's units, the fees read once at preparation, and how to read a node's answer
// to a broadcast. Pure except for the reads of `fees` and `estimate`, which take the client.
import { encodeFunctionData, erc20Abi, getAddress, isAddress, type PublicClient } from 'viem';
import { DECIMALS } from '../../kernel/money/decimal.ts';

export interface EvmAssetRule {
  readonly asset: string;
  /** 18 for ETH, 6 for USDT. */
  readonly chainDecimals: number;
  /** The ERC-20 contract; null for the chain's own coin. */
  readonly contract: `0x${string}` | null;
}

export interface FeePolicy {
  /** The least priority fee offered, in wei (default 1 gwei). */
  readonly minPriorityFee: bigint;
  /** maxFeePerGas = baseFee × this + priority fee: room for the base fee to rise while the transaction waits. */
  readonly baseFeeMultiplier: bigint;
  /** Gas limit = estimate × (100 + this) / 100 for anything but a plain 21,000-gas transfer. */
  readonly gasMarginPercent: bigint;
}

export const DEFAULT_FEE_POLICY: FeePolicy = Object.freeze({ minPriorityFee: 1_000_000_000n, baseFeeMultiplier: 2n, gasMarginPercent: 20n });

/** Ledger units (8 decimals) → the chain's units; null when the amount is finer than the chain can carry. */
export function toChainUnits(ledgerUnits: bigint, chainDecimals: number): bigint | null {
  if (chainDecimals >= DECIMALS) return ledgerUnits * 10n ** BigInt(chainDecimals - DECIMALS);
  const div = 10n ** BigInt(DECIMALS - chainDecimals);
  return ledgerUnits % div === 0n ? ledgerUnits / div : null;
}

export type TransferPlan =
  | { ok: true; to: `0x${string}`; value: bigint; data: `0x${string}`; recipient: `0x${string}`; amount: bigint }
  | { ok: false; reason: string };

/** What a withdrawal sends, or why the chain can't take it (then it is refused, never signed). */
export function planTransfer(rule: EvmAssetRule, address: string, ledgerAmount: bigint): TransferPlan {
  if (!isAddress(address)) return { ok: false, reason: `"${address}" is not an Ethereum address (or its checksum is wrong)` };
  const recipient = getAddress(address);
  if (/^0x0{40}$/i.test(recipient)) return { ok: false, reason: 'the zero address burns what is sent to it' };
  const amount = toChainUnits(ledgerAmount, rule.chainDecimals);
  if (amount === null) return { ok: false, reason: `the amount is finer than ${rule.asset}'s ${rule.chainDecimals} decimals` };
  if (amount <= 0n) return { ok: false, reason: 'nothing to send after the fee' };
  if (rule.contract === null) return { ok: true, to: recipient, value: amount, data: '0x', recipient, amount };
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, amount] });
  return { ok: true, to: getAddress(rule.contract), value: 0n, data, recipient, amount };
}

/** Gas for the transfer, estimated once at preparation; a margin for calls whose cost may vary a little. */
export async function estimateGas(client: PublicClient, from: `0x${string}`, plan: { to: `0x${string}`; value: bigint; data: `0x${string}` }, policy: FeePolicy): Promise<bigint> {
  const estimate = await client.estimateGas({ account: from, to: plan.to, value: plan.value, data: plan.data });
  return estimate === 21_000n ? estimate : (estimate * (100n + policy.gasMarginPercent)) / 100n;
}

/** EIP-1559 fees from the latest block's base fee and the median priority fee of recent blocks. */
export async function readFees(client: PublicClient, policy: FeePolicy): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> {
  const block = await client.getBlock({ blockTag: 'latest' });
  if (block.baseFeePerGas === null || block.baseFeePerGas === undefined) throw new Error('the chain has no EIP-1559 base fee');
  const history = await client.getFeeHistory({ blockCount: 5, rewardPercentiles: [50], blockTag: 'latest' });
  const tips = (history.reward ?? []).map((r) => r[0] ?? 0n).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const median = tips.length === 0 ? 0n : tips[Math.floor(tips.length / 2)]!;
  const tip = median > policy.minPriorityFee ? median : policy.minPriorityFee;
  return { maxFeePerGas: block.baseFeePerGas * policy.baseFeeMultiplier + tip, maxPriorityFeePerGas: tip };
}

/** The text of an error, with viem's nested causes (the node's own message is usually the innermost). */
export function errorText(error: unknown): string {
  const parts: string[] = [];
  let e: unknown = error;
  for (let i = 0; i < 6 && e !== undefined && e !== null; i++) {
    if (e instanceof Error) {
      const details = (e as { details?: unknown }).details;
      parts.push(typeof details === 'string' && details !== '' ? details : e.message.split('\n')[0] ?? e.message);
      e = (e as { cause?: unknown }).cause;
    } else {
      parts.push(String(e));
      break;
    }
  }
  return [...new Set(parts)].join(' | ');
}

/**
 * What a node's refusal of eth_sendRawTransaction means for a transaction we signed: `known` (it already has this
 * very transaction), `nonce-used` (the nonce is taken: by this transaction, mined, or by another one; the caller
 * looks the hash up), `retry` (anything else: funds, fees, the node away).
 */
export function classifyBroadcastError(text: string): 'known' | 'nonce-used' | 'retry' {
  if (/already known|known transaction|already imported|alreadyknown|transaction already exists/i.test(text)) return 'known';
  if (/nonce too low|nonce is too low|oldnonce|nonce has already been used|invalid nonce.*lower/i.test(text)) return 'nonce-used';
  return 'retry';
}
