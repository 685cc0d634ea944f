// The drivers of the desks as logged commands (issue 26): an accrual run is the earn desk's `payDue` commands, the
// demo's products one `seedDemo`, the robots' tick one `botTick` carrying its tapes. So every payment and every robot
// step comes from the desk's log, at its entry's time: the same calls applied by two desks, on two stores whose
// clocks differ by an hour, write the same rows. Both dialects (the log's times given as the log would give them).
import { expect, it } from 'vitest';
import { runDue } from '../../../server/desks/earn/accrual.ts';
import { describeDialects } from '../dialects.ts';
import { loggedWorlds } from './log-worlds.ts';
import { U1, U2, U3, value, type World } from '../desks/world.ts';

const DAY = 86_400_000;
/** The log's first entry: 2026-03-01 00:00 UTC; the worlds' clocks stand in January. */
const T0 = Date.UTC(2026, 2, 1);

describeDialects('the drivers as logged commands', (dialect) => {
  const { world, logged } = loggedWorlds(dialect);

  it('pays earn incomes and seeds the demo from the log: the same payments at the same times wherever it is applied', async () => {
    const apply = async (w: World) => {
      const earn = w.desks.earn;
      let seq = 0;
      const at = <R>(time: number, call: () => Promise<R>) => logged(earn, ++seq, time, call);
      value(await at(T0, () => earn.adjust({ user: U1, asset: 'USDT', amount: '10000', action: 'credit', memo: 'test deposit' })));
      value(await at(T0, () => earn.fundTreasury({ asset: 'USDT', action: 'credit', amount: '1000', memo: 'treasury for the test', requestId: 'req-treasury-0001' })));
      // The demo's products in one command, once: the second finds products and adds none.
      const seeded = [await at(T0, () => earn.seedDemo()), await at(T0, () => earn.seedDemo())];
      const product = value(await at(T0, () => earn.createProduct({
        kind: 'mining', name: 'USDT pool', asset: 'USDT', termDays: 3, rate: '0.3', minAmount: '10', maxAmount: '10000', quota: '100000', requestId: 'req-product-0001',
      })));
      value(await at(T0 + 1_000, () => earn.purchase({ user: U1, kind: 'mining', productId: product.id, amount: '1000', clientId: 'pool-1' })));
      // The desk's own clock stands months before these times: nothing is due by it, everything by the log's.
      expect(await earn.runDue()).toMatchObject({ paid: 0 });
      const reports = [];
      for (const time of [T0 + DAY / 2, T0 + 1.5 * DAY]) reports.push(await at(time, () => earn.payDue()));
      // Ten days on, every payment is due: one a command (each order is queued at its next payment), until none is.
      for (let more = true; more; ) {
        const r = await at(T0 + 10 * DAY, () => earn.payDue());
        reports.push(r);
        more = r.more;
      }
      return { reports, seeded };
    };
    const a = await world(0);
    const b = await world(3_600_000);
    const ra = await apply(a);
    const rb = await apply(b);
    expect(rb).toEqual(ra);
    // A pool's income runs from the day after the purchase: nothing is due half a day or a day and a half in; ten days
    // in, all three, and the order ends.
    expect(ra.reports.map((r) => [r.paid, r.settled, r.more])).toEqual([[0, 0, false], [0, 0, false], [1, 0, true], [1, 0, true], [1, 1, false]]);
    expect(ra.seeded[0]).toBeGreaterThan(0);
    expect(ra.seeded[1]).toBe(0);
    const rows = async (w: World) => ({
      products: await w.store.db.selectFrom('earn_products').selectAll().orderBy('id').execute(),
      orders: await w.store.db.selectFrom('earn_orders').selectAll().orderBy('id').execute(),
      payments: await w.store.db.selectFrom('earn_payments').selectAll().orderBy('order_id').orderBy('period').execute(),
      entries: await w.store.db.selectFrom('ledger_entries').selectAll().orderBy('seq').execute(),
      records: (await w.store.db.selectFrom('asset_records').selectAll().orderBy('id').execute()).map(({ id: _, ...r }) => r),
      balances: await w.store.db.selectFrom('balances').selectAll().orderBy('user_id').orderBy('wallet').orderBy('asset').execute(),
    });
    const sa = await rows(a);
    expect(sa.payments.map((p) => Number(p.paid_at))).toEqual([T0 + 10 * DAY, T0 + 10 * DAY, T0 + 10 * DAY]);
    expect(sa.orders[0]).toMatchObject({ status: 'settled' });
    expect(await rows(b)).toEqual(sa);
    await a.check();
    await b.check();
  });

  it('ticks the robots from the log with the tapes it carries; malformed tapes change nothing', async () => {
    const apply = async (w: World) => {
      const spot = w.desks.spot;
      let seq = 0;
      const at = <R>(time: number, call: () => Promise<R>) => logged(spot, ++seq, time, call);
      const credit = (user: number, asset: string, amount: string) => at(T0, () => spot.adjust({ user, asset, amount, action: 'credit', memo: 'test deposit' }));
      value(await credit(U1, 'USDT', '5000'));
      value(await credit(U2, 'USDT', '100000'));
      value(await credit(U3, 'BTC', '10'));
      const limit = (time: number, user: number, side: 'buy' | 'sell', price: string, qty: string) =>
        at(time, () => spot.place({ type: 'limit', user, symbol: 'BTCUSDT', side, price, qty }));
      // A last price, then a book around it.
      value(await limit(T0, U3, 'sell', '60000', '0.01'));
      value(await limit(T0, U2, 'buy', '60000', '0.01'));
      value(await limit(T0, U3, 'sell', '60010', '1'));
      value(await limit(T0, U2, 'buy', '59990', '1'));
      const robot = value(await at(T0 + 100, () => spot.startBot({ user: U1, kind: 'robot', symbol: 'BTCUSDT', investment: '100', robot: { durationS: 120, takeProfitBps: 30, stopLossBps: 50 } })));
      const tapes = new Map([['BTCUSDT', { trades: 2, vwap: '60000' }]]);
      const bad: unknown[] = [
        null, {}, [['BTCUSDT', { trades: 2, vwap: '60000' }]], new Map([['BTCUSDT', { trades: -1, vwap: null }]]), new Map([['BTCUSDT', { trades: 1.5, vwap: null }]]),
        new Map([['BTCUSDT', { trades: 2, vwap: '6e4' }]]), new Map([['BTCUSDT', { trades: 2, vwap: 60000 }]]), new Map([[7, { trades: 2, vwap: null }]]), new Map([['BTCUSDT', null]]),
      ];
      for (const t of bad) expect(await spot.botTick(t as typeof tapes)).toEqual({ ok: false, code: 'action.invalid' });
      expect(value(await spot.bot(robot.id, U1)).stage).toBe('queue');
      value(await at(T0 + 350, () => spot.botTick(tapes)));
      value(await at(T0 + 600, () => spot.botTick(tapes)));
      const view = value(await spot.bot(robot.id, U1));
      // The robot's time limit runs on the log's times: not yet a second before 120 s after its buy, then it sells at
      // the market.
      value(await at(T0 + 600 + 119_000, () => spot.botTick(tapes)));
      expect(value(await spot.bot(robot.id, U1)).status).toBe('running');
      value(await at(T0 + 600 + 120_000, () => spot.botTick(tapes)));
      return { view, end: value(await spot.bot(robot.id, U1)), running: await spot.robotsRunning() };
    };
    const a = await world(0);
    const b = await world(3_600_000);
    const ra = await apply(a);
    const rb = await apply(b);
    expect(ra.view.stages.map((s) => [s.stage, s.time])).toEqual([['start', T0 + 100], ['queue', T0 + 100], ['capture', T0 + 350], ['buy', T0 + 600]]);
    expect(ra.view.stages[2]).toMatchObject({ trades: 2, vwap: '60000' });
    expect(ra.end).toMatchObject({ status: 'ended', endReason: 'time_limit' });
    expect(ra.running).toBe(false);
    expect(rb).toEqual(ra);
    const rows = async (w: World) => ({
      bots: await w.store.db.selectFrom('quant_bots').selectAll().orderBy('id').execute(),
      orders: await w.store.db.selectFrom('spot_orders').selectAll().orderBy('id').execute(),
      entries: await w.store.db.selectFrom('ledger_entries').selectAll().orderBy('seq').execute(),
    });
    expect(await rows(b)).toEqual(await rows(a));
    await a.check();
    await b.check();
  });
});
