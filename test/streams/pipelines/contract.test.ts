import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asyncScheduler, type Subscription } from 'rxjs';
import type {
  ContractAccountItem, ContractBracketItem, ContractMarketItem, ContractOrderItem, ContractPositionItem, ContractPositionsReply, DepthSnapshot, Ticker24h,
} from '../../../streams/contract.ts';
import { dataOf } from '../../../streams/loadable.ts';
import type { MarketRest } from '../../../streams/rest/market.ts';
import { createStreams, type Streams, type StreamsOptions } from '../../../streams/runtime.ts';
import { advance, FakeWsServer, MockSocket, WS_URL } from '../support.ts';

// BTCUSDT's first two brackets (0.4 % and 0.5 %, cum 50) are all these sizes reach.
const BRACKETS: ContractBracketItem[] = [
  { bracket: 1, notionalFloor: '0', notionalCap: '50000', maxLeverage: 125, maintenanceMarginRate: '0.4', maintenanceAmount: '0' },
  { bracket: 2, notionalFloor: '50000', notionalCap: '600000', maxLeverage: 100, maintenanceMarginRate: '0.5', maintenanceAmount: '50' },
];
const market = (symbol: string, markPrice: string): ContractMarketItem => ({
  symbol, codeName: symbol, base: symbol.replace('USDT', ''), quote: 'USDT', multiplier: '0.001', tickSize: '0.1', minQuantity: '0.001', maxQuantity: '1000',
  minNotional: '5', maxNotional: '1000000', defaultLeverage: 20, maxLeverage: 125, makerFeePercent: '0.02', takerFeePercent: '0.05',
  liquidationFeePercent: '1.25', priceBandPercent: '5', isOpen: 0, maintenance: false, markPrice, indexPrice: markPrice, fundingRate: '0.01',
  lastFundingRate: '0.01', nextFundingTime: 1_000, brackets: BRACKETS,
});
// A 0.1 BTC cross long at 50,000 (20x) and a 1 ETH isolated short at 3,000 (10x, 300 margin).
const btc: ContractPositionItem = {
  symbol: 'BTCUSDT', codeName: 'BTC/USDT', direction: 'long', quantity: '0.1', lots: 100, multiplier: '0.001', leverage: 20, marginType: 'cross',
  entryPrice: '50000', markPrice: '50000', notional: '5000', margin: '250', entrustMargin: '0', unrealizedPnl: '0', entryNotional: '5000',
  marginRatio: '2', profitRate: '0', maintenanceMargin: '20', liquidationPrice: '40160.64257029', adlQuantile: 0, takeProfit: null, stopLoss: null,
};
const eth: ContractPositionItem = {
  ...btc, symbol: 'ETHUSDT', codeName: 'ETH/USDT', direction: 'short', quantity: '1', lots: 1000, leverage: 10, marginType: 'isolated', entryPrice: '3000',
  markPrice: '3000', notional: '3000', margin: '300', entryNotional: '3000', marginRatio: '4', maintenanceMargin: '12', liquidationPrice: '3286.85258964',
};
const account: ContractAccountItem = {
  asset: 'USDT', walletBalance: '1300', crossWalletBalance: '1000', unrealizedPnl: '0', marginBalance: '1300', positionMargin: '550', entrustMargin: '0',
  crossMaintenance: '20', crossMarginRatio: '2', available: '750', time: 500,
};
const reply: ContractPositionsReply = { positions: [btc, eth], settings: [{ symbol: 'BTCUSDT', leverage: 20, marginType: 'cross' }], account };
const mark = (s: string, p: string, E: number) => ({ e: 'markPriceUpdate', E, s, p, i: p, r: '0.0001', T: 9_000 });
const order = (orderNo: number, status: ContractOrderItem['status'], updateTime: number, closeMode: ContractOrderItem['closeMode'] = null): ContractOrderItem => ({
  orderNo, clientOrderId: null, symbol: 'BTCUSDT', codeName: 'BTC/USDT', side: 'buy', direction: 'long', closing: closeMode !== null, type: 'limit', price: '49000',
  quantity: '0.1', lots: 100, multiplier: '0.001', leverage: 20, marginType: 'cross', reduceOnly: false, postOnly: false, timeInForce: 'GTC', margin: '0',
  entrustMargin: '245', status, tradedQuantity: status === 'completed' ? '0.1' : '0', tradedTotal: '0', avgPrice: null, openPrice: null, closePrice: null, fee: '0',
  openFee: '0', closeFee: '0', feeAsset: 'USDT', realizedPnl: '0', profitRate: null, closeMode, time: orderNo, updateTime, cancelTime: null, closeTime: null,
});

const rest: MarketRest = {
  depth: async (): Promise<DepthSnapshot> => ({ lastUpdateId: 1, bids: [], asks: [] }),
  trades: async () => [],
  klines: async () => [],
  tickers: async () => [],
  ticker: async (symbol) => ({ symbol }) as Ticker24h,
};

let server: FakeWsServer;
let streams: Streams;
let subscriptions: Subscription[];
let loads: Record<'markets' | 'positions' | 'orders', number>;
let seedOrders: ContractOrderItem[];

function start(extra: Partial<StreamsOptions> = {}): void {
  streams = createStreams({
    url: WS_URL, WebSocket: MockSocket, rest, frameScheduler: asyncScheduler, teardownMs: 2_000, reconnect: { random: () => 0, minReconnectMs: 100 },
    loadContractMarkets: async () => {
      loads.markets += 1;
      return [market('BTCUSDT', '50000'), market('ETHUSDT', '3000')];
    },
    loadContractPositions: async () => {
      loads.positions += 1;
      return reply;
    },
    loadContractOrders: async () => {
      loads.orders += 1;
      return seedOrders;
    },
    ...extra,
  });
}
function watch<T>(source: { subscribe(f: (v: T) => void): Subscription }): T[] {
  const seen: T[] = [];
  subscriptions.push(source.subscribe((v) => seen.push(v)));
  return seen;
}
const last = <T>(seen: T[]): T => seen[seen.length - 1]!;

beforeEach(() => {
  vi.useFakeTimers();
  server = new FakeWsServer().start();
  subscriptions = [];
  loads = { markets: 0, positions: 0, orders: 0 };
  seedOrders = [];
});
afterEach(() => {
  for (const s of subscriptions) s.unsubscribe();
  streams.close();
  server.stop();
  vi.useRealTimers();
});

describe('contract markets', () => {
  it('merge the polled list with each market\'s live mark, once per frame', async () => {
    start();
    const seen = watch(streams.contractMarkets$());
    await advance(50);
    expect(server.topics('subscribe').sort()).toEqual(['funding@BTCUSDT', 'funding@ETHUSDT', 'markPrice@BTCUSDT', 'markPrice@ETHUSDT']);
    expect(dataOf(last(seen))?.get('BTCUSDT')?.markPrice).toBe('50000');
    const before = seen.length;
    server.event('markPrice@BTCUSDT', 1, mark('BTCUSDT', '50100.50000000', 2_000));
    server.event('markPrice@BTCUSDT', 2, mark('BTCUSDT', '50200.00000000', 3_000));
    server.event('funding@BTCUSDT', 1, { symbol: 'BTCUSDT', fundingRate: '0.0125', nextFundingTime: 9_000, countdown: 6_000, time: 3_000 });
    await advance(20);
    expect(seen.length).toBe(before + 1);
    const views = dataOf(last(seen))!;
    expect(views.get('BTCUSDT')).toMatchObject({ markPrice: '50200', indexPrice: '50200', fundingRate: '0.0125', nextFundingTime: 9_000 });
    // The market that did not move is the same object.
    expect(views.get('ETHUSDT')).toBe(dataOf(seen[before - 1]!)!.get('ETHUSDT'));
  });

  it('read the list again every 30 s while watched', async () => {
    start();
    watch(streams.contractMark$('BTCUSDT'));
    await advance(50);
    expect(loads.markets).toBe(1);
    await advance(30_000);
    expect(loads.markets).toBe(2);
  });
});

describe('contract positions', () => {
  it('are idle signed out, seeded after auth, and recomputed at every mark', async () => {
    start();
    const symbols = watch(streams.contractPositionSymbols$());
    const row = watch(streams.contractPosition$('BTCUSDT'));
    const ethRow = watch(streams.contractPosition$('ETHUSDT'));
    const acct = watch(streams.contractAccount$());
    await advance(50);
    expect(last(symbols)).toEqual({ status: 'idle' });
    expect(last(row)).toBeNull();
    streams.setTicket('t-1');
    await advance(50);
    expect(server.topics('subscribe')).toEqual(expect.arrayContaining(['contractPositions', 'contractAccount', 'markPrice@BTCUSDT', 'markPrice@ETHUSDT']));
    expect(loads.positions).toBe(1);
    expect(last(symbols)).toEqual({ status: 'success', data: ['BTCUSDT', 'ETHUSDT'] });
    expect(last(row)).toEqual(btc);

    // BTC rises 1 %: the cross long gains 50; its row, the account and the cross ratio move; ETH's row does not.
    const symbolsBefore = symbols.length;
    const ethBefore = last(ethRow);
    server.event('markPrice@BTCUSDT', 1, mark('BTCUSDT', '50500.00000000', 1_000));
    await advance(20);
    expect(last(row)).toMatchObject({ markPrice: '50500', notional: '5050', unrealizedPnl: '50', profitRate: '20', maintenanceMargin: '20.2', marginRatio: '1.92381' });
    expect(last(ethRow)).toBe(ethBefore);
    expect(symbols.length).toBe(symbolsBefore);
    expect(dataOf(last(acct))).toMatchObject({ unrealizedPnl: '50', marginBalance: '1350', crossMaintenance: '20.2', crossMarginRatio: '1.92381' });

    // The position closes: the row goes, the symbols change once.
    server.event('contractPositions', 1, { symbol: 'BTCUSDT', leverage: 20, marginType: 'cross', position: null, time: 2_000 });
    await advance(20);
    expect(last(row)).toBeNull();
    expect(last(symbols)).toEqual({ status: 'success', data: ['ETHUSDT'] });

    streams.setTicket(null);
    await advance(2_000);
    expect(last(symbols)).toEqual({ status: 'idle' });
  });

  it('re-read the seed on every fresh run: a reconnect does not keep a position the seed no longer has', async () => {
    start();
    const symbols = watch(streams.contractPositionSymbols$());
    streams.setTicket('t-1');
    await advance(50);
    expect(dataOf(last(symbols))).toEqual(['BTCUSDT', 'ETHUSDT']);
    reply.positions = [eth];
    reply.account = { ...account, time: 5_000 };
    try {
      server.stop();
      await advance(200);
      server.start();
      await advance(3_000);
      expect(loads.positions).toBe(2);
      expect(dataOf(last(symbols))).toEqual(['ETHUSDT']);
    } finally {
      reply.positions = [btc, eth];
      reply.account = account;
    }
  });

  it('settings come from the reply and the updates', async () => {
    start();
    const settings = watch(streams.contractSettings$('BTCUSDT'));
    streams.setTicket('t-1');
    await advance(50);
    expect(last(settings)).toEqual({ leverage: 20, marginType: 'cross' });
    server.event('contractPositions', 1, { symbol: 'BTCUSDT', leverage: 50, marginType: 'cross', position: btc, time: 2_000 });
    await advance(20);
    expect(last(settings)).toEqual({ leverage: 50, marginType: 'cross' });
  });
});

describe('contract orders and notices', () => {
  it('pending orders: seed, events, and a fresh run drops what ended meanwhile', async () => {
    start();
    seedOrders = [order(1, 'pending', 10), order(2, 'pending', 10)];
    const seen = watch(streams.contractOrders$());
    streams.setTicket('t-1');
    await advance(50);
    expect(dataOf(last(seen))?.map((o) => o.orderNo)).toEqual([2, 1]);
    server.event('contractOrders', 1, order(3, 'pending', 20));
    server.event('contractOrders', 2, order(1, 'completed', 30));
    await advance(20);
    expect(dataOf(last(seen))?.map((o) => o.orderNo)).toEqual([3, 2]);
    // Order 2 ended while the socket was down: the next seed leaves it out.
    seedOrders = [order(3, 'pending', 20)];
    server.stop();
    await advance(200);
    server.start();
    await advance(3_000);
    expect(loads.orders).toBe(2);
    expect(dataOf(last(seen))?.map((o) => o.orderNo)).toEqual([3]);
  });

  it('a liquidation close is a notice, once', async () => {
    start();
    const notices = watch(streams.contractNotices$());
    streams.setTicket('t-1');
    await advance(50);
    server.event('contractOrders', 1, order(9, 'pending', 10, 'liquidation'));
    server.event('contractOrders', 2, order(9, 'completed', 11, 'liquidation'));
    server.event('contractOrders', 3, order(9, 'completed', 11, 'liquidation'));
    server.event('contractOrders', 4, order(10, 'completed', 12, 'manual'));
    await advance(20);
    expect(notices.map((o) => [o.orderNo, o.status])).toEqual([[9, 'completed']]);
  });
});
