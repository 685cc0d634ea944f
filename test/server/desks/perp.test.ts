// The perp desk over a real store: funds come in by transfer from the coin wallet, orders trade into positions,
// a mark liquidates, and a restart rebuilds positions, resting orders and the fund exactly; the journal verifies.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { placedBy } from '../../../server/desks/perp/fired.ts';
import { assetRecords } from '../../../server/desks/queries.ts';
import { describeDialects } from '../dialects.ts';
import { openWorld, U1, U2, U3, value, type World } from './world.ts';

const E8 = 100_000_000n;
const usdt = (n: number) => BigInt(n) * E8;

describeDialects('perp desk', (dialect) => {
  let w: World;
  beforeEach(async () => {
    w = await openWorld(dialect);
    for (const u of [U1, U2, U3]) {
      await w.credit(u, 'USDT', '10000');
      value(await w.desks.transfers.transfer({ user: u, asset: 'USDT', amount: '5000', from: 'coin', to: 'contract' }));
    }
    // The first mark: limit prices are checked against a band around it.
    value(await w.desks.perp.mark({ symbol: 'BTCUSDT', mark: usdt(50_000), index: usdt(50_000), fundingRate: null }));
  });
  afterEach(async () => w.dispose());

  const check = async () => {
    await w.check();
    await w.desks.perp.checkInvariants();
  };

  it('trades into positions, keeps them over a restart with the resting orders, and records margin and fees', async () => {
    value(await w.desks.perp.setLeverage({ user: U1, symbol: 'BTCUSDT', leverage: 10 }));
    const rest = value(await w.desks.perp.place({ user: U2, symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '50000', qty: '0.1', clientOrderId: 'ask-1' }));
    expect(rest.order).toMatchObject({ status: 'new', openQty: 10_000_000n });
    const take = value(await w.desks.perp.place({ user: U1, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', qty: '0.04' }));
    expect(take.order.status).toBe('filled');
    expect(take.fills).toEqual([{ tradeId: 1, price: '50000', qty: '0.04', fee: '1', realizedPnl: '0', maker: false }]);
    // A repeat of a client order id answers the first order.
    const again = value(await w.desks.perp.place({ user: U2, symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '50000', qty: '0.1', clientOrderId: 'ask-1' }));
    expect(again.duplicate).toBe(true);
    await check();

    // A mark while positions are open is recorded (the public record of marks), so a restart knows it.
    value(await w.desks.perp.mark({ symbol: 'BTCUSDT', mark: usdt(50_000), index: usdt(50_000), fundingRate: null }));
    const before = await w.desks.perp.positions(U1);
    expect(before).toEqual([expect.objectContaining({ symbol: 'BTCUSDT', lots: 4_000, leverage: 10, mode: 'cross', cost: usdt(2_000), margin: usdt(200) })]);
    await w.restart();
    await check();
    expect(await w.desks.perp.positions(U1)).toEqual(before);
    expect((await w.desks.perp.openOrders(U2)).map((o) => [o.id, o.openQty])).toEqual([[rest.order.id, 6_000_000n]]);
    // The restored order still trades, in its place.
    const rest2 = value(await w.desks.perp.place({ user: U3, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', qty: '0.06' }));
    expect(rest2.fills.map((f) => f.qty)).toEqual(['0.06']);
    await check();

    const records = value(await assetRecords(w.store, { user: U1, wallet: 'contract', pageSize: 100 }));
    expect(records.list.map((r) => r.type)).toEqual(expect.arrayContaining(['long_margin', 'open_long_fee', 'transfer_in']));
  });

  it('liquidates an isolated position on the mark, at the book, and leaves the clearance fee to the insurance fund', async () => {
    value(await w.desks.perp.setMarginMode({ user: U1, symbol: 'BTCUSDT', mode: 'isolated' }));
    value(await w.desks.perp.setLeverage({ user: U1, symbol: 'BTCUSDT', leverage: 20 }));
    value(await w.desks.perp.place({ user: U2, symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '50000', qty: '0.02' }));
    value(await w.desks.perp.place({ user: U1, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', qty: '0.02' }));
    value(await w.desks.perp.mark({ symbol: 'BTCUSDT', mark: usdt(48_000), index: usdt(48_000), fundingRate: null }));
    value(await w.desks.perp.place({ user: U3, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '47600', qty: '0.02' }));
    const r = value(await w.desks.perp.mark({ symbol: 'BTCUSDT', mark: usdt(47_690), index: usdt(47_690), fundingRate: null }));
    expect(r.liquidated).toBe(1);
    expect((await w.desks.perp.positions(U1)).filter((p) => p.lots !== 0)).toEqual([]);
    expect(await w.desks.perp.insurance()).toBeGreaterThan(0n);
    await check();
    await w.restart();
    await check();
    const liquidations = await w.store.perp.liquidations({ user: U1, limit: 10 });
    expect(liquidations).toHaveLength(1);
    const records = value(await assetRecords(w.store, { user: U1, wallet: 'contract', pageSize: 100 }));
    expect(records.list.map((r) => r.type)).toContain('liquidation_fee');
  });

  it('keeps unrealized losses covered: a transfer out can not take what a losing cross position needs', async () => {
    value(await w.desks.perp.place({ user: U2, symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '50000', qty: '1' }));
    value(await w.desks.perp.place({ user: U1, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', qty: '1' }));
    value(await w.desks.perp.mark({ symbol: 'BTCUSDT', mark: usdt(49_000), index: usdt(49_000), fundingRate: null }));
    // 5,000 in, 2,500 margin and 25 fee held or paid: 2,475 available, less the 1,000 unrealized loss.
    expect(await w.desks.transfers.transfer({ user: U1, asset: 'USDT', amount: '1476', from: 'contract', to: 'coin' })).toEqual({ ok: false, code: 'funds.insufficient' });
    value(await w.desks.transfers.transfer({ user: U1, asset: 'USDT', amount: '1475', from: 'contract', to: 'coin' }));
    await check();
  });

  it('keeps a position’s take-profit and stop-loss over a restart and closes the position when the mark reaches one', async () => {
    value(await w.desks.perp.place({ user: U2, symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '50000', qty: '0.1' }));
    value(await w.desks.perp.place({ user: U1, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', qty: '0.1' }));
    // For a long, a take-profit must be above the mark and a stop-loss below it.
    expect(await w.desks.perp.setTpSl({ user: U1, symbol: 'BTCUSDT', takeProfit: '49000' })).toEqual({ ok: false, code: 'perp.order.would.trigger' });
    expect(await w.desks.perp.setTpSl({ user: U1, symbol: 'BTCUSDT', stopLoss: '51000' })).toEqual({ ok: false, code: 'perp.order.would.trigger' });
    const set = value(await w.desks.perp.setTpSl({ user: U1, symbol: 'BTCUSDT', takeProfit: '52000', stopLoss: '48000' }));
    expect(set.takeProfit).toMatchObject({ kind: 'take_profit_market', origin: 'tp', closePosition: true, triggerPrice: usdt(52_000) });
    expect(set.stopLoss).toMatchObject({ kind: 'stop_market', origin: 'sl', closePosition: true, triggerPrice: usdt(48_000) });
    // Moving the stop-loss replaces it.
    const moved = value(await w.desks.perp.setTpSl({ user: U1, symbol: 'BTCUSDT', stopLoss: '47500' }));
    expect(moved.stopLoss?.triggerPrice).toBe(usdt(47_500));
    expect((await w.desks.perp.conditionals(U1)).map((o) => o.origin)).toEqual(['tp', 'sl']);
    await w.restart();
    await check();
    expect((await w.desks.perp.conditionals(U1)).map((o) => [o.origin, o.triggerPrice])).toEqual([['tp', usdt(52_000)], ['sl', usdt(47_500)]]);
    // A bid for the stop-loss to sell into, then the mark falls through 47,500.
    value(await w.desks.perp.mark({ symbol: 'BTCUSDT', mark: usdt(48_000), index: usdt(48_000), fundingRate: null }));
    value(await w.desks.perp.place({ user: U3, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '47400', qty: '0.1' }));
    value(await w.desks.perp.mark({ symbol: 'BTCUSDT', mark: usdt(47_450), index: usdt(47_450), fundingRate: null }));
    expect((await w.desks.perp.positions(U1)).filter((p) => p.lots !== 0)).toEqual([]);
    // The take-profit went with the position; the stop-loss's order shows where it came from.
    expect(await w.desks.perp.conditionals(U1)).toEqual([]);
    const history = await w.store.perp.orderHistory({ user: U1, pageIndex: 1, pageSize: 20 });
    expect(history.list.map((o) => [o.kind, o.origin, o.status])).toEqual(
      expect.arrayContaining([['market', 'sl', 'filled'], ['stop_market', 'sl', 'filled'], ['take_profit_market', 'tp', 'expired']]),
    );
    await check();
  });

  it('records every market\'s mark, positions or not: each change, an unchanged one again after a minute, the one a liquidation used', async () => {
    // The first mark (beforeEach) came with no position anywhere: recorded all the same.
    const t0 = w.clock.now();
    expect(await w.store.perp.marks({ symbol: 'BTCUSDT', limit: 10 })).toEqual([{ symbol: 'BTCUSDT', time: t0, mark: usdt(50_000), indexPrice: usdt(50_000), fundingRate: null }]);
    // Unchanged in the same minute: not written again; the first of the next minute is; a change, at once.
    const minute = Math.ceil((t0 + 1) / 60_000) * 60_000;
    w.clock.advance(minute - 1 - t0);
    value(await w.desks.perp.mark({ symbol: 'BTCUSDT', mark: usdt(50_000), index: usdt(50_001), fundingRate: null }));
    expect(await w.store.perp.marks({ symbol: 'BTCUSDT', limit: 10 })).toHaveLength(1);
    w.clock.advance(1);
    value(await w.desks.perp.mark({ symbol: 'BTCUSDT', mark: usdt(50_000), index: usdt(50_000), fundingRate: null }));
    w.clock.advance(1);
    value(await w.desks.perp.mark({ symbol: 'BTCUSDT', mark: usdt(50_000), index: usdt(50_000), fundingRate: null }));
    value(await w.desks.perp.mark({ symbol: 'ETHUSDT', mark: usdt(2_000), index: usdt(2_000), fundingRate: null }));
    w.clock.advance(1);
    value(await w.desks.perp.mark({ symbol: 'BTCUSDT', mark: usdt(50_001), index: usdt(50_000), fundingRate: null }));
    expect((await w.store.perp.marks({ symbol: 'BTCUSDT', limit: 10 })).map((m) => [m.time, m.mark])).toEqual([[minute + 2, usdt(50_001)], [minute, usdt(50_000)], [t0, usdt(50_000)]]);
    expect(await w.store.perp.lastMark('ETHUSDT')).toMatchObject({ time: minute + 1, mark: usdt(2_000) });

    // An isolated long whose liquidation closes against the only short's bid: no position is left after that mark.
    value(await w.desks.perp.setMarginMode({ user: U1, symbol: 'BTCUSDT', mode: 'isolated' }));
    value(await w.desks.perp.setLeverage({ user: U1, symbol: 'BTCUSDT', leverage: 20 }));
    value(await w.desks.perp.place({ user: U2, symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '50000', qty: '0.02' }));
    value(await w.desks.perp.place({ user: U1, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', qty: '0.02' }));
    value(await w.desks.perp.mark({ symbol: 'BTCUSDT', mark: usdt(48_000), index: usdt(48_000), fundingRate: null }));
    value(await w.desks.perp.place({ user: U2, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '47600', qty: '0.02' }));
    w.clock.advance(1_000);
    expect(value(await w.desks.perp.mark({ symbol: 'BTCUSDT', mark: usdt(47_690), index: usdt(47_690), fundingRate: null })).liquidated).toBe(1);
    expect((await w.desks.perp.openPositions({ symbol: 'BTCUSDT' }))).toEqual([]);
    // Recomputing the liquidation: the mark in force at its time is the last recorded at or before it, and is its mark.
    const [liquidation] = await w.store.perp.liquidations({ user: U1, limit: 1 });
    const [inForce] = await w.store.perp.marks({ symbol: 'BTCUSDT', to: liquidation!.time, limit: 1 });
    expect(inForce).toMatchObject({ time: liquidation!.time, mark: liquidation!.mark });
    expect(liquidation!.mark).toBe(usdt(47_690));
    await check();
  });

  it('closes no position where there is none, however many orders rest (not a zero-quantity order)', async () => {
    // U1 has resting orders in BTC (margin held) and no position anywhere.
    value(await w.desks.perp.place({ user: U1, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '49000', qty: '0.01' }));
    expect((await w.desks.perp.positions(U1)).map((p) => [p.symbol, p.lots])).toEqual([['BTCUSDT', 0]]);
    expect(await w.desks.perp.closePosition({ user: U1, symbol: 'BTCUSDT' })).toEqual({ ok: true, value: [] });
    expect(await w.desks.perp.closePosition({ user: U1 })).toEqual({ ok: true, value: [] });
    // With a position in BTC and orders resting in ETH too, closing all closes the position only.
    value(await w.desks.perp.mark({ symbol: 'ETHUSDT', mark: usdt(2_000), index: usdt(2_000), fundingRate: null }));
    value(await w.desks.perp.place({ user: U1, symbol: 'ETHUSDT', side: 'buy', type: 'limit', price: '1990', qty: '0.1' }));
    value(await w.desks.perp.place({ user: U2, symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '49000', qty: '0.01' }));
    value(await w.desks.perp.place({ user: U3, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '48900', qty: '0.01' }));
    const closed = value(await w.desks.perp.closePosition({ user: U1 }));
    expect(closed.map((r) => [r.order.symbol, r.order.side, r.order.filledQty])).toEqual([['BTCUSDT', 'sell', 1_000_000n]]);
    expect((await w.desks.perp.openOrders(U1)).map((o) => o.symbol)).toEqual(['ETHUSDT']);
    await check();
  });

  it('cuts a resting reduce-only order to its shrunk position in its row, its user\'s open orders and events, and expires it with the position', async () => {
    value(await w.desks.perp.place({ user: U2, symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '50000', qty: '0.05' }));
    value(await w.desks.perp.place({ user: U1, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', qty: '0.05' }));
    const closing = value(await w.desks.perp.place({ user: U1, symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '50500', qty: '0.05', reduceOnly: true, clientOrderId: 'tp-1' }));
    value(await w.desks.perp.place({ user: U3, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '49900', qty: '0.1' }));
    const id = closing.order.id;
    const told = () => w.events.filter((x) => x.topic === `user.${U1}.perpOrder` && x.event.type === 'perp.order' && x.event.order.id === id).map((x) => x.event);
    const before = told().length;

    // U1 sells 0.03 with a plain order: the position is 0.02, and the reduce-only ask is cut to it.
    w.clock.advance(1_000);
    value(await w.desks.perp.place({ user: U1, symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '49900', qty: '0.03' }));
    const cut = { id, clientOrderId: 'tp-1', status: 'new', qty: 2_000_000n, openQty: 2_000_000n, filledQty: 0n, updatedAt: w.clock.now(), closedAt: null };
    expect((await w.desks.perp.openOrders(U1)).map((o) => ({ ...o }))).toEqual([expect.objectContaining(cut)]);
    expect(await w.store.perp.order(U1, id)).toMatchObject(cut);
    expect(told().slice(before)).toEqual([
      { type: 'perp.order', order: expect.objectContaining({ id, status: 'new', qty: '0.02', openQty: '0.02', filledQty: '0', updatedAt: w.clock.now() }) },
    ]);
    expect(value(await w.desks.perp.depth('BTCUSDT', 10)).asks).toEqual([['50500', '0.02']]);
    await check();
    // The stored row is what a restart puts back on the book.
    await w.restart();
    await check();
    expect(value(await w.desks.perp.depth('BTCUSDT', 10)).asks).toEqual([['50500', '0.02']]);
    expect(await w.desks.perp.openOrders(U1)).toEqual([expect.objectContaining(cut)]);

    // The rest of the position closes: nothing is left to reduce, so the order expires (reduce-only), told once.
    w.clock.advance(1_000);
    value(await w.desks.perp.place({ user: U1, symbol: 'BTCUSDT', side: 'sell', type: 'market', qty: '0.02', reduceOnly: true }));
    const ended = { id, status: 'expired', closeCode: 141, qty: 2_000_000n, openQty: 0n, filledQty: 0n, updatedAt: w.clock.now(), closedAt: w.clock.now() };
    expect(await w.desks.perp.openOrders(U1)).toEqual([]);
    expect(await w.store.perp.order(U1, id)).toMatchObject(ended);
    expect(told().slice(-1)).toEqual([{ type: 'perp.order', order: expect.objectContaining({ id, status: 'expired', closeCode: 141, openQty: '0', qty: '0.02' }) }]);
    expect(value(await w.desks.perp.depth('BTCUSDT', 10)).asks).toEqual([]);
    await check();
  });

  it('still finds the order a take-profit placed after that reduce-only order was cut to a shrunk position', async () => {
    value(await w.desks.perp.place({ user: U2, symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '50000', qty: '0.05' }));
    value(await w.desks.perp.place({ user: U1, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', qty: '0.05' }));
    const tp = value(await w.desks.perp.placeConditional({
      user: U1, symbol: 'BTCUSDT', side: 'sell', type: 'take_profit', triggerPrice: '51000', price: '52000', qty: '0.05', reduceOnly: true,
    }));
    // The mark reaches the trigger: a reduce-only ask of 0.05 at 52,000 rests.
    w.clock.advance(1_000);
    value(await w.desks.perp.mark({ symbol: 'BTCUSDT', mark: usdt(51_000), index: usdt(51_000), fundingRate: null }));
    const [placed] = await w.desks.perp.openOrders(U1);
    expect(placed).toMatchObject({ origin: 'trigger', reduceOnly: true, qty: 5_000_000n, price: usdt(52_000) });
    // U1 sells 0.03 with a plain order: the ask is cut to 0.02.
    value(await w.desks.perp.place({ user: U3, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50900', qty: '0.03' }));
    value(await w.desks.perp.place({ user: U1, symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '50900', qty: '0.03' }));
    expect((await w.desks.perp.openOrders(U1)).map((o) => [o.id, o.qty])).toEqual([[placed!.id, 2_000_000n]]);
    const fired = (await w.store.perp.orderHistory({ user: U1, pageIndex: 1, pageSize: 20 })).list.filter((o) => o.id === tp.id);
    expect(fired).toMatchObject([{ status: 'filled' }]);
    const pairs = await placedBy(w.store.perp, U1, fired);
    expect(pairs.get(tp.id)?.id).toBe(placed!.id);
    await check();
  });

  it('stores the margins funding moved, so a restart after funding rebuilds the same positions', async () => {
    value(await w.desks.perp.setMarginMode({ user: U1, symbol: 'BTCUSDT', mode: 'isolated' }));
    value(await w.desks.perp.place({ user: U2, symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '50000', qty: '0.1' }));
    value(await w.desks.perp.place({ user: U1, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', qty: '0.1' }));
    // The isolated long pays 0.1 % of 5,000 USDT out of its own margin; the cross short receives it.
    value(await w.desks.perp.funding({ symbol: 'BTCUSDT', rate: 100_000n as never, mark: usdt(50_000) }));
    const before = await w.desks.perp.positions(U1);
    expect(before[0]).toMatchObject({ mode: 'isolated', margin: usdt(250) - usdt(5) });
    await w.restart();
    await check();
    expect(await w.desks.perp.positions(U1)).toEqual(before);
  });
});
