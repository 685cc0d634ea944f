// A local Esplora-compatible HTTP API (node:http on 127.0.0.1, a free port) over a chain the test builds: REAL
// Bitcoin transactions, built and signed with @scure/btc-signer (regtest keys), in blocks whose ids are the double
// SHA-256 of real 80-byte headers over the transactions' Merkle root (no proof of work: nothing here checks it).
// There is no bitcoind on this machine, so this is the one part of custody tested without a real node.
// Served: /blocks/tip/height, /block-height/:h, /block/:hash, /block/:hash/txs/:start (25 a page),
// /address/:addr (chain_stats). A reorganisation drops blocks from a height; like Esplora, a stale block stays
// readable by its hash, but /block-height/ answers the best chain.
import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import * as btc from '@scure/btc-signer';
import { sha256 } from '@noble/hashes/sha2.js';
import { btcParams, type BtcNetwork } from '../../../server/chain/networks.ts';

const dsha = (b: Uint8Array) => sha256(sha256(b));
const reversed = (b: Uint8Array) => Uint8Array.from(b).reverse();

interface Block {
  id: string;
  height: number;
  prev: string | null;
  txs: btc.Transaction[];
  /** The transactions as Esplora shows them, made once. */
  json: TxJson[];
}

interface TxJson {
  txid: string;
  vin: Array<{ txid: string; vout: number; is_coinbase: boolean }>;
  vout: Array<{ scriptpubkey: string; scriptpubkey_address: string; value: number }>;
}

function u32(n: number): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n, true);
  return b;
}

function merkleRoot(txids: string[]): Uint8Array {
  let level: Uint8Array[] = txids.map((id) => reversed(hexToBytes(id)));
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const a = level[i]!;
      const b = level[i + 1] ?? a;
      const both = new Uint8Array(64);
      both.set(a, 0);
      both.set(b, 32);
      next.push(dsha(both));
    }
    level = next;
  }
  return level[0]!;
}

/** A wallet of the test's own (a random key): pays deposit addresses from the coins it mined. */
export class Payer {
  readonly key = HDKey.fromMasterSeed(randomBytes(32));
  readonly pay: ReturnType<typeof btc.p2wpkh>;
  readonly net: ReturnType<typeof btcParams>;
  private utxos: Array<{ txid: string; index: number; amount: bigint }> = [];
  constructor(net: ReturnType<typeof btcParams>) {
    this.net = net;
    this.pay = btc.p2wpkh(this.key.publicKey!, net);
  }
  receive(txid: string, index: number, amount: bigint): void {
    this.utxos.push({ txid, index, amount });
  }
  /** A signed transaction paying `outputs` (sats), the change back to the payer. */
  send(outputs: Array<[string, bigint]>, fee = 2_000n): btc.Transaction {
    const need = outputs.reduce((s, [, v]) => s + v, 0n) + fee;
    const tx = new btc.Transaction();
    let have = 0n;
    while (have < need) {
      const u = this.utxos.shift();
      if (u === undefined) throw new Error('the payer has no coins left');
      tx.addInput({ txid: u.txid, index: u.index, witnessUtxo: { script: this.pay.script, amount: u.amount } });
      have += u.amount;
    }
    for (const [address, sats] of outputs) tx.addOutputAddress(address, sats, this.net);
    tx.addOutputAddress(this.pay.address!, have - need, this.net);
    tx.sign(this.key.privateKey!);
    tx.finalize();
    this.receive(tx.id, outputs.length, have - need);
    return tx;
  }
}

export class FakeEsplora {
  readonly net: ReturnType<typeof btcParams>;
  private chain: Block[] = [];
  private readonly byId = new Map<string, Block>();
  private server: Server | null = null;
  url = '';
  requests = 0;

  constructor(network: BtcNetwork = 'regtest') {
    this.net = btcParams(network);
  }

  get height(): number {
    return this.chain.length - 1;
  }

  blockAt(height: number): Block {
    return this.chain[height]!;
  }

  /** A coinbase paying `address` (or nobody useful): real serialisation, unsigned input as a coinbase's is. */
  coinbase(address: string, sats: bigint): btc.Transaction {
    const tx = new btc.Transaction({ allowUnknownInputs: true });
    tx.addOutputAddress(address, sats, this.net);
    // The height in the scriptSig (BIP34) keeps every coinbase's txid distinct, with a random tag for stale forks.
    const tag = new Uint8Array([4, ...u32(this.chain.length), 8, ...randomBytes(8)]);
    tx.addInput({ txid: new Uint8Array(32), index: 0xffffffff, finalScriptSig: tag, sequence: 0xffffffff });
    return tx;
  }

  /** Mines a block with a coinbase to `minerAddress` and the given transactions on top of the best chain. */
  mine(minerAddress: string, txs: btc.Transaction[] = [], reward = 50_0000_0000n): Block {
    const all = [this.coinbase(minerAddress, reward), ...txs];
    const prev = this.chain.at(-1)?.id ?? null;
    const header = new Uint8Array(80);
    header.set(u32(0x20000000), 0);
    header.set(prev === null ? new Uint8Array(32) : reversed(hexToBytes(prev)), 4);
    header.set(merkleRoot(all.map((t) => t.id)), 36);
    header.set(u32(1_700_000_000 + this.chain.length * 600), 68);
    header.set(u32(0x207fffff), 72);
    header.set(randomBytes(4), 76);
    const block: Block = { id: bytesToHex(reversed(dsha(header))), height: this.chain.length, prev, txs: all, json: all.map((t) => this.txJson(t)) };
    this.chain.push(block);
    this.byId.set(block.id, block);
    return block;
  }

  mineEmpty(n: number, minerAddress: string): void {
    for (let i = 0; i < n; i++) this.mine(minerAddress);
  }

  /** Drops the best chain from `height` on (the blocks stay readable by hash, as stale blocks are). */
  reorg(height: number): void {
    this.chain = this.chain.slice(0, height);
  }

  private txJson(tx: btc.Transaction): TxJson & Record<string, unknown> {
    const vin = [];
    for (let i = 0; i < tx.inputsLength; i++) {
      const input = tx.getInput(i);
      const coinbase = input.index === 0xffffffff && input.txid !== undefined && input.txid.every((b) => b === 0);
      vin.push({ txid: bytesToHex(input.txid!), vout: input.index ?? 0, is_coinbase: coinbase });
    }
    const vout = [];
    for (let i = 0; i < tx.outputsLength; i++) {
      const out = tx.getOutput(i);
      vout.push({ scriptpubkey: bytesToHex(out.script!), scriptpubkey_address: btc.Address(this.net).encode(btc.OutScript.decode(out.script!)), value: Number(out.amount) });
    }
    return { txid: tx.id, version: 2, locktime: 0, size: tx.toBytes(true, true).length, weight: tx.weight, vin, vout, status: { confirmed: true } };
  }

  /** Confirmed funded and spent sums of an address over the best chain. */
  private stats(address: string) {
    const script = bytesToHex(btc.OutScript.encode(btc.Address(this.net).decode(address)));
    const outputs = new Map<string, number>();
    let funded = 0;
    let spent = 0;
    for (const b of this.chain) {
      for (const j of b.json) {
        for (const i of j.vin) {
          const v = outputs.get(`${i.txid}:${i.vout}`);
          if (v !== undefined) spent += v;
        }
        j.vout.forEach((o, n) => {
          if (o.scriptpubkey === script) {
            funded += o.value;
            outputs.set(`${j.txid}:${n}`, o.value);
          }
        });
      }
    }
    return { address, chain_stats: { funded_txo_sum: funded, spent_txo_sum: spent, tx_count: 0 }, mempool_stats: { funded_txo_sum: 0, spent_txo_sum: 0, tx_count: 0 } };
  }

  private route(path: string): { status: number; body: string; json?: boolean } {
    let m: RegExpExecArray | null;
    if (path === '/blocks/tip/height') return { status: 200, body: String(this.height) };
    if ((m = /^\/block-height\/(\d+)$/.exec(path))) {
      const b = this.chain[Number(m[1])];
      return b === undefined ? { status: 404, body: 'Block not found' } : { status: 200, body: b.id };
    }
    if ((m = /^\/block\/([0-9a-f]{64})$/.exec(path))) {
      const b = this.byId.get(m[1]!);
      if (b === undefined) return { status: 404, body: 'Block not found' };
      return { status: 200, json: true, body: JSON.stringify({ id: b.id, height: b.height, previousblockhash: b.prev, tx_count: b.txs.length, version: 0x20000000 }) };
    }
    if ((m = /^\/block\/([0-9a-f]{64})\/txs\/(\d+)$/.exec(path))) {
      const b = this.byId.get(m[1]!);
      const start = Number(m[2]);
      if (b === undefined || start % 25 !== 0 || start >= b.txs.length) return { status: 404, body: 'Block not found' };
      return { status: 200, json: true, body: JSON.stringify(b.json.slice(start, start + 25)) };
    }
    if ((m = /^\/address\/([0-9a-zA-Z]+)$/.exec(path))) {
      try {
        return { status: 200, json: true, body: JSON.stringify(this.stats(m[1]!)) };
      } catch {
        return { status: 400, body: 'Invalid Bitcoin address' };
      }
    }
    return { status: 404, body: 'not found' };
  }

  async listen(): Promise<string> {
    this.server = createServer((req, res) => {
      this.requests++;
      const path = (req.url ?? '/').replace(/^\/api/, '').split('?')[0]!;
      const r = req.method === 'GET' ? this.route(path) : { status: 405, body: 'method' };
      res.writeHead(r.status, { 'content-type': r.json ? 'application/json' : 'text/plain' });
      res.end(r.body);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    this.url = `http://127.0.0.1:${address.port}/api`;
    return this.url;
  }

  async close(): Promise<void> {
    const s = this.server;
    if (s === null) return;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
}
