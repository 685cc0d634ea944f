// A clustered desk applies each logged call at its log entry's time (issue 26): the time the log server stored the
// entry, never before the previous logged call's; not the desk's clock. So the same log applied again, by another
// process, later, on another store, gives the same rows: the first brick of a desk that is a function of its log
// (the store written behind, a replica that follows the log). On PostgreSQL and the machine's NATS.
import { expect, it, vi } from 'vitest';
import type { CommandLog } from '../../../server/bus/index.ts';
import { hostDesk } from '../../../server/cluster/desk-host.ts';
import { askable, SPOT_DESK } from '../../../server/cluster/desks.ts';
import { resumeAt } from '../../../server/cluster/protocol.ts';
import { uniquePrefix } from '../bus/nats-env.ts';
import { U1, U2, type World } from '../desks/world.ts';
import { describeLogWorlds } from './log-worlds.ts';

/** The fee levels in force from half way through the log: the recompute of 2026-01-16 00:00 GMT+8. */
const FEE_LEVELS = { recomputeAt: Date.UTC(2026, 0, 15, 16), table: [{ makerPpm: 1000, takerPpm: 1000 }, { makerPpm: 500, takerPpm: 600 }] };

describeLogWorlds('a desk applies its log at the log’s times', (t) => {
  let log: CommandLog;

  /** Applies the whole log with `w`'s spot desk, until the store's position is the log's last entry. */
  const applyLog = async (w: World, prefix: string, last: number) => {
    const host = await hostDesk({
      name: 'coin', desk: w.desks.spot, commands: SPOT_DESK.commands, queries: askable(SPOT_DESK), log, store: w.store, prefix,
    });
    try {
      await vi.waitFor(async () => expect(resumeAt(await w.store.leases.logPosition('coin')).seq).toBe(last), { timeout: 15_000, interval: 20 });
    } finally {
      await host.stop();
    }
  };

  /** A recompute's rows as the fee-level job stores them (U1 at level 1), in a store the log will be applied on. */
  const storeRecompute = async (w: World) => {
    const table = FEE_LEVELS.table.map((r, level) => ({ level, minVolume: BigInt(level) * 50_000_000n, ...r }));
    await w.store.transaction((r) => r.feeLevels.insertRun({ recomputeAt: FEE_LEVELS.recomputeAt, computedAt: FEE_LEVELS.recomputeAt, table, users: 1 }, [{ user: U1, level: 1, volume: 60_000_000n }]));
  };

  const rows = async (w: World) => ({
    orders: await w.store.db.selectFrom('spot_orders').selectAll().orderBy('id').execute(),
    trades: await w.store.db.selectFrom('spot_trades').selectAll().orderBy('trade_no').execute(),
    // Surrogate ids (auto increment) aside: everything the desk decided.
    events: (await w.store.db.selectFrom('spot_order_events').selectAll().orderBy('id').execute()).map(({ id: _, ...e }) => e),
    entries: await w.store.db.selectFrom('ledger_entries').selectAll().orderBy('seq').execute(),
    records: (await w.store.db.selectFrom('asset_records').selectAll().orderBy('id').execute()).map(({ id: _, ...r }) => r),
    // An operator's flags and settings, set in sequence, written with their batch at the command's time.
    markets: await w.store.db.selectFrom('markets').select(['symbol', 'is_open', 'maintenance']).orderBy('symbol').execute(),
    settings: await w.store.db.selectFrom('system_config').selectAll().orderBy('key').execute(),
    // A transfer's id is named from its debit, not drawn at random.
    // Balances carry the time of the batch's latest command, not of its commit.
    balances: await w.store.db.selectFrom('balances').selectAll().orderBy('user_id').orderBy('wallet').orderBy('asset').execute(),
    system: await w.store.db.selectFrom('system_balances').selectAll().orderBy('account').orderBy('asset').execute(),
    transfers: await w.store.db.selectFrom('transfers').select(['id', 'user_id', 'client_id', 'asset', 'amount', 'from_wallet', 'to_wallet', 'status', 'created_at']).orderBy('created_at').orderBy('id').execute(),
  });

  it('writes the same orders, trades, order events, journal, records, balances and transfers when the same log is applied later elsewhere', async () => {
    const prefix = uniquePrefix('lt');
    log = await t.openLog(prefix);
    // Credits, then buys and sells across one price (every second one trades), a cancel, transfers out: entries of three calls, a
    // few milliseconds apart, nobody waiting for answers.
    const order = (user: number, side: 'buy' | 'sell', id: string) => ({ type: 'limit', user, symbol: 'BTCUSDT', side, price: '50000', qty: '0.01', clientOrderId: id });
    const calls: Array<{ m: string; a: unknown[] }> = [
      { m: 'adjust', a: [{ user: U1, asset: 'USDT', amount: '100000', action: 'credit', memo: 'test deposit' }] },
      { m: 'adjust', a: [{ user: U2, asset: 'BTC', amount: '10', action: 'credit', memo: 'test deposit' }] },
    ];
    for (let i = 0; i < 12; i++) {
      // Half way, a recompute's fee levels come into force (U1 at level 1): orders after it are charged its rates.
      if (i === 6) calls.push({ m: 'setFeeLevels', a: [FEE_LEVELS] });
      calls.push({ m: 'place', a: [order(i % 2 === 0 ? U1 : U2, i % 2 === 0 ? 'buy' : 'sell', `o-${i}`)] });
    }
    calls.push({ m: 'place', a: [order(U1, 'buy', 'rests')] });
    calls.push({ m: 'cancel', a: [{ user: U1, symbol: 'BTCUSDT', origClientOrderId: 'rests' }] });
    calls.push({ m: 'transferOut', a: [{ user: U1, asset: 'USDT', amount: '25', to: 'contract', clientId: 'to-futures' }] });
    calls.push({ m: 'transferOut', a: [{ user: U2, asset: 'BTC', amount: '0.5', to: 'contract' }] });
    calls.push({ m: 'setMarketStatus', a: ['ETHUSDT', { maintenance: true }] });
    calls.push({ m: 'setQuantMinimum', a: [{ kind: 'grid', min: '1500' }] });
    const stored: number[] = [];
    for (let i = 0; i < calls.length; i += 3) {
      await log.append('coin', 'all', `entry-${i}`, { c: calls.slice(i, i + 3).map((c, n) => ({ m: c.m, a: c.a, r: null, n })) });
      await new Promise((ok) => setTimeout(ok, 5));
    }
    const last = await log.lastSeq('coin', 'all');
    const entryTimes = new Map<number, number>();
    const reader = await log.read('coin', 'all', 0, (c) => void entryTimes.set(c.seq, c.time));
    await reader.caughtUp;
    await reader.stop();
    for (const t of entryTimes.values()) stored.push(t);

    const first = await t.world();
    await storeRecompute(first);
    await applyLog(first, prefix, last);
    // The second desk's clock is an hour on from the first's: it must not matter.
    const second = await t.world();
    await storeRecompute(second);
    second.clock.advance(3_600_000);
    await applyLog(second, prefix, last);

    const a = await rows(first);
    const b = await rows(second);
    expect(a.trades.length).toBe(6);
    expect(a.transfers.length).toBe(2);
    expect(a.orders.length).toBe(13);
    expect(a.balances.length).toBeGreaterThanOrEqual(4);
    expect(a.markets.find((m) => m.symbol === 'ETHUSDT')?.maintenance).toBe(1);
    expect(a.settings.find((c) => c.key === 'quant.min')?.value).toBe('{"robot":"10","grid":"1500"}');
    expect(JSON.parse(a.settings.find((c) => c.key === 'fees.levels.coin')?.value ?? 'null')).toEqual(FEE_LEVELS);
    // U1's orders before the levels at 0.1 %, after them at level 1's rates; U2's at level 0 throughout.
    expect(a.orders.filter((o) => Number(o.user_id) === U1).map((o) => [o.client_order_id, o.maker_ppm, o.taker_ppm])).toEqual([
      ['o-0', 1000, 1000], ['o-2', 1000, 1000], ['o-4', 1000, 1000], ['o-6', 500, 600], ['o-8', 500, 600], ['o-10', 500, 600], ['rests', 500, 600],
    ]);
    expect(stored).toContain(Number(a.settings.find((c) => c.key === 'quant.min')?.updated_at));
    expect(b).toEqual(a);
    // The times are the log's: each row's time is one of its entries', in order, never the desks' clocks.
    const times = [...a.orders.map((o) => Number(o.created_at)), ...a.trades.map((t) => Number(t.time)), ...a.entries.map((e) => Number(e.time))];
    for (const t of times) expect(stored).toContain(t);
    expect(Math.min(...times)).toBeGreaterThan(first.clock.now() + 24 * 3_600_000); // the test clocks stand in January 2026
    await first.check();
    await second.check();
  });
});
