// The deposit watcher's core, shared by Ethereum (evm-watcher.ts) and Bitcoin (btc-watcher.ts): follow the chain
// block by block, survive reorganisations, credit each final deposit exactly once. README.md has the rules.
//
// Each poll:
//   1. The stored tip must still be on the node's chain (same hash at that height); if not, walk back to the
//      highest stored block the node still has (the common ancestor), forget the blocks above it and orphan the
//      deposits seen in them, then go on from there.
//   2. Walk forward from the tip to the node's head (at most `maxBlocksPerPoll`): each block's parent hash must be
//      the stored hash below it (else: step 1's walk back); its deposits are read BY ITS HASH, and the block and its
//      deposits are stored in one transaction.
//   3. Confirmations = validated tip − height + 1; at the required count a pending deposit is credited through
//      `credit` with ref deposit:<network>:<tx hash>:<index>, and marked credited only after the credit answered.
//      A crash in between leaves it pending: the next poll credits again, the desk answers duplicate (the ref is
//      applied once, journalled), and it is marked then. Below the minimum: recorded below_min, never credited.
// The stored window is max(64, confirmations + 16) blocks; a reorganisation deeper than it orphans every deposit not
// yet final and reads the window's blocks again on the new chain; a chain with a new genesis (the embedded local
// chain restarted) orphans them and starts over from its head.
import type { Clock } from '../clock.ts';
import type { Reply } from '../desks/codes.ts';
import { formatDecimal } from '../kernel/money/decimal.ts';
import type { Store } from '../store/index.ts';
import type { ChainBlock, DepositRow, NewDeposit } from '../store/chain.ts';
import { toLedgerUnits, type AssetRule, type NetworkId } from './networks.ts';

export interface CreditRequest {
  user: number;
  asset: string;
  /** Decimal text at the ledger's 8 places. */
  amount: string;
  /** deposit:<network>:<tx hash, lowercase>:<index> */
  ref: string;
}

/** The lead wires desks.spot.deposit: system:external → the user's available coin, once per ref. */
export type CreditFn = (req: CreditRequest) => Promise<Reply<unknown>>;

/** Errors the watcher survives (a poll fails, the next one retries) are reported here with what was being done. */
export type ErrorLog = (error: unknown, context: string) => void;

/** An address the watcher looks for. `key` is how the source matches it (lowercase hex, an output script). */
export interface WatchedAddress {
  user: number;
  address: string;
}

/** A deposit as a source reads it from a block. */
export interface FoundDeposit {
  asset: string;
  txHash: string;
  index: number;
  /** The key of the matched address (see ChainSource.keyOf). */
  key: string;
  chainAmount: bigint;
}

/** The block was replaced while it was being read; the next poll sees the reorganisation. */
export class BlockGoneError extends Error {
  override name = 'BlockGoneError';
}

/** What a watcher needs from a node: headers by height, and a block's deposits read by its hash. */
export interface ChainSource {
  readonly network: NetworkId;
  readonly chainId: number | null;
  genesis(): Promise<string>;
  head(): Promise<number>;
  /** The header at `height` on the node's current chain; null above its head. */
  header(height: number): Promise<ChainBlock | null>;
  /** The deposits to `addresses` (by key) in the block with this hash; BlockGoneError when the node lost it. */
  deposits(block: ChainBlock, addresses: ReadonlyMap<string, WatchedAddress>): Promise<FoundDeposit[]>;
  /** How an address is matched: the same function the deposits use. */
  keyOf(address: string): string;
  /** Balances (ledger units, per asset) held at `addresses` as of block `height`. */
  balances?(addresses: readonly string[], height: number): Promise<Map<string, bigint>>;
}

export interface WatcherOptions {
  store: Store;
  clock: Clock;
  source: ChainSource;
  /** The assets of the source's network, by name. */
  rules: ReadonlyMap<string, AssetRule>;
  confirmations: number;
  credit: CreditFn;
  log: ErrorLog;
  /** Blocks to look back on a first start (default 0: from the head on). */
  startBacklog?: number;
  maxBlocksPerPoll?: number;
  /** Read reserves every this many polls (default 10; 0: never). */
  reservesEvery?: number;
  /** Addresses read for reserves besides the funded deposit addresses (the hot wallet). */
  extraReserveAddresses?: readonly string[];
}

export interface PollReport {
  /** The validated tip after the poll. */
  tip: number | null;
  blocks: number;
  found: number;
  orphaned: number;
  credited: number;
}

export const MIN_WINDOW = 64;
const MAX_REWINDS_PER_POLL = 3;

export function creditRef(network: NetworkId, txHash: string, index: number): string {
  return `deposit:${network}:${txHash.toLowerCase()}:${index}`;
}

export class Watcher {
  private readonly o: WatcherOptions;
  private readonly network: NetworkId;
  private readonly keep: number;
  private readonly addresses = new Map<string, WatchedAddress>();
  private lastAddressId = 0;
  private genesisChecked = false;
  private polls = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = false;
  private queue: Promise<void> = Promise.resolve();
  /** After a reorganisation deeper than the window: where to read again from (the window's old floor). */
  private resumeAt: number | null = null;

  constructor(o: WatcherOptions) {
    this.o = o;
    this.network = o.source.network;
    this.keep = Math.max(MIN_WINDOW, o.confirmations + 16);
  }

  /** Polls every `intervalMs` until stop(); a failed poll is logged and the next one retries. */
  start(intervalMs: number): void {
    this.stopped = false;
    const tick = () => {
      this.timer = null;
      this.running = this.poll()
        .catch((error: unknown) => this.o.log(error, `${this.network} deposit watcher poll`))
        .finally(() => {
          this.running = null;
          if (!this.stopped) this.timer = setTimeout(tick, intervalMs);
        });
    };
    tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One pass: follow the chain, then credit what became final. Passes never overlap (a second waits for the first). */
  poll(): Promise<PollReport> {
    const next = this.queue.then(() => this.pass());
    this.queue = next.then(
      () => undefined,
      () => undefined,
    );
    return next;
  }

  private async pass(): Promise<PollReport> {
    const report: PollReport = { tip: null, blocks: 0, found: 0, orphaned: 0, credited: 0 };
    const { store, source } = this.o;
    if (!this.genesisChecked) {
      report.orphaned += await this.checkGenesis();
      this.genesisChecked = true;
    }
    const head = await source.head();
    let tip = await store.chain.tip(this.network);
    if (tip !== null) {
      const current = await source.header(tip.height);
      if (current === null || current.hash !== tip.hash) {
        report.orphaned += await this.rewind(tip.height);
        tip = await store.chain.tip(this.network);
      }
    }
    const start = () => (tip === null ? Math.min(head, this.resumeAt ?? Math.max(0, head - (this.o.startBacklog ?? 0))) : tip.height + 1);
    let height = start();
    const last = Math.min(head, height + (this.o.maxBlocksPerPoll ?? 500) - 1);
    let rewinds = 0;
    while (height <= last) {
      const block = await source.header(height);
      if (block === null) break;
      if (tip !== null && block.parentHash !== tip.hash) {
        // A node whose blocks don't link up (or a chain reorganising under our feet) must not keep us looping.
        if (++rewinds > MAX_REWINDS_PER_POLL) {
          throw new Error(`block ${height} (${block.hash}) names parent ${block.parentHash}, not ${tip.hash} at ${tip.height}, again: trying again next poll`);
        }
        report.orphaned += await this.rewind(tip.height);
        tip = await store.chain.tip(this.network);
        height = start();
        continue;
      }
      // After the header: every address assigned before this block existed is in the map (an address is
      // assigned, then shown, then paid, then mined), however long this poll has been running.
      await this.refreshAddresses();
      let found: FoundDeposit[];
      try {
        found = await source.deposits(block, this.addresses);
      } catch (error) {
        if (error instanceof BlockGoneError) break;
        throw error;
      }
      const deposits = found.flatMap((f) => this.toDeposit(f));
      const now = this.o.clock();
      await store.transaction((r) => r.chain.recordBlock(this.network, block, deposits, this.keep, now));
      report.blocks++;
      report.found += deposits.length;
      this.resumeAt = null;
      tip = block;
      height++;
    }
    report.tip = tip?.height ?? null;
    if (tip !== null) {
      await store.chain.updateConfirmations(this.network, tip.height);
      report.credited = await this.creditDue(tip.height);
      const every = this.o.reservesEvery ?? 10;
      if (every > 0 && this.polls % every === 0) await this.readReserves(tip.height);
    }
    this.polls++;
    return report;
  }

  private async checkGenesis(): Promise<number> {
    const genesis = await this.o.source.genesis();
    const now = this.o.clock();
    const orphaned = await this.o.store.transaction((r) => r.chain.setGenesis(this.network, genesis, now));
    this.reportOrphans(orphaned, 'the node follows a chain with another genesis block (a restarted local chain?)');
    return orphaned.filter((d) => d.status === 'orphaned').length;
  }

  /** The stored block at `from` is no longer on the node's chain: find the common ancestor and orphan above it. */
  private async rewind(from: number): Promise<number> {
    const { store, source } = this.o;
    const lowest = (await store.chain.lowest(this.network)) ?? from;
    let ancestor = -1;
    for (let h = from - 1; h >= lowest; h--) {
      const stored = await store.chain.blockAt(this.network, h);
      const current = await source.header(h);
      if (stored !== null && current !== null && stored.hash === current.hash) {
        ancestor = h;
        break;
      }
    }
    if (ancestor < 0) {
      // Deeper than the window, or another chain altogether.
      const genesis = await source.genesis();
      if ((await store.chain.genesis(this.network)) !== genesis) {
        this.genesisChecked = true;
        const orphaned = await store.transaction((r) => r.chain.setGenesis(this.network, genesis, this.o.clock()));
        this.reportOrphans(orphaned, 'the node follows a chain with another genesis block (a restarted local chain?)');
        return orphaned.filter((d) => d.status === 'orphaned').length;
      }
      // Read the window again on the new chain: deposits mined again there come back under their keys.
      this.resumeAt = lowest;
      this.o.log(new Error(`a reorganisation deeper than the ${this.keep} blocks kept: reading again from block ${lowest}`), `${this.network} deposit watcher`);
    }
    const orphaned = await store.transaction((r) => r.chain.orphanAbove(this.network, ancestor));
    this.reportOrphans(orphaned, `blocks above ${ancestor} left the chain`);
    return orphaned.filter((d) => d.status === 'orphaned').length;
  }

  private reportOrphans(rows: readonly DepositRow[], why: string): void {
    for (const d of rows) {
      if (d.status === 'credited') {
        this.o.log(
          new Error(`deposit ${d.id} (${d.asset} ${formatDecimal(d.amount)} to user ${d.user}, tx ${d.txHash}) was credited but its block left the chain: ${why}`),
          `${this.network} deposit watcher: reorganisation deeper than the confirmations`,
        );
      }
    }
  }

  private async refreshAddresses(): Promise<void> {
    const rows = await this.o.store.chain.addressesAfter(this.network, this.lastAddressId);
    for (const r of rows) {
      this.addresses.set(this.o.source.keyOf(r.address), { user: r.user, address: r.address });
      this.lastAddressId = Math.max(this.lastAddressId, r.id);
    }
  }

  private toDeposit(f: FoundDeposit): NewDeposit[] {
    const rule = this.o.rules.get(f.asset);
    const owner = this.addresses.get(f.key);
    if (rule === undefined || owner === undefined || f.chainAmount <= 0n) return [];
    const amount = toLedgerUnits(f.chainAmount, rule.chainDecimals);
    if (amount > 2n ** 63n - 1n) {
      this.o.log(new Error(`${f.asset} deposit ${f.txHash}:${f.index} of ${f.chainAmount} units does not fit the ledger: not recorded`), `${this.network} deposit watcher`);
      return [];
    }
    return [{
      user: owner.user, asset: f.asset, network: this.network, chainId: this.o.source.chainId, txHash: f.txHash.toLowerCase(), index: f.index,
      address: owner.address, amount, chainAmount: f.chainAmount, required: this.o.confirmations,
      status: amount >= rule.minDeposit && amount > 0n ? 'pending' : 'below_min',
    }];
  }

  private async creditDue(tip: number): Promise<number> {
    const { store, clock } = this.o;
    let credited = 0;
    for (;;) {
      const due = await store.chain.dueCredits(this.network, tip, 100);
      let progressed = false;
      for (const d of due) {
        const ref = creditRef(this.network, d.txHash, d.index);
        const reply = await this.o.credit({ user: d.user, asset: d.asset, amount: formatDecimal(d.amount), ref });
        if (!reply.ok) {
          this.o.log(new Error(`the desk refused deposit ${ref} (${reply.code}); retried next poll`), `${this.network} deposit watcher credit`);
          continue;
        }
        if (await store.chain.markCredited(d.id, clock())) {
          credited++;
          progressed = true;
        }
      }
      if (due.length < 100 || !progressed) return credited;
    }
  }

  private async readReserves(tip: number): Promise<void> {
    const { store, source } = this.o;
    if (source.balances === undefined) return;
    const funded = await store.chain.fundedAddresses(this.network);
    const all = [...new Set([...funded, ...(this.o.extraReserveAddresses ?? [])])];
    const sums = await source.balances(all, tip);
    const readAt = this.o.clock();
    await store.chain.recordReserves([...sums].map(([asset, amount]) => ({ asset, network: this.network, amount, addresses: all.length, block: tip, readAt })));
  }
}
