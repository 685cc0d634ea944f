// The perp store's reads behind the app's conditional orders and an order's funding (store/perp.ts, records.ts),
// on each dialect: a user's conditional orders apart from the plain ones, what fired at one moment, a user's trades
// in a market as changes of their position (a self-trade changes nothing; a read cut short says so), one position,
// settlements at given times, asset records by reference in journal order; and the indexes they read (migration
// 0014) hold only conditional orders.
import { CompiledQuery, sql } from 'kysely';
import { expect, it } from 'vitest';
import type { Store } from '../../../server/store/index.ts';
import { describeDialects } from '../dialects.ts';
import { commit, EMPTY, leasedStore, NOW, order, position, trade } from './perp-fixtures.ts';

describeDialects('perp store reads', (dialect) => {
  let store: Store;
  leasedStore(dialect, (s) => (store = s));

  const plan = async (q: { sql: string; parameters: readonly unknown[] }) =>
    (await store.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]))).rows.map((r) => r.detail).join('; ');

  it('lists conditional orders apart from plain ones, and finds what fired at one moment', async () => {
    const fired = NOW + 500;
    const conditional = { triggerPrice: 6_100_000_000_000n, workingType: 'mark' as const, kind: 'stop_market' as const, origin: 'trigger' as const };
    await store.commitDesk(commit(1, {
      ...EMPTY,
      orders: [
        order(1),
        order(2, { ...conditional }),
        order(3, { ...conditional, status: 'filled', openQty: 0n, closedAt: fired, priority: null }),
        order(4, { origin: 'trigger', kind: 'market', createdAt: fired, status: 'filled', openQty: 0n, priority: null }),
        order(5, { ...conditional, status: 'canceled', openQty: 0n, closedAt: fired, priority: null }),
        order(6, { ...conditional, user: 8 }),
      ],
    }));
    const ids = async (q: { open?: boolean; conditional?: boolean }) => (await store.perp.orderHistory({ user: 7, pageIndex: 1, pageSize: 20, ...q })).list.map((o) => o.id);
    expect(await ids({ conditional: true })).toEqual([5, 3, 2]);
    expect(await ids({ conditional: true, open: true })).toEqual([2]);
    expect(await ids({ conditional: true, open: false })).toEqual([5, 3]);
    expect(await ids({ conditional: false })).toEqual([4, 1]);
    expect(await ids({})).toEqual([4, 5, 3, 2, 1]);
    expect(await store.perp.firedAt(7, 'BTCUSDT', fired)).toEqual({ conditionals: [3], placed: [4] });
    expect(await store.perp.firedAt(7, 'ETHUSDT', fired)).toEqual({ conditionals: [], placed: [] });

    const defs = dialect === 'sqlite'
      ? (await sql<{ name: string; sql: string }>`select name, sql from sqlite_master where type = 'index' and tbl_name = 'perp_orders'`.execute(store.db)).rows
      : (await sql<{ name: string; sql: string }>`select indexname as name, indexdef as sql from pg_indexes where tablename = 'perp_orders' and schemaname = current_schema()`.execute(store.db)).rows;
    const def = (name: string) => defs.find((d) => d.name === name)?.sql.toLowerCase().replace(/[()"]/g, '') ?? '';
    expect(def('perp_orders_conditional')).toMatch(/user_id, created_at, id.* where .*trigger_price is not null/);
    expect(def('perp_orders_fired')).toMatch(/user_id, symbol, closed_at.* where .*trigger_price is not null/);
    if (dialect === 'sqlite') {
      const history = store.db.selectFrom('perp_orders').select('id').where('user_id', '=', 7).where('trigger_price', 'is not', null).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(20);
      expect(await plan(history.compile())).toContain('perp_orders_conditional');
      const firedQuery = store.db.selectFrom('perp_orders').select('id').where('trigger_price', 'is not', null).where('user_id', '=', 7).where('symbol', '=', 'BTCUSDT').where('closed_at', '=', fired);
      expect(await plan(firedQuery.compile())).toContain('perp_orders_fired');
    }
  });

  it('reads a user\'s trades in a market as position changes, through the per-user indexes', async () => {
    await store.commitDesk(commit(1, {
      ...EMPTY,
      trades: [
        trade('BTCUSDT', 1, { takerUser: 7, makerUser: 8, takerSide: 'buy', qty: 1_000n }), // 7 buys
        trade('BTCUSDT', 2, { takerUser: 8, makerUser: 7, takerSide: 'buy', qty: 300n }), // 7 sells (maker)
        trade('BTCUSDT', 3, { takerUser: 7, makerUser: 7, takerSide: 'sell', qty: 50n }), // a self-trade
        trade('ETHUSDT', 4, { takerUser: 7, makerUser: 8, takerSide: 'sell', qty: 9n }), // another market
        trade('BTCUSDT', 5, { takerUser: 7, makerUser: 9, takerSide: 'sell', qty: 200n }), // 7 sells
        trade('BTCUSDT', 6, { takerUser: 8, makerUser: 9, takerSide: 'sell', qty: 1n }), // not 7's
      ],
      positions: [position(7, 'BTCUSDT', { size: 500n })],
    }));
    const range = { user: 7, symbol: 'BTCUSDT', fromTrade: 2, fromTime: NOW + 2 };
    expect(await store.perp.sizeChanges({ ...range, limit: 100 })).toEqual({
      complete: true,
      changes: [{ tradeNo: 2, time: NOW + 2, delta: -300n }, { tradeNo: 3, time: NOW + 3, delta: 0n }, { tradeNo: 5, time: NOW + 5, delta: -200n }],
    });
    expect(await store.perp.netSizeChange(range)).toBe(-500n);
    expect(await store.perp.netSizeChange({ ...range, fromTrade: 1, fromTime: NOW + 1 })).toBe(500n);
    // Cut short: the taker side stops at its second trade, and so does the list (the maker side may miss none before it).
    expect(await store.perp.sizeChanges({ ...range, fromTrade: 1, fromTime: NOW + 1, limit: 2 })).toEqual({
      complete: false,
      changes: [{ tradeNo: 1, time: NOW + 1, delta: 1_000n }, { tradeNo: 2, time: NOW + 2, delta: -300n }, { tradeNo: 3, time: NOW + 3, delta: 0n }],
    });
    expect(await store.perp.position(7, 'BTCUSDT')).toMatchObject({ size: 500n });
    expect(await store.perp.position(7, 'ETHUSDT')).toBeUndefined();
    if (dialect === 'sqlite') {
      for (const side of ['taker_user', 'maker_user'] as const) {
        const q = store.db.selectFrom('perp_trades').select('trade_no').where(side, '=', 7).where('time', '>=', NOW).where('symbol', '=', 'BTCUSDT').where('trade_no', '>=', 1).orderBy('time').orderBy('trade_no').limit(10);
        expect(await plan(q.compile())).toContain(`perp_trades_${side}_time`);
      }
    }
  });

  it('reads settlements at given times, and a user\'s records by reference in journal order', async () => {
    await store.commitDesk(commit(1, {
      ...EMPTY,
      funding: [1, 2, 3].map((i) => ({ symbol: 'BTCUSDT', time: NOW + i * 1_000, rate: BigInt(i) * 10_000n, mark: 5n, insurance: 0n })),
    }));
    expect((await store.perp.fundingAt('BTCUSDT', [NOW + 3_000, NOW + 1_000, NOW + 9_000])).map((f) => [f.time, f.rate])).toEqual([[NOW + 1_000, 10_000n], [NOW + 3_000, 30_000n]]);
    expect(await store.perp.fundingAt('BTCUSDT', [])).toEqual([]);

    const record = (seq: number, ref: string, time: number, type = 'holding_fee') =>
      ({ user: 7, wallet: 'contract', asset: 'USDT', type, amount: -1n, frozen: 0n, ref, desk: 'contract', seq, time });
    // A settlement's record carries its period's end, before the trade that went ahead of it in the journal.
    await store.records.insert([
      record(10, 'perp:trade:BTCUSDT:1', NOW + 10, 'long_margin'),
      record(12, 'perp:funding:BTCUSDT:1000', NOW + 5),
      record(11, 'perp:trade:BTCUSDT:2', NOW + 20, 'long_margin'),
      record(13, 'perp:trade:ETHUSDT:3', NOW + 30, 'long_margin'),
      { ...record(14, 'perp:trade:BTCUSDT:4', NOW + 40), wallet: 'coin' },
      record(9, 'perp:funding:BTCUSDT:1', NOW - 100),
    ]);
    const refs = async (limit: number) =>
      (await store.records.byRefPrefix({ user: 7, wallet: 'contract', prefixes: ['perp:trade:BTCUSDT:', 'perp:funding:BTCUSDT:'], from: NOW, limit })).map((r) => [r.seq, r.ref]);
    expect(await refs(10)).toEqual([[10, 'perp:trade:BTCUSDT:1'], [11, 'perp:trade:BTCUSDT:2'], [12, 'perp:funding:BTCUSDT:1000']]);
    expect(await refs(2)).toEqual([[10, 'perp:trade:BTCUSDT:1'], [12, 'perp:funding:BTCUSDT:1000']]);
    await expect(store.records.byRefPrefix({ user: 7, wallet: 'contract', prefixes: ['perp:%'], from: NOW, limit: 1 })).rejects.toThrow(/reference prefix/);
  });
});
