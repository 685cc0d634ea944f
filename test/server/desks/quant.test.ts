// Quantitative bots in the spot desk over a real store: a grid places its ladder from its pocket, each whole fill
// places the opposite order one grid away (a round and its profit counted from the fills), a restart finds the
// ladder as committed, a stop gives everything back; a robot goes through every stage on real orders; bad input
// and a short balance change nothing; the user's own orders never spend the bot's money, nor cancel its orders.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { botPnl, QUANT_STRATEGY_TYPE, toUnits } from '../../../server/contract/quant.ts';
import { describeDialects } from '../dialects.ts';
import { Code } from '../../../server/kernel/index.ts';
import type { SpotState } from '../../../server/desks/spot/state.ts';
import { heldCommits, openWorld, U1, U2, U3, value, type World } from './world.ts';

describeDialects('quantitative bots', (dialect) => {
  let w: World;
  beforeEach(async () => {
    w = await openWorld(dialect);
    await w.credit(U1, 'USDT', '5000');
    await w.credit(U2, 'USDT', '1000000');
    await w.credit(U2, 'BTC', '10');
    await w.credit(U3, 'BTC', '10');
    await w.credit(U3, 'USDT', '1000000');
  });
  afterEach(async () => w.dispose());

  const limit = (user: number, side: 'buy' | 'sell', price: string, qty: string) =>
    w.desks.spot.place({ type: 'limit', user, symbol: 'BTCUSDT', side, price, qty });
  const print = async (price: string) => {
    value(await limit(U3, 'sell', price, '0.001'));
    value(await limit(U2, 'buy', price, '0.001'));
  };
  const balances = async (user: number) => Object.fromEntries(value(await w.desks.spot.balances(user)).map((b) => [b.asset, b]));
  const grid = (over: Record<string, unknown> = {}) =>
    w.desks.spot.startBot({ user: U1, kind: 'grid', symbol: 'BTCUSDT', investment: '1000', grid: { lower: '59000', upper: '61000', grids: 4, mode: 'arithmetic' }, ...over });

  it('runs a grid: the ladder from the pocket, the opposite order on each fill, a round, a restart, a stop', async () => {
    await print('60000');
    value(await limit(U3, 'sell', '60010', '1')); // liquidity for the grid's first buy
    const bot = value(await grid({ clientId: 'g-1' }));
    expect(bot).toMatchObject({ kind: 'grid', status: 'running', investment: '1000', openOrders: 4 });
    expect(bot.grid!.levels).toEqual(['59000', '59500', '60000', '60500', '61000']);
    const orders = value(await w.desks.spot.openOrders(U1));
    expect(orders.map((o) => [o.side, o.price]).sort()).toEqual([['buy', '59000'], ['buy', '59500'], ['sell', '60500'], ['sell', '61000']]);
    expect(orders.every((o) => o.strategyId === bot.id && o.strategyType === QUANT_STRATEGY_TYPE)).toBe(true);
    // The investment left the available balance; bought base sits in the bot's sells and pocket (frozen).
    let b1 = await balances(U1);
    expect(b1.USDT!.available).toBe('4000');
    expect(toUnits(b1.USDT!.frozen) + toUnits(b1.BTC?.frozen ?? '0') * 60010n / 100_000_000n).toBeLessThanOrEqual(toUnits('1000'));
    await w.check();
    // A repeated client id answers the same bot; nothing more is reserved.
    expect(value(await grid({ clientId: 'g-1' })).id).toBe(bot.id);
    expect((await balances(U1)).USDT!.available).toBe('4000');

    // The user's own orders can't cancel the bot's, and a cancel-all leaves them.
    const botOrder = orders[0]!;
    expect(await w.desks.spot.cancel({ user: U1, orderId: botOrder.orderId })).toEqual({ ok: false, code: 'quant.order.bot.owned' });
    value(await w.desks.spot.cancelAll({ user: U1, symbol: 'BTCUSDT' }));
    expect(value(await w.desks.spot.openOrders(U1))).toHaveLength(4);

    // U2 sells into the bot's 59 500 buy: the bot places a sell at 60 000, one grid up.
    const buy59500 = orders.find((o) => o.price === '59500')!;
    value(await limit(U2, 'sell', '59500', buy59500.openQty));
    let now = value(await w.desks.spot.openOrders(U1));
    expect(now.map((o) => [o.side, o.price]).sort()).toEqual([['buy', '59000'], ['sell', '60000'], ['sell', '60500'], ['sell', '61000']]);
    await w.check();
    // U3 buys it back at 60 000: a round; the bot buys again at 59 500.
    const sell60000 = now.find((o) => o.price === '60000')!;
    value(await limit(U3, 'buy', '60000', sell60000.openQty));
    now = value(await w.desks.spot.openOrders(U1));
    expect(now.map((o) => [o.side, o.price]).sort()).toEqual([['buy', '59000'], ['buy', '59500'], ['sell', '60500'], ['sell', '61000']]);
    let view = value(await w.desks.spot.bot(bot.id, U1));
    expect(view.rounds).toBe(1);
    // The round's profit, from its two fills: 60 000 × q − fee − the buy's cost of q.
    const q = toUnits(view.grid!.sellQty);
    const qb = toUnits(view.grid!.buyQty);
    const proceeds = (60000n * q);
    const sellFee = (proceeds * 1000n + 999_999n) / 1_000_000n;
    // Its cost: the buy's quote for the share of the base it delivered (after its fee) that the sell sold.
    const buyQuote = 59500n * qb;
    const net = qb - (qb * 1000n + 999_999n) / 1_000_000n;
    expect(toUnits(view.gridProfit)).toBe(proceeds - sellFee - (buyQuote * q) / net);
    expect(toUnits(view.gridProfit)).toBeGreaterThan(0n);
    await w.check();

    // A restart finds the bot with its ladder and pocket as committed.
    await w.restart();
    const after = value(await w.desks.spot.bot(bot.id, U1));
    expect(after).toEqual({ ...view, last: after.last });
    expect(value(await w.desks.spot.openOrders(U1))).toHaveLength(4);
    await w.check();

    // Stop, selling the base: every order cancelled, the pocket back in available, nothing frozen.
    value(await limit(U2, 'buy', '59900', '1'));
    view = value(await w.desks.spot.stopBot({ user: U1, botId: bot.id, sellBase: true }));
    expect(view).toMatchObject({ status: 'ended', endReason: 'user', pocketBase: '0', pocketQuote: '0', openOrders: 0 });
    b1 = await balances(U1);
    expect(b1.USDT!.frozen).toBe('0');
    expect(b1.BTC?.frozen ?? '0').toBe('0');
    // What came back is the investment plus the P&L of its fills and fees.
    const pnl = botPnl(view, view.last);
    expect(toUnits(b1.USDT!.available) + toUnits(b1.BTC?.available ?? '0') * toUnits(view.last!) / 100_000_000n - toUnits('5000')).toBe(pnl.pnl);
    expect(toUnits(view.returnedQuote) - toUnits('1000')).toBe(toUnits(view.soldQuote) - toUnits(view.feeQuote) - toUnits(view.boughtQuote));
    expect(value(await w.desks.spot.openOrders(U1))).toHaveLength(0);
    expect(await w.desks.spot.stopBot({ user: U1, botId: bot.id })).toEqual({ ok: false, code: 'quant.bot.ended' });
    expect(await w.desks.spot.stopBot({ user: U2, botId: bot.id })).toEqual({ ok: false, code: 'quant.bot.not.found' });
    await w.check();
    // The user's records show the reserve and the release.
    const types = (await w.store.records.page({ user: U1 }, 0, 200)).rows.map((r) => r.type);
    expect(types).toContain('quant_reserve');
    expect(types).toContain('quant_release');
  });

  it('refuses bad input and a short balance, changing nothing', async () => {
    await print('60000');
    const before = await balances(U1);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ investment: '5' }, 'quant.investment.below.min'],
      [{ investment: '-1' }, 'quant.investment.invalid'],
      [{ investment: '10000' }, 'funds.insufficient'],
      [{ grid: { lower: '61000', upper: '62000', grids: 4, mode: 'arithmetic' } }, 'quant.grid.price.outside'],
      [{ grid: { lower: '59999.99', upper: '60000.02', grids: 10, mode: 'arithmetic' } }, 'quant.grid.too.many'],
      [{ grid: { lower: '59000', upper: '61000', grids: 1, mode: 'arithmetic' } }, 'quant.grid.count.invalid'],
      [{ grid: { lower: '59000', upper: '61000', grids: 4, mode: 'spiral' } }, 'quant.grid.mode.invalid'],
      [{ symbol: 'NOPEUSDT' }, 'market.unknown'],
      [{ kind: 'robot', robot: { durationS: 5, takeProfitBps: 30, stopLossBps: 50 } }, 'quant.duration.invalid'],
      [{ kind: 'robot', robot: { durationS: 120, takeProfitBps: 0, stopLossBps: 50 } }, 'quant.take.profit.invalid'],
      [{ kind: 'robot', robot: { durationS: 120, takeProfitBps: 30, stopLossBps: 99999 } }, 'quant.stop.loss.invalid'],
    ];
    for (const [over, code] of cases) expect(await grid(over), code).toEqual({ ok: false, code });
    expect(await balances(U1)).toEqual(before);
    expect(value(await w.desks.spot.openOrders(U1))).toHaveLength(0);
    await w.check();
  });

  it('runs a robot through every stage on real orders: take profit, then one on its time limit', async () => {
    await print('60000');
    value(await limit(U3, 'sell', '60010', '1'));
    value(await limit(U2, 'buy', '59990', '1'));
    const tapes = new Map([['BTCUSDT', { trades: 2, vwap: '60000' }]]);
    const robot = value(await w.desks.spot.startBot({ user: U1, kind: 'robot', symbol: 'BTCUSDT', investment: '100', robot: { durationS: 120, takeProfitBps: 30, stopLossBps: 50 } }));
    expect(robot.stages.map((s) => s.stage)).toEqual(['start', 'queue']);
    expect((await balances(U1)).USDT).toMatchObject({ available: '4900', frozen: '100' });
    w.clock.advance(250);
    value(await w.desks.spot.botTick(tapes));
    let v = value(await w.desks.spot.bot(robot.id, U1));
    expect(v.stage).toBe('capture');
    expect(v.stages[2]).toMatchObject({ stage: 'capture', bid: '59990', ask: '60010', last: '60000', trades: 2, vwap: '60000' });
    w.clock.advance(250);
    value(await w.desks.spot.botTick(tapes));
    v = value(await w.desks.spot.bot(robot.id, U1));
    expect(v.stage).toBe('buy');
    const buy = v.stages[3]!;
    expect(buy).toMatchObject({ stage: 'buy', price: '60010' });
    // Take profit 0.3 % over the average, on the tick, up; stop 0.5 % under, down.
    expect(buy.takeProfit).toBe('60190.03');
    expect(buy.stopLoss).toBe('59709.95');
    const open = value(await w.desks.spot.openOrders(U1));
    expect(open.map((o) => [o.side, o.price, o.strategyId])).toEqual([['sell', '60190.03', robot.id]]);
    await w.check();
    // U2 buys at the take-profit price (U3's cheaper ask gone): the robot sells, and ends with its P&L.
    value(await w.desks.spot.cancelAll({ user: U3, symbol: 'BTCUSDT' }));
    value(await limit(U2, 'buy', '60190.03', open[0]!.openQty));
    v = value(await w.desks.spot.bot(robot.id, U1));
    expect(v).toMatchObject({ status: 'ended', stage: 'end', endReason: 'take_profit', openOrders: 0 });
    expect(v.stages.map((s) => s.stage)).toEqual(['start', 'queue', 'capture', 'buy', 'sell', 'end']);
    expect(v.stages.every((s, i) => i === 0 || s.time >= v.stages[i - 1]!.time)).toBe(true);
    const b1 = await balances(U1);
    expect(b1.USDT!.frozen).toBe('0');
    // Realized P&L = what came back − 100, from the fills and fees alone.
    expect(toUnits(v.returnedQuote) - toUnits('100')).toBe(toUnits(v.soldQuote) - toUnits(v.feeQuote) - toUnits(v.boughtQuote));
    await w.check();

    // A second robot sells at the market when its time is up.
    value(await limit(U3, 'sell', '60010', '1'));
    const r2 = value(await w.desks.spot.startBot({ user: U1, kind: 'robot', symbol: 'BTCUSDT', investment: '100', robot: { durationS: 60, takeProfitBps: 100, stopLossBps: 100 } }));
    value(await w.desks.spot.botTick(tapes));
    value(await w.desks.spot.botTick(tapes));
    expect(value(await w.desks.spot.bot(r2.id, U1)).stage).toBe('buy');
    await w.restart(); // the holding robot survives a restart
    w.clock.advance(60_000);
    value(await w.desks.spot.botTick(tapes));
    v = value(await w.desks.spot.bot(r2.id, U1));
    expect(v).toMatchObject({ status: 'ended', endReason: 'time_limit' });
    expect(v.stages.at(-2)).toMatchObject({ stage: 'sell', reason: 'time_limit' });
    expect(toUnits(v.returnedQuote)).toBeLessThan(toUnits('100')); // bought at the ask, sold at the bid: a loss, shown
    await w.check();
  });

  it('never trades a grid with itself when its ladder buys take cheaper asks at the start', async () => {
    await print('60000');
    value(await limit(U3, 'sell', '59300', '0.0215'));
    value(await limit(U2, 'buy', '58000', '0.02'));
    const bot = value(await w.desks.spot.startBot({ user: U1, kind: 'grid', symbol: 'BTCUSDT', investment: '2000', grid: { lower: '59000', upper: '61000', grids: 8, mode: 'arithmetic' } }));
    const fills = await w.store.quant.fills(bot.id, 1000);
    const own = new Set((await w.store.spot.openOrders()).filter((o) => o.strategyId === bot.id).map((o) => o.id));
    // Every fill's other side is someone else's order: no trade has the bot on both sides.
    const trades = await w.t.store.db.selectFrom('spot_trades').select(['taker_order', 'maker_order']).execute();
    const botOrders = new Set((await w.t.store.db.selectFrom('spot_orders').select(['id', 'strategy_id']).execute()).filter((r) => Number(r.strategy_id) === bot.id).map((r) => Number(r.id)));
    expect(trades.filter((t) => botOrders.has(Number(t.taker_order)) && botOrders.has(Number(t.maker_order)))).toEqual([]);
    expect(fills.length).toBeGreaterThan(1);
    // One order per level, never more than its grids.
    const open = value(await w.desks.spot.openOrders(U1)).filter((o) => own.has(o.orderId));
    expect(new Set(open.map((o) => o.price)).size).toBe(open.length);
    expect(open.length).toBeLessThanOrEqual(8);
    await w.check();
  });

  /**
   * The desk over a store whose commits the test holds (`gate`), and a market where a robot captures a price and buys
   * nothing (an ask past its band), so two ticks (`tapes`) start and end it unfilled.
   */
  const robotThatEndsUnfilled = async () => {
    const { store, gate } = heldCommits(w.store);
    await w.restart({ store });
    await print('60000');
    value(await limit(U3, 'sell', '70000', '1'));
    return { gate, tapes: new Map([['BTCUSDT', { trades: 1, vwap: '60000' }]]) };
  };

  it('answers a repeated client id with the bot it started and ended in batches still being committed', async () => {
    const { gate, tapes } = await robotThatEndsUnfilled();
    const req = { user: U1, kind: 'robot' as const, symbol: 'BTCUSDT', investment: '100', clientId: 'robot-1', robot: { durationS: 120, takeProfitBps: 30, stopLossBps: 50 } };
    // Started, captured and ended (no fill) in one batch; the repeat's look-up hands that batch to the store, which
    // holds it: the bot is then neither running, nor in the repeat's batch, nor in the store.
    gate.held = true;
    const first = w.desks.spot.startBot(req);
    const ticks = [w.desks.spot.botTick(tapes), w.desks.spot.botTick(tapes)];
    const again = w.desks.spot.startBot(req);
    await new Promise((go) => setTimeout(go, 50));
    gate.release();
    const bot = value(await first);
    for (const t of ticks) value(await t);
    const repeat = value(await again);
    expect(repeat.id).toBe(bot.id);
    expect(repeat).toMatchObject({ status: 'ended', endReason: 'no_fill' });
    expect((await w.store.quant.byUser({ user: U1, statuses: ['running', 'ended'], offset: 0, limit: 10 })).total).toBe(1);
    expect((await balances(U1)).USDT).toMatchObject({ available: '5000', frozen: '0' });
    // Once committed, the store answers the same, a restart included (its filter of stored ids says "maybe").
    expect(value(await w.desks.spot.startBot(req))).toMatchObject({ id: bot.id, status: 'ended' });
    await w.restart();
    expect(value(await w.desks.spot.startBot(req))).toMatchObject({ id: bot.id, status: 'ended' });
    expect((await w.store.quant.byUser({ user: U1, statuses: ['running', 'ended'], offset: 0, limit: 10 })).total).toBe(1);
    await w.check();
  });

  it('answers a stop by id of a bot that ended in a batch still being committed: ended, not unknown', async () => {
    const { gate, tapes } = await robotThatEndsUnfilled();
    const id = (await w.store.quant.maxId()) + 1;
    gate.held = true;
    const first = w.desks.spot.startBot({ user: U1, kind: 'robot', symbol: 'BTCUSDT', investment: '100', robot: { durationS: 120, takeProfitBps: 30, stopLossBps: 50 } });
    const ticks = [w.desks.spot.botTick(tapes), w.desks.spot.botTick(tapes)];
    // The stop's look-up hands the batch that ended the bot to the store, which holds it.
    const stop = w.desks.spot.stopBot({ user: U1, botId: id });
    await new Promise((go) => setTimeout(go, 50));
    gate.release();
    expect(value(await first).id).toBe(id);
    for (const t of ticks) value(await t);
    expect(await stop).toEqual({ ok: false, code: 'quant.bot.ended' });
    expect(await w.desks.spot.stopBot({ user: U1, botId: id })).toEqual({ ok: false, code: 'quant.bot.ended' });
    expect(await w.desks.spot.stopBot({ user: U1, botId: id + 1 })).toEqual({ ok: false, code: 'quant.bot.not.found' });
    await w.check();
  });

  it('takes no bot id for a start whose reserve is refused: the next bot is numbered as a rebuilt desk numbers it', async () => {
    await print('60000');
    const last = await w.store.quant.maxId();
    // The reserve refused after every check passed (the ledger said no): nothing is stored, no id may be taken.
    const ledger = (w.desks.spot as unknown as { s: SpotState }).s.ledger;
    const tryPost = ledger.tryPost.bind(ledger);
    ledger.tryPost = (batch, reason, ...rest) => (reason === 'quant.reserve' ? { code: Code.LEDGER_NEGATIVE, entry: null } : tryPost(batch, reason, ...rest));
    expect(await grid()).toEqual({ ok: false, code: 'funds.insufficient' });
    ledger.tryPost = tryPost;
    const bot = value(await grid());
    expect(bot.id).toBe(last + 1);
    value(await w.desks.spot.stopBot({ user: U1, botId: bot.id }));
    await w.restart();
    expect(value(await grid()).id).toBe(bot.id + 1);
    await w.check();
  });

  it('makes one bot of 50 identical starts raced at once, and refuses a huge investment changing nothing', async () => {
    await print('60000');
    value(await limit(U3, 'sell', '60010', '1'));
    const req = { user: U1, kind: 'grid' as const, symbol: 'BTCUSDT', investment: '1000', clientId: 'race-1', grid: { lower: '59000', upper: '61000', grids: 4, mode: 'arithmetic' as const } };
    const replies = await Promise.all(Array.from({ length: 50 }, () => w.desks.spot.startBot(req)));
    const ids = new Set(replies.map((r) => value(r).id));
    expect(ids.size).toBe(1);
    expect((await balances(U1)).USDT!.available).toBe('4000');
    const before = await balances(U1);
    expect(await w.desks.spot.startBot({ ...req, clientId: 'race-2', investment: '999999999999.99999999' })).toEqual({ ok: false, code: 'funds.insufficient' });
    expect(await w.desks.spot.startBot({ ...req, clientId: 'race-3', investment: '1'.repeat(30) })).toEqual({ ok: false, code: 'quant.investment.invalid' });
    expect(await balances(U1)).toEqual(before);
    // After a restart the client id still answers the same bot (from the store).
    await w.restart();
    expect(value(await w.desks.spot.startBot(req)).id).toBe([...ids][0]);
    await w.check();
  });
});

