// Bitcoin deposits from an Esplora-compatible HTTP API (BTC_ESPLORA_URL, e.g. …/api of a self-hosted Esplora or an
// electrs with its HTTP API): the ChainSource of watcher.ts for the BTC network. Reorganisations are handled by the
// same walk as Ethereum's: headers by height (/block-height/:h, then /block/:hash for the parent), the block's
// transactions read by its hash (/block/:hash/txs/:start, 25 a page).
// A deposit is an output whose script pays a deposit address (matched on the output script, not on the API's
// address text); its index is the output number. Coinbase outputs are skipped (a miner paying a deposit address:
// spendable only after 100 blocks; the operator credits by hand). Reserves: each address's confirmed balance
// (/address/:addr: funded − spent), summed.
import * as btc from '@scure/btc-signer';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { ChainBlock } from '../store/chain.ts';
import { btcParams, type BtcNetwork } from './networks.ts';
import { BlockGoneError, type ChainSource, type FoundDeposit, type WatchedAddress } from './watcher.ts';

const PAGE = 25;
const ZERO_HASH = '0'.repeat(64);
const HASH = /^[0-9a-f]{64}$/;

interface EsploraBlock {
  id: string;
  height: number;
  previousblockhash: string | null;
  tx_count: number;
}

interface EsploraTx {
  txid: string;
  vin: Array<{ is_coinbase: boolean }>;
  vout: Array<{ scriptpubkey: string; value: number }>;
}

interface AddressStats {
  chain_stats: { funded_txo_sum: number; spent_txo_sum: number };
}

export class EsploraError extends Error {
  override name = 'EsploraError';
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export interface BtcSourceOptions {
  /** The API root, without a trailing slash. */
  baseUrl: string;
  network: BtcNetwork;
  /** Per request (default 20 s). */
  timeoutMs?: number;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

function parseBlock(v: unknown): EsploraBlock {
  if (!isObject(v) || typeof v['id'] !== 'string' || !HASH.test(v['id']) || !Number.isSafeInteger(v['height']) || !Number.isSafeInteger(v['tx_count'])) {
    throw new Error('Esplora answered a block without id, height or tx_count');
  }
  const prev = v['previousblockhash'];
  if (prev !== null && prev !== undefined && (typeof prev !== 'string' || !HASH.test(prev))) throw new Error('Esplora answered a bad previousblockhash');
  return { id: v['id'], height: v['height'] as number, previousblockhash: (prev as string | null | undefined) ?? null, tx_count: v['tx_count'] as number };
}

function parseTxs(v: unknown): EsploraTx[] {
  if (!Array.isArray(v)) throw new Error('Esplora answered transactions that are not a list');
  return v.map((t): EsploraTx => {
    if (!isObject(t) || typeof t['txid'] !== 'string' || !HASH.test(t['txid']) || !Array.isArray(t['vin']) || !Array.isArray(t['vout'])) {
      throw new Error('Esplora answered a transaction without txid, vin or vout');
    }
    const vout = t['vout'].map((o) => {
      if (!isObject(o) || typeof o['scriptpubkey'] !== 'string' || !Number.isSafeInteger(o['value']) || (o['value'] as number) < 0) {
        throw new Error(`Esplora answered an output of ${t['txid']} without scriptpubkey or value`);
      }
      return { scriptpubkey: o['scriptpubkey'].toLowerCase(), value: o['value'] as number };
    });
    const vin = t['vin'].map((i) => ({ is_coinbase: isObject(i) && i['is_coinbase'] === true }));
    return { txid: t['txid'], vin, vout };
  });
}

export function btcSource(o: BtcSourceOptions): ChainSource {
  const params = btcParams(o.network);
  const timeoutMs = o.timeoutMs ?? 20_000;

  async function get(path: string, notFound: 'null' | 'gone' | 'throw' = 'throw'): Promise<Response | null> {
    const res = await fetch(`${o.baseUrl}${path}`, { signal: AbortSignal.timeout(timeoutMs) });
    if (res.status === 404 || (res.status === 400 && notFound !== 'throw')) {
      await res.body?.cancel();
      if (notFound === 'null') return null;
      if (notFound === 'gone') throw new BlockGoneError(`Esplora no longer has ${path}`);
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new EsploraError(res.status, `Esplora ${path} answered ${res.status}`);
    }
    return res;
  }
  const text = async (path: string, notFound: 'null' | 'throw' = 'throw') => {
    const res = await get(path, notFound);
    return res === null ? null : (await res.text()).trim();
  };
  const json = async (path: string, notFound: 'null' | 'gone' | 'throw' = 'throw'): Promise<unknown> => {
    const res = await get(path, notFound);
    return res === null ? null : ((await res.json()) as unknown);
  };

  // Transaction counts of the last headers read, so reading a block's deposits right after needn't ask again.
  const txCounts = new Map<string, number>();
  const keyOf = (address: string) => bytesToHex(btc.OutScript.encode(btc.Address(params).decode(address)));

  return {
    network: 'BTC',
    chainId: null,
    keyOf,

    async genesis() {
      const hash = await text('/block-height/0');
      if (hash === null || !HASH.test(hash)) throw new Error('Esplora has no genesis block');
      return hash;
    },

    async head() {
      const t = await text('/blocks/tip/height');
      const n = Number(t);
      if (t === null || !/^\d+$/.test(t) || !Number.isSafeInteger(n)) throw new Error(`Esplora answered a tip height of "${t}"`);
      return n;
    },

    async header(height): Promise<ChainBlock | null> {
      const hash = await text(`/block-height/${height}`, 'null');
      if (hash === null) return null;
      if (!HASH.test(hash)) throw new Error(`Esplora answered a block hash of "${hash}"`);
      const raw = await json(`/block/${hash}`, 'null');
      if (raw === null) return null;
      const b = parseBlock(raw);
      if (b.id !== hash || b.height !== height) throw new Error(`Esplora's block ${hash} says it is ${b.id} at ${b.height}`);
      txCounts.set(hash, b.tx_count);
      if (txCounts.size > 16) txCounts.delete(txCounts.keys().next().value!);
      return { height, hash, parentHash: b.previousblockhash ?? ZERO_HASH };
    },

    async deposits(header: ChainBlock, addresses: ReadonlyMap<string, WatchedAddress>): Promise<FoundDeposit[]> {
      const count = txCounts.get(header.hash) ?? parseBlock(await json(`/block/${header.hash}`, 'gone')).tx_count;
      const found: FoundDeposit[] = [];
      for (let start = 0; start < count; start += PAGE) {
        const txs = parseTxs(await json(`/block/${header.hash}/txs/${start}`, 'gone'));
        if (txs.length === 0) throw new Error(`Esplora gave no transactions at ${start} of block ${header.hash} (${count})`);
        for (const tx of txs) {
          if (tx.vin.some((i) => i.is_coinbase)) continue;
          tx.vout.forEach((out, index) => {
            if (out.value > 0 && addresses.has(out.scriptpubkey)) {
              found.push({ asset: 'BTC', txHash: tx.txid, index, key: out.scriptpubkey, chainAmount: BigInt(out.value) });
            }
          });
        }
      }
      return found;
    },

    async balances(list) {
      let sats = 0n;
      for (const address of list) {
        const v = await json(`/address/${address}`);
        if (!isObject(v) || !isObject(v['chain_stats'])) throw new Error(`Esplora answered no chain_stats for ${address}`);
        const s = (v as unknown as AddressStats).chain_stats;
        sats += BigInt(s.funded_txo_sum) - BigInt(s.spent_txo_sum);
      }
      return new Map([['BTC', sats]]);
    },
  };
}
