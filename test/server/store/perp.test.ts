// The perp desk's tables (migration 0013, store/perp.ts) on each dialect: a batch written through store.commitDesk
// in the same transaction as its journal entries reads back exactly; orders and positions are upserted to their
// latest state; resting orders come back in time priority; a user's order history pages newest first; and the
// SQLite writer thread's prepared statements write the same rows as the repository.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { CompiledQuery, sql } from 'kysely';
import { expect, it } from 'vitest';
import { writeDeskRepos, type DeskWrites } from '../../../server/store/desk-writes.ts';
import { isUniqueViolation } from '../../../server/store/errors.ts';
import { createStore, type Store } from '../../../server/store/index.ts';
import type { PerpFunding, PerpLiquidation, PerpMark, PerpOrder, PerpWrites } from '../../../server/store/perp.ts';
import { OPEN_CONDITION } from '../../../server/store/spot.ts';
import { describeDialects } from '../dialects.ts';
import { commit, DESK, EMPTY, HUGE, leasedStore, NOW, order, position, trade } from './perp-fixtures.ts';

describeDialects('perp store', (dialect) => {
  let store: Store;
  leasedStore(dialect, (s) => (store = s));

  const seqs = async () => (await store.db.selectFrom('ledger_entries').select('seq').where('desk', '=', DESK).orderBy('seq').execute()).map((r) => r.seq);

  it('writes a batch in the same commit as its journal entries and reads every row back exactly', async () => {
    const orders = [
      order(1, { clientOrderId: 'mine', price: HUGE, reduceOnly: true, postOnly: true, mode: 'isolated', leverage: 125 }),
      order(2, { user: 8, side: 'sell', kind: 'market', origin: 'liquidation', tif: 'IOC', status: 'filled', openQty: 0n, filledQty: 100_000n,
        filledQuote: 6_000_000_000n, fee: 2_400_000n, realizedPnl: -HUGE, closeCode: 1, priority: null, closedAt: NOW + 9, makerPpm: 0, takerPpm: 0 }),
      // Fee rates unknown: an order stored before migration 0035.
      order(3, { symbol: 'ETHUSDT', origin: 'adl', status: 'partially_filled', filledQty: 40_000n, openQty: 60_000n, realizedPnl: 123n, makerPpm: null, takerPpm: null }),
    ];
    const positions = [position(7, 'BTCUSDT', { size: -HUGE, mode: 'isolated', orderMargin: 5n }), position(8, 'BTCUSDT'), position(7, 'ETHUSDT', { size: 0n, cost: 0n, margin: 0n })];
    const trades = [trade('BTCUSDT', 1), trade('BTCUSDT', 2, { takerUser: 8, makerUser: 7, takerSide: 'sell', takerPnl: HUGE, via: 'adl' }), trade('ETHUSDT', 5, { takerUser: 9, makerUser: 8 })];
    const funding: PerpFunding[] = [
      { symbol: 'BTCUSDT', time: NOW, rate: 10_000n, mark: 6_000_000_000_000n, insurance: 3n },
      { symbol: 'BTCUSDT', time: NOW + 8 * 3_600_000, rate: -7_500n, mark: 6_100_000_000_000n, insurance: -2n },
    ];
    const liquidations: PerpLiquidation[] = [
      { user: 7, symbol: 'BTCUSDT', mode: 'cross', size: -300_000n, mark: 6_500_000_000_000n, bankruptcy: 6_600_000_000_000n, fee: 15n, time: NOW + 5 },
      { user: 8, symbol: 'BTCUSDT', mode: 'isolated', size: 200_000n, mark: 5_000_000_000_000n, bankruptcy: 4_900_000_000_000n, fee: 7n, time: NOW + 5 },
      { user: 7, symbol: 'ETHUSDT', mode: 'isolated', size: 1n, mark: 1n, bankruptcy: 1n, fee: 0n, time: NOW + 6 },
    ];
    const marks: PerpMark[] = [
      { symbol: 'BTCUSDT', time: NOW + 1, mark: 6_000_000_000_000n, indexPrice: 5_999_000_000_000n, fundingRate: -100n },
      { symbol: 'BTCUSDT', time: NOW + 2, mark: HUGE, indexPrice: null, fundingRate: null },
      { symbol: 'ETHUSDT', time: NOW + 3, mark: 300_000_000_000n, indexPrice: null, fundingRate: 5n },
    ];
    await store.commitDesk(commit(1, { orders, positions, trades, funding, liquidations, marks }));
    expect(await seqs()).toEqual([1]);

    expect(await store.perp.openOrders()).toEqual([orders[0], orders[2]]);
    expect(await store.perp.positions()).toEqual([positions[0], positions[2], positions[1]]); // by user, then symbol
    expect(await store.perp.maxIds()).toEqual({ order: 3, trade: { BTCUSDT: 2, ETHUSDT: 5 } });
    expect(await store.perp.findByClientId(7, 'mine')).toEqual(orders[0]);
    expect(await store.perp.findByClientId(8, 'mine')).toBeUndefined();
    expect(await store.perp.order(8, 2)).toEqual(orders[1]);
    expect(await store.perp.order(7, 2)).toBeUndefined(); // someone else's
    expect(await store.perp.order(7, 99)).toBeUndefined();

    // A user's trades as taker or maker, newest first, within a range and a limit.
    expect(await store.perp.userTrades({ user: 7, limit: 10 })).toEqual([trades[1], trades[0]]);
    expect(await store.perp.userTrades({ user: 8, limit: 10 })).toEqual([trades[2], trades[1], trades[0]]);
    expect(await store.perp.userTrades({ user: 8, limit: 2 })).toEqual([trades[2], trades[1]]);
    expect(await store.perp.userTrades({ user: 8, symbol: 'BTCUSDT', limit: 10 })).toEqual([trades[1], trades[0]]);
    expect(await store.perp.userTrades({ user: 8, from: NOW + 2, to: NOW + 2, limit: 10 })).toEqual([trades[1]]);
    expect(await store.perp.userTrades({ user: 10, limit: 10 })).toEqual([]);

    expect(await store.perp.funding({ symbol: 'BTCUSDT', limit: 10 })).toEqual([funding[1], funding[0]]);
    expect(await store.perp.funding({ symbol: 'BTCUSDT', to: NOW, limit: 10 })).toEqual([funding[0]]);
    expect(await store.perp.funding({ symbol: 'ETHUSDT', limit: 10 })).toEqual([]);

    // Liquidations are numbered by the store in the order written; newest first, ties by id descending.
    const liq = await store.perp.liquidations({ limit: 10 });
    expect(liq.map(({ id: _, ...rest }) => rest)).toEqual([liquidations[2], liquidations[1], liquidations[0]]);
    expect(liq[1]!.id).toBeGreaterThan(liq[2]!.id);
    expect((await store.perp.liquidations({ user: 7, limit: 10 })).map((l) => l.symbol)).toEqual(['ETHUSDT', 'BTCUSDT']);
    expect((await store.perp.liquidations({ user: 7, from: NOW + 5, to: NOW + 5, limit: 10 })).map((l) => l.size)).toEqual([-300_000n]);
    expect((await store.perp.liquidations({ limit: 1 })).length).toBe(1);

    expect(await store.perp.marks({ symbol: 'BTCUSDT', limit: 10 })).toEqual([marks[1], marks[0]]);
    expect(await store.perp.marks({ symbol: 'BTCUSDT', from: NOW + 1, to: NOW + 1, limit: 10 })).toEqual([marks[0]]);
    expect(await store.perp.lastMark('BTCUSDT')).toEqual(marks[1]);
    expect(await store.perp.lastMark('ETHUSDT')).toEqual(marks[2]);
    expect(await store.perp.lastMark('SOLUSDT')).toBeUndefined();

  });

  it('answers the restart reads of an empty store', async () => {
    expect(await store.perp.openOrders()).toEqual([]);
    expect(await store.perp.positions()).toEqual([]);
    expect(await store.perp.maxIds()).toEqual({ order: 0, trade: {} });
    expect(await store.perp.orderHistory({ user: 7, pageIndex: 1, pageSize: 10 })).toEqual({ total: 0, list: [] });
  });

  it('upserts orders and positions to their latest state, batch after batch', async () => {
    await store.commitDesk(commit(1, { ...EMPTY, orders: [order(1), order(2, { clientOrderId: 'c' })], positions: [position(7, 'BTCUSDT')] }));
    const filled = order(1, { status: 'filled', openQty: 0n, filledQty: 100_000n, filledQuote: 6_000_000_000n, fee: 3n, realizedPnl: -44n, closeCode: 1, priority: null, updatedAt: NOW + 50, closedAt: NOW + 50 });
    const amended = order(2, { clientOrderId: 'c', price: 5_900_000_000_000n, qty: 50_000n, openQty: 50_000n, priority: 9, updatedAt: NOW + 50 });
    const moved = position(7, 'BTCUSDT', { leverage: 10, mode: 'isolated', size: -1n, cost: 2n, margin: 3n, orderMargin: 4n, updatedAt: NOW + 50 });
    await store.commitDesk(commit(2, { ...EMPTY, orders: [filled, amended], positions: [moved, position(7, 'ETHUSDT')] }));
    expect(await seqs()).toEqual([1, 2]);
    expect(await store.perp.order(7, 1)).toEqual(filled);
    expect(await store.perp.order(7, 2)).toEqual(amended);
    expect(await store.perp.openOrders()).toEqual([amended]);
    expect(await store.perp.positions()).toEqual([moved, position(7, 'ETHUSDT')]);
    // What an order was accepted with stays: only its later state is replaced.
    await store.commitDesk(commit(3, { ...EMPTY, orders: [{ ...amended, side: 'sell', leverage: 3, origin: 'adl', createdAt: 1, makerPpm: 7, takerPpm: null }] }));
    expect(await store.perp.order(7, 2)).toEqual(amended);
  });

  it('reads resting orders back in time priority (ties by id), whatever their ids', async () => {
    const priorities: Array<[number, number | null, PerpOrder['status']]> = [
      [1, 30, 'new'], [2, 10, 'partially_filled'], [3, null, 'filled'], [4, 20, 'canceled'], [5, 20, 'new'], [6, 5, 'new'], [7, 10, 'new'], [8, 40, 'expired'],
    ];
    await store.commitDesk(commit(1, { ...EMPTY, orders: priorities.map(([id, priority, status]) => order(id, { priority, status })) }));
    expect((await store.perp.openOrders()).map((o) => o.id)).toEqual([6, 2, 7, 5, 1]);
    // The read states the condition of the partial index perp_orders_open, so the plan reads it and sorts nothing.
    if (dialect === 'sqlite') {
      const q = store.db.selectFrom('perp_orders').select('id').where(OPEN_CONDITION).orderBy('priority').orderBy('id').compile();
      const plan = (await store.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]))).rows.map((r) => r.detail).join('; ');
      expect(plan).toContain('perp_orders_open');
      expect(plan).not.toContain('TEMP B-TREE');
    }
    const defs = dialect === 'sqlite'
      ? (await sql<{ name: string; sql: string }>`select name, sql from sqlite_master where type = 'index' and tbl_name = 'perp_orders'`.execute(store.db)).rows
      : (await sql<{ name: string; sql: string }>`select indexname as name, indexdef as sql from pg_indexes where tablename = 'perp_orders' and schemaname = current_schema()`.execute(store.db)).rows;
    const def = (name: string) => defs.find((d) => d.name === name)?.sql.toLowerCase().replace(/[()"]/g, '') ?? '';
    expect(def('perp_orders_open')).toMatch(/ where .*status.*'new'.*'partially_filled'/);
    expect(def('perp_orders_client_id')).toMatch(/ where .*client_order_id is not null/);
  });

  it('pages a user’s order history newest first, filtered by market, open or closed, and time', async () => {
    // 25 orders of user 7 (every third on ETHUSDT, every fourth closed) and a few of user 8 in between.
    const mine = Array.from({ length: 25 }, (_, i) =>
      order(i + 1, {
        symbol: i % 3 === 0 ? 'ETHUSDT' : 'BTCUSDT', createdAt: NOW + Math.floor(i / 2) * 1_000, // two orders per instant: ties by id
        ...(i % 4 === 0 ? { status: 'canceled' as const, openQty: 0n, priority: null, closedAt: NOW + 99_000 } : {}),
      }),
    );
    const theirs = [100, 101, 102].map((id) => order(id, { user: 8, createdAt: NOW + 5_000 }));
    await store.commitDesk(commit(1, { ...EMPTY, orders: [...mine, ...theirs] }));
    const newest = [...mine].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
    const page = (n: number, size: number, of: PerpOrder[]) => of.slice((n - 1) * size, n * size);

    for (const n of [1, 2, 3, 4]) {
      expect(await store.perp.orderHistory({ user: 7, pageIndex: n, pageSize: 10 })).toEqual({ total: 25, list: page(n, 10, newest) });
    }
    const eth = newest.filter((o) => o.symbol === 'ETHUSDT');
    expect(await store.perp.orderHistory({ user: 7, symbol: 'ETHUSDT', pageIndex: 2, pageSize: 5 })).toEqual({ total: eth.length, list: page(2, 5, eth) });
    const open = newest.filter((o) => o.status === 'new');
    const closed = newest.filter((o) => o.status !== 'new');
    expect(await store.perp.orderHistory({ user: 7, open: true, pageIndex: 1, pageSize: 100 })).toEqual({ total: open.length, list: open });
    expect(await store.perp.orderHistory({ user: 7, open: false, pageIndex: 1, pageSize: 100 })).toEqual({ total: closed.length, list: closed });
    const inRange = newest.filter((o) => o.createdAt >= NOW + 3_000 && o.createdAt <= NOW + 6_000);
    expect(await store.perp.orderHistory({ user: 7, from: NOW + 3_000, to: NOW + 6_000, pageIndex: 1, pageSize: 3 })).toEqual({ total: inRange.length, list: inRange.slice(0, 3) });
    expect(await store.perp.orderHistory({ user: 8, pageIndex: 1, pageSize: 10 })).toEqual({ total: 3, list: [theirs[2], theirs[1], theirs[0]] });
  });

  it('keeps the last mark of a millisecond, within a batch and across batches', async () => {
    const mark = (time: number, value: bigint, indexPrice: bigint | null = null): PerpMark => ({ symbol: 'BTCUSDT', time, mark: value, indexPrice, fundingRate: null });
    await store.commitDesk(commit(1, { ...EMPTY, marks: [mark(NOW, 1n), mark(NOW + 1, 2n), mark(NOW, 3n, 4n), { ...mark(NOW, 9n), symbol: 'ETHUSDT' }] }));
    expect(await store.perp.marks({ symbol: 'BTCUSDT', limit: 10 })).toEqual([mark(NOW + 1, 2n), mark(NOW, 3n, 4n)]);
    await store.commitDesk(commit(2, { ...EMPTY, marks: [mark(NOW + 1, 5n, 6n)] }));
    expect(await store.perp.marks({ symbol: 'BTCUSDT', limit: 10 })).toEqual([mark(NOW + 1, 5n, 6n), mark(NOW, 3n, 4n)]);
    expect(await store.perp.lastMark('BTCUSDT')).toEqual(mark(NOW + 1, 5n, 6n));
    expect(await store.perp.lastMark('ETHUSDT')).toEqual({ ...mark(NOW, 9n), symbol: 'ETHUSDT' });
  });

  it('keeps client order ids unique per user only where given', async () => {
    await store.perp.write({ ...EMPTY, orders: [order(1, { clientOrderId: 'x' }), order(2, { user: 8, clientOrderId: 'x' }), order(3), order(4)] });
    const clash = await store.perp.write({ ...EMPTY, orders: [order(5, { clientOrderId: 'x' })] }).catch((e: unknown) => e);
    expect(isUniqueViolation(clash)).toBe(true);
  });

  it('rolls the journal entries back with a perp row that cannot be written, and refuses money past 64 bits', async () => {
    await store.commitDesk(commit(1, { ...EMPTY, trades: [trade('BTCUSDT', 1)] }));
    // The same trade number again: the commit fails as a whole, its journal entry with it.
    await expect(store.commitDesk(commit(2, { ...EMPTY, orders: [order(9)], trades: [trade('BTCUSDT', 1)] }))).rejects.toThrow();
    expect(await seqs()).toEqual([1]);
    expect(await store.perp.order(7, 9)).toBeUndefined();
    // A new holder of the lease (the writer thread refuses the failed holder's later commits).
    expect(await store.leases.acquire(DESK, 'again', NOW + 1, 600_000, 'test')).toBe(true);
    const again = (seq: number, perp: PerpWrites): DeskWrites => ({ ...commit(seq, perp), lease: { desk: DESK, holder: 'again', now: NOW + 1, ttlMs: 600_000 } });
    await expect(store.commitDesk(again(2, { ...EMPTY, positions: [position(7, 'BTCUSDT', { size: 2n ** 63n })] }))).rejects.toThrow(RangeError);
    expect(await seqs()).toEqual([1]);
    expect(await store.perp.positions()).toEqual([]);
  });
});

it('writes a large perp batch through the writer thread’s multi-row statements exactly as the repository writes it', async () => {
  // 70 rows in most tables: two whole ROWS_PER_INSERT chunks and a rest; some tables 32 rows or fewer.
  const ids = Array.from({ length: 70 }, (_, i) => 1000 + i);
  const orders = ids.map((id) =>
    order(id, {
      user: 7 + (id % 3), symbol: id % 2 === 0 ? 'BTCUSDT' : 'ETHUSDT', clientOrderId: id % 5 === 0 ? `c${id}` : null, side: id % 2 === 0 ? 'buy' : 'sell',
      kind: id % 6 === 0 ? 'market' : 'limit', origin: (['user', 'liquidation', 'adl'] as const)[id % 3]!, postOnly: id % 7 === 0, reduceOnly: id % 2 === 1,
      leverage: 1 + (id % 125), mode: id % 2 === 0 ? 'cross' : 'isolated', price: HUGE - BigInt(id), filledQty: BigInt(id), realizedPnl: -BigInt(id) * 1_000n,
      status: id % 4 === 0 ? 'filled' : 'new', closeCode: id % 4 === 0 ? 1 : null, priority: id % 4 === 0 ? null : id, closedAt: id % 4 === 0 ? NOW + 2 * id : null,
      makerPpm: id % 9 === 0 ? null : id % 500, takerPpm: id % 9 === 0 ? null : 250 + (id % 500),
    }),
  );
  const positions = ids.slice(0, 40).map((id) => position(id, id % 2 === 0 ? 'BTCUSDT' : 'ETHUSDT', { size: id % 2 === 0 ? BigInt(id) : -HUGE, mode: id % 3 === 0 ? 'isolated' : 'cross', orderMargin: BigInt(id) }));
  const perp: PerpWrites = {
    orders,
    positions,
    trades: ids.slice(0, 33).map((id, i) => trade('BTCUSDT', i + 1, { takerOrder: id, makerOrder: id + 1, takerPnl: BigInt(i) - 16n, makerPnl: -HUGE, via: i % 2 === 0 ? 'book' : 'adl' })),
    funding: ids.map((id, i) => ({ symbol: id % 2 === 0 ? 'BTCUSDT' : 'ETHUSDT', time: NOW + i * 1_000, rate: BigInt(i) - 35n, mark: BigInt(id), insurance: -BigInt(i) })),
    liquidations: ids.slice(0, 65).map((id, i) => ({ user: id, symbol: 'BTCUSDT', mode: i % 2 === 0 ? 'cross' : 'isolated', size: -BigInt(id), mark: HUGE, bankruptcy: BigInt(i), fee: 1n, time: NOW + i })),
    // 50 milliseconds, the last 20 twice: the batch's later mark of a millisecond wins.
    marks: ids.map((id, i) => ({ symbol: 'ETHUSDT', time: NOW + (i % 50), mark: BigInt(id), indexPrice: i % 3 === 0 ? null : BigInt(id) - 1n, fundingRate: i % 4 === 0 ? null : BigInt(i) - 30n })),
  };
  // Then a second batch of upserts over the first one's orders and positions.
  const later: PerpWrites = {
    ...EMPTY,
    orders: orders.slice(0, 50).map((o) => ({ ...o, status: 'canceled', openQty: 0n, priority: null, closeCode: 2, updatedAt: NOW + 9_999, closedAt: NOW + 9_999 })),
    positions: positions.slice(10, 45).map((p) => ({ ...p, size: 0n, margin: 0n, updatedAt: NOW + 9_999 })).concat([position(7, 'SOLUSDT')]),
    marks: [0, 1, 2, 60].map((i) => ({ symbol: 'ETHUSDT', time: NOW + i, mark: 77n + BigInt(i), indexPrice: null, fundingRate: 1n })),
  };
  const tables = ['ledger_entries', 'ledger_lines', 'perp_orders', 'perp_positions', 'perp_trades', 'perp_funding', 'perp_liquidations', 'perp_marks'] as const;
  const dirs = [mkdtempSync(join(tmpdir(), 'openex-perp-writer-')), mkdtempSync(join(tmpdir(), 'openex-perp-repos-'))] as const;
  try {
    const writers = [(s: Store, w: DeskWrites) => s.commitDesk(w), (s: Store, w: DeskWrites) => s.transaction((r) => writeDeskRepos(r, w))] as const;
    for (const i of [0, 1] as const) {
      const store = await createStore({ dataDir: dirs[i] });
      try {
        expect(await store.leases.acquire(DESK, 'test', NOW, 600_000)).toBe(true);
        await writers[i](store, commit(1, perp));
        await writers[i](store, commit(2, later));
      } finally {
        await store.close();
      }
    }
    const dump = (dir: string) => {
      const db = new Database(join(dir, 'exchange.db'), { readonly: true });
      try {
        return Object.fromEntries(tables.map((t) => [t, db.prepare(`select * from "${t}" order by 1, 2, 3`).safeIntegers(true).all()]));
      } finally {
        db.close();
      }
    };
    const a = dump(dirs[0]);
    const b = dump(dirs[1]);
    expect((a['perp_orders'] as unknown[]).length).toBe(70);
    expect((a['perp_positions'] as unknown[]).length).toBe(41);
    expect((a['perp_trades'] as unknown[]).length).toBe(33);
    expect((a['perp_liquidations'] as unknown[]).length).toBe(65);
    expect((a['perp_marks'] as unknown[]).length).toBe(51);
    expect(a).toEqual(b);
  } finally {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
});
