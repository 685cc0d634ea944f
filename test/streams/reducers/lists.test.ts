import { describe, expect, it } from 'vitest';
import type { BalanceUpdate, OrderUpdate, Ticker24h } from '../../../streams/contract.ts';
import type { Candle, Trade } from '../../../streams/parse/market.ts';
import { balanceKey, mergeBalances, noBalances } from '../../../streams/reducers/balances.ts';
import { applyCandle, applyCandleInPlace, mergeHistory } from '../../../streams/reducers/candles.ts';
import { mergeOrders, noOrders, orderList } from '../../../streams/reducers/orders.ts';
import { mergeTickers, noTickers } from '../../../streams/reducers/tickers.ts';
import { addTrade, addTradeInPlace, mergeTrades } from '../../../streams/reducers/trades.ts';

const trade = (id: number): Trade => ({ id, price: '100', qty: '1', time: id, isBuyerMaker: false });
const bar = (time: number, close: string, trades: number, closed = false): Candle => ({
  time, closeTime: time + 59_999, open: '100', high: '110', low: '90', close, volume: '1', quoteVolume: '100', trades, closed,
});
const order = (orderId: number, updateTime: number, status: OrderUpdate['status'] = 'NEW'): OrderUpdate => ({
  orderId, clientOrderId: null, symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', price: '100', origQty: '1',
  executedQty: status === 'FILLED' ? '1' : '0', cumulativeQuoteQty: '0', status, time: orderId, updateTime, trigger: null, orderListId: null,
});

describe('trades ring', () => {
  it('keeps the newest first and never more than the bound', () => {
    let ring: readonly Trade[] = [];
    for (let id = 1; id <= 25; id++) ring = addTrade(ring, trade(id), 10);
    expect(ring).toHaveLength(10);
    expect(ring.map((t) => t.id)).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16]);
  });

  it('drops repeats and merges REST history under live prints', () => {
    let ring = addTrade(addTrade([], trade(5)), trade(5));
    expect(ring.map((t) => t.id)).toEqual([5]);
    ring = mergeTrades(ring, [trade(3), trade(4), trade(5)], 3);
    expect(ring.map((t) => t.id)).toEqual([5, 4, 3]);
  });
});

describe('candles with a live bar', () => {
  it('replaces the live bar and appends on a new open time', () => {
    let bars = mergeHistory([], [bar(0, '100', 5, true), bar(60_000, '101', 2)]);
    bars = applyCandle(bars, bar(60_000, '105', 3));
    expect(bars).toHaveLength(2);
    expect(bars[1]?.close).toBe('105');
    bars = applyCandle(bars, bar(120_000, '106', 1));
    expect(bars.map((b) => b.time)).toEqual([0, 60_000, 120_000]);
  });

  it('keeps the bar version with more trades when history and events overlap', () => {
    const live = applyCandle([], bar(60_000, '107', 9));
    const merged = mergeHistory(live, [bar(0, '100', 5, true), bar(60_000, '101', 4)]);
    expect(merged.map((b) => b.close)).toEqual(['100', '107']);
    expect(applyCandle(merged, bar(60_000, '99', 1))[1]?.close).toBe('107');
  });

  it('is bounded', () => {
    let bars: readonly Candle[] = [];
    for (let i = 0; i < 20; i++) bars = applyCandle(bars, bar(i * 60_000, '1', 1), 5);
    expect(bars.map((b) => b.time / 60_000)).toEqual([15, 16, 17, 18, 19]);
  });
});

describe('a frame\'s copy, changed in place', () => {
  it('ends as the one-by-one reducers would for trades, repeats and late prints included', () => {
    const ids = [1, 2, 3, 3, 5, 4, 6, 7, 8, 9, 10, 11, 12];
    let kept: readonly Trade[] = [];
    let copy: Trade[] = [];
    for (const id of ids) {
      kept = addTrade(kept, trade(id), 8);
      copy = [...addTradeInPlace(copy, trade(id), 8)];
    }
    expect(copy).toEqual(kept);
  });

  it('ends as the one-by-one reducers would for bars, and tells a bar it had no place for', () => {
    const events = [bar(0, '1', 1), bar(0, '2', 2), bar(60_000, '3', 1), bar(0, '0', 1), bar(60_000, '4', 3), bar(120_000, '5', 1), bar(180_000, '6', 1)];
    let kept: readonly Candle[] = [];
    const copy: Candle[] = [];
    for (const e of events) {
      kept = applyCandle(kept, e, 3);
      applyCandleInPlace(copy, e, 3);
    }
    expect(copy).toEqual(kept);
    expect(applyCandleInPlace(copy, bar(0, '9', 9), 3)).toBeNull();
  });
});

describe('orders and balances', () => {
  it('merges orders by id with the newest updateTime winning', () => {
    let orders = mergeOrders(noOrders, [order(1, 10), order(2, 10)]);
    orders = mergeOrders(orders, [order(1, 20, 'FILLED')]);
    orders = mergeOrders(orders, [order(1, 15, 'NEW')]); // late frame
    expect(orders.get(1)?.status).toBe('FILLED');
    expect(orderList(orders).map((o) => o.orderId)).toEqual([2, 1]);
  });

  it('bounds finished orders but keeps every open one', () => {
    let orders = mergeOrders(noOrders, [order(1, 1)]);
    for (let id = 2; id < 12; id++) orders = mergeOrders(orders, [order(id, id, 'FILLED')], 3);
    expect([...orders.keys()].sort((a, b) => a - b)).toEqual([1, 9, 10, 11]);
  });

  it('merges balances by wallet and asset, newest time winning', () => {
    const b = (wallet: BalanceUpdate['wallet'], available: string, time: number): BalanceUpdate => ({ wallet, asset: 'USDT', available, frozen: '0', time });
    let balances = mergeBalances(noBalances, [b('coin', '10', 5), b('contract', '3', 5)]);
    balances = mergeBalances(balances, [b('coin', '7', 4), b('contract', '4', 6)]);
    expect(balances.get(balanceKey('coin', 'USDT'))?.available).toBe('10');
    expect(balances.get(balanceKey('contract', 'USDT'))?.available).toBe('4');
  });
});

describe('tickers', () => {
  it('keeps one ticker per symbol and ignores an older window', () => {
    const t = (symbol: string, lastPrice: string, closeTime: number) => ({ symbol, lastPrice, closeTime }) as Ticker24h;
    let tickers = mergeTickers(noTickers, [t('BTCUSDT', '100', 10), t('ETHUSDT', '5', 10)]);
    tickers = mergeTickers(tickers, [t('BTCUSDT', '101', 11)]);
    tickers = mergeTickers(tickers, [t('BTCUSDT', '99', 9)]);
    expect(tickers.get('BTCUSDT')?.lastPrice).toBe('101');
    expect(tickers.size).toBe(2);
  });
});
