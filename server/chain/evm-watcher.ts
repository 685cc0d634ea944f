// Ethereum deposits over JSON-RPC (viem): the ChainSource of watcher.ts for the ETH network.
//   Native ETH: the block's transactions (read by the block's hash) whose `to` is a deposit address and value > 0,
//     and whose receipt says success in that same block; index −1. Not seen: ETH that reaches an address through a
//     contract's internal call (a multisig or smart-wallet withdrawal, a contract sweeping): that needs execution
//     traces, which common nodes don't serve. Such coins stay at the address; the operator credits by hand.
//   USDT: the token contract's Transfer logs of the block, read by the block's hash (EIP-234), whose `to` is a
//     deposit address. The index is the log's position among that token's Transfer logs IN ITS TRANSACTION (0, 1, …),
//     not the block-wide logIndex: the same transaction mined again in another block after a reorganisation keeps
//     its key, so it can never be credited twice under two keys.
// Amounts: wei → ledger units truncates beyond 8 decimals (networks.ts toLedgerUnits); the dust stays on chain.
import {
  BlockNotFoundError,
  createPublicClient,
  http,
  parseAbi,
  webSocket,
  type EIP1193Provider,
  type PublicClient,
  type Transport,
  custom,
  RpcRequestError,
  InvalidInputRpcError,
  InvalidParamsRpcError,
  ResourceNotFoundRpcError,
} from 'viem';
import type { ChainBlock } from '../store/chain.ts';
import { toLedgerUnits } from './networks.ts';
import { BlockGoneError, type ChainSource, type FoundDeposit, type WatchedAddress } from './watcher.ts';

export const ERC20_ABI = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'function balanceOf(address owner) view returns (uint256)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'function decimals() view returns (uint8)',
  'function mint(address to, uint256 amount)',
]);
const TRANSFER = ERC20_ABI[0];

/** A viem client over an RPC URL (http(s) or ws(s)) or an EIP-1193 provider (tests: Hardhat's in-process EDR). */
export function evmClient(endpoint: string | EIP1193Provider): PublicClient {
  let transport: Transport;
  if (typeof endpoint !== 'string') transport = custom(endpoint);
  else if (/^wss?:/.test(endpoint)) transport = webSocket(endpoint, { retryCount: 2 });
  else transport = http(endpoint, { retryCount: 2, timeout: 20_000 });
  // cacheTime 0: every head read asks the node (viem would otherwise reuse a block number for 4 s).
  return createPublicClient({ transport, cacheTime: 0 });
}

/** Errors a node gives for a block hash it doesn't have (any more). */
function isGone(error: unknown): boolean {
  return (
    error instanceof BlockNotFoundError ||
    error instanceof InvalidParamsRpcError ||
    error instanceof InvalidInputRpcError ||
    error instanceof ResourceNotFoundRpcError ||
    (error instanceof RpcRequestError && /not found|invalid param|unknown block/i.test(error.message))
  );
}

export interface EvmSourceOptions {
  client: PublicClient;
  chainId: number;
  /** The USDT contract; null: no token deposits. */
  usdt: `0x${string}` | null;
}

export function evmSource(o: EvmSourceOptions): ChainSource {
  const { client, usdt } = o;
  const keyOf = (address: string) => address.toLowerCase();
  return {
    network: 'ETH',
    chainId: o.chainId,
    keyOf,

    async genesis() {
      const block = await client.getBlock({ blockNumber: 0n });
      return block.hash;
    },

    async head() {
      return Number(await client.getBlockNumber({ cacheTime: 0 }));
    },

    async header(height) {
      try {
        const b = await client.getBlock({ blockNumber: BigInt(height) });
        if (b.hash === null || b.number === null) return null;
        return { height: Number(b.number), hash: b.hash, parentHash: b.parentHash };
      } catch (error) {
        if (error instanceof BlockNotFoundError) return null;
        throw error;
      }
    },

    async deposits(header: ChainBlock, addresses: ReadonlyMap<string, WatchedAddress>): Promise<FoundDeposit[]> {
      const blockHash = header.hash as `0x${string}`;
      const found: FoundDeposit[] = [];
      let block;
      try {
        block = await client.getBlock({ blockHash, includeTransactions: true });
      } catch (error) {
        if (isGone(error)) throw new BlockGoneError(`block ${header.height} ${blockHash} is gone`);
        throw error;
      }
      for (const tx of block.transactions) {
        if (tx.to === null || tx.value <= 0n || !addresses.has(keyOf(tx.to))) continue;
        const receipt = await client.getTransactionReceipt({ hash: tx.hash });
        if (receipt.blockHash !== blockHash) throw new BlockGoneError(`transaction ${tx.hash} is no longer in block ${blockHash}`);
        if (receipt.status !== 'success') continue;
        found.push({ asset: 'ETH', txHash: tx.hash, index: -1, key: keyOf(tx.to), chainAmount: tx.value });
      }
      if (usdt !== null) {
        let logs;
        try {
          logs = await client.getLogs({ address: usdt, event: TRANSFER, blockHash, strict: true });
        } catch (error) {
          if (isGone(error)) throw new BlockGoneError(`logs of block ${header.height} ${blockHash} are gone`);
          throw error;
        }
        logs.sort((a, b) => a.logIndex - b.logIndex);
        const perTx = new Map<string, number>();
        for (const log of logs) {
          if (log.blockHash !== blockHash) throw new BlockGoneError(`a log of ${blockHash} came from block ${log.blockHash}`);
          const position = perTx.get(log.transactionHash) ?? 0;
          perTx.set(log.transactionHash, position + 1);
          const to = log.args.to;
          if (!addresses.has(keyOf(to)) || log.args.value <= 0n) continue;
          found.push({ asset: 'USDT', txHash: log.transactionHash, index: position, key: keyOf(to), chainAmount: log.args.value });
        }
      }
      return found;
    },

    async balances(addresses, height) {
      const blockNumber = BigInt(height);
      let wei = 0n;
      let tokens = 0n;
      for (const address of addresses) {
        const a = address as `0x${string}`;
        wei += await client.getBalance({ address: a, blockNumber });
        if (usdt !== null) tokens += await client.readContract({ address: usdt, abi: ERC20_ABI, functionName: 'balanceOf', args: [a], blockNumber });
      }
      const sums = new Map<string, bigint>([['ETH', toLedgerUnits(wei, 18)]]);
      if (usdt !== null) sums.set('USDT', toLedgerUnits(tokens, 6));
      return sums;
    },
  };
}
