// The SQLite writer thread (store/sqlite-writer.ts): a commit it cannot make is refused, never left hanging, and so
// is every later one (the desk that sent it stops); a value past a 64-bit column is refused before it is sent.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { writeDeskRepos, type DeskWrites } from '../../../server/store/desk-writes.ts';
import { createStore, type Store } from '../../../server/store/index.ts';
import { money, toAmount } from '../../../server/store/money.ts';
import type { SpotOrder } from '../../../server/store/spot.ts';
import { SqliteWriter } from '../../../server/store/sqlite-writer.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A fresh data directory, removed after the test. */
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'openex-writer-'));
  dirs.push(dir);
  return dir;
}

/** A store in a fresh directory, closed after `work`. */
async function withStore(work: (store: Store, dir: string) => Promise<void>): Promise<void> {
  const dir = tempDir();
  const store = await createStore({ dataDir: dir });
  try {
    await work(store, dir);
  } finally {
    await store.close();
  }
}

const writes = (amount: bigint): DeskWrites => ({
  lease: { desk: 'coin', holder: 'test', now: 1, ttlMs: 1000 },
  ledger: { desk: 'coin', now: 1, entries: [{ seq: 1, reason: 'admin.credit', ref: 'admin:x', time: 1, lines: [{ account: 'system:treasury', asset: 'USDT', amount }] }], balances: [], system: [] },
  records: [], transfersOut: [], transfersIn: [], spot: null, perp: null,
});

it('refuses a commit, and every later one, when its thread cannot open the database', async () => {
  const dir = tempDir();
  const notADirectory = join(dir, 'file');
  writeFileSync(notADirectory, 'x');
  const writer = new SqliteWriter({ file: join(notADirectory, 'exchange.db'), busyTimeoutMs: 100, walAutocheckpointPages: 1000, checkpointer: null });
  await expect(writer.commit(writes(1n))).rejects.toThrow(/SQLite writer thread/);
  await expect(writer.commit(writes(1n))).rejects.toThrow(/SQLite writer thread/);
  await writer.close();
});

it('refuses a value past a 64-bit column before sending anything', async () => {
  const dir = tempDir();
  const writer = new SqliteWriter({ file: join(dir, 'exchange.db'), busyTimeoutMs: 100, walAutocheckpointPages: 1000, checkpointer: null });
  await expect(writer.commit(writes(2n ** 63n))).rejects.toThrow(RangeError);
  // The thread never saw that batch, so this side refuses the desk's next one itself.
  await expect(writer.commit(writes(1n))).rejects.toThrow(RangeError);
  await writer.close();
});

it('never writes a commit posted behind a failed one of the same desk; a desk opened anew writes again', async () =>
  withStore(async (store) => {
    expect(store.deskCommitsInFlight).toBeGreaterThan(1);
    expect(await store.leases.acquire('coin', 'test', 1, 60_000)).toBe(true);
    const entry = (seq: number) => ({ seq, reason: 'admin.credit', ref: `admin:${seq}`, time: 1, lines: [{ account: 'system:treasury' as const, asset: 'USDT', amount: 1n }] });
    const batch = (seq: number, holder = 'test'): DeskWrites => ({ ...writes(1n), lease: { desk: 'coin', holder, now: 1, ttlMs: 60_000 }, ledger: { ...writes(1n).ledger, entries: [entry(seq)] } });
    // The first fails inside its transaction (a null in a NOT NULL column); the second is posted before that is known.
    const bad = { orderId: 0, type: null as unknown as string, status: 'new' as const, openQty: 0n, filledQty: 0n, code: null, time: 0 };
    const first = store.commitDesk({ ...batch(1), spot: { orders: [], trades: [], events: [bad] } });
    const second = store.commitDesk(batch(2));
    await expect(first).rejects.toThrow();
    await expect(second).rejects.toThrow(/not written: an earlier commit of the coin desk \(holder test\) failed/);
    await expect(store.commitDesk(batch(3))).rejects.toThrow();
    expect(await store.db.selectFrom('ledger_entries').select('seq').execute()).toEqual([]);
    // A new start of the desk has a new holder: its commits are written.
    expect(await store.leases.acquire('coin', 'again', 100_000, 60_000, 'test')).toBe(true);
    await store.commitDesk(batch(4, 'again'));
    expect(await store.db.selectFrom('ledger_entries').select('seq').execute()).toEqual([{ seq: 4 }]);
  }));

it('keeps the WAL short under steady commits: the checkpointer thread copies it and the writer restarts it', async () => {
  const dir = tempDir();
  const store = await createStore({ dataDir: dir });
  const file = join(dir, 'exchange.db');
  expect(await store.leases.acquire('coin', 'test', 1, 600_000)).toBe(true);
  await store.close();
  const writer = new SqliteWriter({
    file, busyTimeoutMs: 1000, walAutocheckpointPages: 1_000_000, // no automatic checkpoint: only the thread's work
    checkpointer: { intervalMs: 5, restartFrames: 64, tailFrames: 16 },
  });
  const PAGE = 4096;
  let seq = 0;
  let largestWal = 0;
  try {
    for (let commit = 0; commit < 600; commit++) {
      const entries = Array.from({ length: 40 }, () => {
        seq++;
        // A trading reason: operator entries (admin.*) also enter a partial index of their own (migration 0011).
        return { seq, reason: 'trade', ref: `admin:${'x'.repeat(200)}:${seq}`, time: 1, lines: [{ account: 'system:treasury' as const, asset: 'USDT', amount: 1n }] };
      });
      await writer.commit({ ...writes(1n), lease: { desk: 'coin', holder: 'test', now: 1, ttlMs: 600_000 }, ledger: { ...writes(1n).ledger, entries } });
      largestWal = Math.max(largestWal, statSync(`${file}-wal`).size);
    }
  } finally {
    await writer.close();
  }
  const reopened = await createStore({ dataDir: dir });
  try {
    const rows = await reopened.db.selectFrom('ledger_entries').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(seq);
  } finally {
    await reopened.close();
  }
  // Without the checkpointer thread this run's WAL ends near 30 MB (every page of every commit, never reused);
  // with it, the WAL keeps being copied and started over while the commits go on.
  expect(largestWal).toBeGreaterThan(0);
  // Bound with room for a loaded machine (the checkpointer runs at nice 10; with three test workers and a cluster test
  // beside it the WAL once reached 3,024 pages): still under half the unchecked size.
  expect(largestWal).toBeLessThan(3_600 * PAGE);
});

it('writes balance deltas: a first one inserts the row, later ones add to it, and none may take it below zero', async () =>
  withStore(async (store) => {
    expect(await store.leases.acquire('coin', 'test', 1, 60_000)).toBe(true);
    const change = (available: bigint, frozen: bigint, holder = 'test'): DeskWrites => ({
      ...writes(1n), lease: { desk: 'coin', holder, now: 1, ttlMs: 60_000 },
      ledger: { desk: 'coin', now: 1, entries: [], balances: [{ user: 7, wallet: 'coin', asset: 'USDT', available, frozen }], system: [] },
    });
    const row = async () =>
      (await store.db.selectFrom('balances').select([money('available').as('available'), money('frozen').as('frozen')]).where('user_id', '=', 7).execute())
        .map((r) => [toAmount(r.available), toAmount(r.frozen)]);
    await expect(store.commitDesk(change(-1n, 0n))).rejects.toThrow(/CHECK/);
    expect(await row()).toEqual([]);
    expect(await store.leases.acquire('coin', 'again', 100_000, 60_000, 'test')).toBe(true);
    await store.commitDesk(change(500n, 0n, 'again'));
    await store.commitDesk(change(-200n, 200n, 'again'));
    expect(await row()).toEqual([[300n, 200n]]);
    await expect(store.commitDesk(change(-301n, 0n, 'again'))).rejects.toThrow(/CHECK/);
    expect(await row()).toEqual([[300n, 200n]]);
  }));

it('takes the write lock at the start of a read-write transaction on SQLite, so its first write never fails', async () => {
  const dir = tempDir();
  const store = await createStore({ dataDir: dir });
  // Another writer (the writer thread, another process): with a deferred BEGIN it could commit between the
  // transaction's read and its first write, and that write would fail at once (SQLITE_BUSY_SNAPSHOT).
  const other = new Database(join(dir, 'exchange.db'));
  other.pragma('busy_timeout = 0');
  const otherWrite = () => other.prepare("insert into rate_limits (key, count, reset_at) values ('other', 1, 1) on conflict (key) do update set count = count + 1").run();
  try {
    const seen = await store.transaction(async (r) => {
      const before = await r.rateLimits.peek('mine', 0);
      expect(otherWrite).toThrow(/locked|busy/i); // the lock is this transaction's from its BEGIN
      await r.rateLimits.hit('mine', 60_000, 0);
      return before;
    });
    expect(seen).toBeNull();
    expect(await store.rateLimits.peek('mine', 0)).toEqual({ count: 1, resetAt: 60_000 });
    otherWrite(); // free again once it committed
    await expect(store.transaction(async (r) => {
      await r.rateLimits.hit('rolled-back', 60_000, 0);
      throw new Error('changed my mind');
    })).rejects.toThrow('changed my mind');
    expect(await store.rateLimits.peek('rolled-back', 0)).toBeNull();
  } finally {
    other.close();
    await store.close();
  }
});

it('checks the lease in every commit but moves its expiry only once half of it is used', async () =>
  withStore(async (store) => {
    expect(await store.leases.acquire('coin', 'test', 0, 30_000)).toBe(true);
    const at = (now: number, holder = 'test'): DeskWrites => ({ ...writes(1n), lease: { desk: 'coin', holder, now, ttlMs: 30_000 }, ledger: { desk: 'coin', now, entries: [], balances: [], system: [] } });
    const expiry = async () => Number((await store.leases.find('coin'))?.expires_at);
    await store.commitDesk(at(10_000)); // 20 s of 30 left: unchanged
    expect(await expiry()).toBe(30_000);
    await store.commitDesk(at(16_000)); // 14 s left: renewed to 30 s from now
    expect(await expiry()).toBe(46_000);
    await expect(store.commitDesk(at(17_000, 'someone-else'))).rejects.toThrow(/no longer held by someone-else/);
  }));

it('writes a large batch through multi-row statements exactly as the repositories write it, row for row', async () => {
  // 70 orders, entries, events… : two whole ROWS_PER_INSERT chunks and a rest in every table, 32 rows or fewer in some.
  const order = (id: number): SpotOrder => ({
    id, user: 7 + (id % 3), symbol: id % 2 === 0 ? 'BTCUSDT' : 'ETHUSDT', clientOrderId: id % 5 === 0 ? `c${id}` : null, side: id % 2 === 0 ? 'buy' : 'sell',
    kind: 'limit', tif: 'gtc', postOnly: id % 7 === 0, stp: 'none', price: 6_000_000_000_000n + BigInt(id), bound: null, qty: 100_000n + BigInt(id),
    quoteQty: null, openQty: 100_000n, filledQty: BigInt(id), filledQuote: BigInt(id) * 3n, fee: BigInt(id % 4), feeAsset: 'BTC', makerPpm: 1000,
    takerPpm: 1000, status: id % 4 === 0 ? 'filled' : 'new', closeCode: id % 4 === 0 ? 1 : null, priority: id % 4 === 0 ? null : id, createdAt: 10 + id,
    updatedAt: 20 + id, closedAt: id % 4 === 0 ? 30 + id : null,
    // Every third order conditional (a stop-limit, trailing when it has a list), so the new columns round-trip too.
    condition: id % 3 === 0 ? (id % 2 === 0 ? 'stop_loss' : 'take_profit') : null, stopPrice: id % 3 === 0 ? 5_900_000_000_000n + BigInt(id) : null,
    trailingBips: id % 6 === 0 ? 100 + id : null, trailPrice: id % 6 === 0 ? 6_100_000_000_000n : null, held: id % 3 === 0 ? 600_000_000n + BigInt(id) : null,
    triggeredAt: id % 9 === 0 ? 25 + id : null, listId: id % 6 === 0 ? id : null,
    // Every fourth with Binance's strategy tags (migration 0019), one of them past 2^32.
    strategyId: id % 4 === 1 ? 5_000_000_000 + id : null, strategyType: id % 8 === 1 ? 1_000_000 + id : null,
    preventedMatchId: id % 4 === 0 ? id : null,
  });
  const ids = Array.from({ length: 70 }, (_, i) => 1000 + i);
  const batch: DeskWrites = {
    lease: { desk: 'coin', holder: 'test', now: 1, ttlMs: 60_000 },
    ledger: {
      desk: 'coin', now: 5,
      entries: ids.map((id, i) => ({
        seq: i + 1, reason: 'order.freeze', ref: `order:${id}`, time: 100 + i,
        lines: [{ account: `user:${7 + (id % 3)}:coin:available`, asset: 'USDT', amount: -BigInt(id) }, { account: `user:${7 + (id % 3)}:coin:frozen`, asset: 'USDT', amount: BigInt(id) }],
      })),
      balances: [7, 8, 9].map((user) => ({ user, wallet: 'coin', asset: 'USDT', available: 1_000_000n, frozen: 0n })),
      system: [{ account: 'system:fee-income', asset: 'USDT', amount: 12n }],
    },
    records: ids.slice(0, 40).map((id, i) => ({ user: 7 + (id % 3), wallet: 'coin', asset: 'USDT', type: 'buy_coin', amount: -BigInt(id), frozen: BigInt(id), ref: `order:${id}`, desk: 'coin', seq: i + 1, time: 100 + i })),
    transfersOut: [], transfersIn: [], perp: null,
    spot: {
      orders: ids.map(order),
      trades: ids.slice(0, 33).map((id, i) => ({
        symbol: 'BTCUSDT', tradeNo: i + 1, price: 6_000_000_000_000n, qty: BigInt(id), quote: BigInt(id) * 60_000n, takerOrder: id, makerOrder: id + 1, takerUser: 7,
        makerUser: 8, takerSide: 'buy' as const, takerFee: 3n, takerFeeAsset: 'BTC', makerFee: 2n, makerFeeAsset: 'USDT', time: 200 + i,
      })),
      events: ids.slice(0, 65).map((id, i) => ({ orderId: id, type: 'rested', status: 'new' as const, openQty: BigInt(id), filledQty: 0n, code: i % 3 === 0 ? null : i, time: 300 + i })),
    },
  };
  const tables = ['ledger_entries', 'ledger_lines', 'balances', 'system_balances', 'asset_records', 'spot_orders', 'spot_trades', 'spot_order_events'] as const;
  const dump = (file: string) => {
    const db = new Database(file, { readonly: true });
    try {
      return Object.fromEntries(tables.map((t) => [t, db.prepare(`select * from "${t}" order by 1, 2, 3`).safeIntegers(true).all()]));
    } finally {
      db.close();
    }
  };
  const viaWriter = tempDir();
  const viaRepos = tempDir();
  for (const [dir, write] of [[viaWriter, (s: Store) => s.commitDesk(batch)], [viaRepos, (s: Store) => s.transaction((r) => writeDeskRepos(r, batch))]] as const) {
    const store = await createStore({ dataDir: dir });
    try {
      expect(await store.leases.acquire('coin', 'test', 1, 60_000)).toBe(true);
      await write(store);
    } finally {
      await store.close();
    }
  }
  const a = dump(join(viaWriter, 'exchange.db'));
  const b = dump(join(viaRepos, 'exchange.db'));
  expect((a['spot_orders'] as unknown[]).length).toBe(70);
  expect((a['ledger_lines'] as unknown[]).length).toBe(140);
  expect((a['spot_order_events'] as unknown[]).length).toBe(65);
  expect(a).toEqual(b);
});
