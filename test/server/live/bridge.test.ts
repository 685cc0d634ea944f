// The bridge from desk bus events to MarketData: snapshot after subscribing, buffered events the snapshot already
// holds dropped, the rest applied; a gap or a new epoch re-snapshots; trades parsed back to ticks and lots.
import { describe, expect, it } from 'vitest';
import { createInProcessBus } from '../../../server/bus/index.ts';
import type { DeskEvent, DepthSnapshot, Reply } from '../../../server/desks/index.ts';
import { bridgeSpotToMarket } from '../../../server/market/bridge.ts';
import { MarketData } from '../../../server/market/service.ts';
import { BTC, memoryCandles } from '../market/fixtures.ts';

type Book = [string, string][];

function setUp(initial: { epoch: string; seq: number; bids: Book; asks: Book }) {
  const bus = createInProcessBus<DeskEvent>({ onError: (e) => { throw e; } });
  let snapshot = initial;
  let asked = 0;
  let release: () => void = () => undefined;
  const desk = {
    depth: async (): Promise<Reply<DepthSnapshot>> => {
      asked++;
      // The answer waits until the test lets it go, so events can arrive between subscribing and the snapshot.
      await new Promise<void>((resolve) => (release = resolve));
      return { ok: true, value: { symbol: 'BTCUSDT', ...snapshot } };
    },
  };
  const errors: unknown[] = [];
  return {
    bus,
    desk,
    errors,
    asked: () => asked,
    setSnapshot: (s: typeof initial) => (snapshot = s),
    release: () => release(),
    open: async () => {
      const md = await MarketData.open({ markets: [BTC], candles: memoryCandles() });
      const bridge = bridgeSpotToMarket({ bus, desk, market: md, onError: (e) => errors.push(e) });
      return { md, bridge };
    },
  };
}

const book = (epoch: string, seq: number, bids: Book, asks: Book = []): DeskEvent => ({ type: 'book', symbol: 'BTCUSDT', epoch, seq, time: 1, bids, asks });
const levels = (md: MarketData) => {
  const d = md.depth('BTCUSDT', 100);
  return { bids: d.bids, asks: d.asks };
};

describe('spot → market data bridge', () => {
  it('starts from the snapshot, drops what it holds, applies what came after', async () => {
    const t = setUp({ epoch: 'e1', seq: 2, bids: [['100', '1']], asks: [['101', '0.5']] });
    const { md, bridge } = await t.open();
    t.bus.publish('spot.BTCUSDT.book', book('e1', 2, [['100', '1']])); // already in the snapshot
    t.bus.publish('spot.BTCUSDT.book', book('e1', 3, [['99', '2']]));
    t.release();
    await bridge.ready;
    expect(levels(md)).toEqual({ bids: [[10_000, 100_000], [9_900, 200_000]], asks: [[10_100, 50_000]] });
    t.bus.publish('spot.BTCUSDT.book', book('e1', 4, [['100', '0']], [['101', '0.25']]));
    expect(levels(md)).toEqual({ bids: [[9_900, 200_000]], asks: [[10_100, 25_000]] });
    expect(t.errors).toEqual([]);
    bridge.close();
  });

  it('re-snapshots on a gap and on a new epoch, removing levels that went away', async () => {
    const t = setUp({ epoch: 'e1', seq: 0, bids: [['100', '1']], asks: [] });
    const { md, bridge } = await t.open();
    t.release();
    await bridge.ready;
    t.setSnapshot({ epoch: 'e1', seq: 9, bids: [['98', '3']], asks: [] });
    t.bus.publish('spot.BTCUSDT.book', book('e1', 5, [['97', '1']])); // gap: 1..4 missing
    expect(t.asked()).toBe(2);
    t.release();
    await new Promise((r) => setTimeout(r, 10));
    expect(levels(md)).toEqual({ bids: [[9_800, 300_000]], asks: [] });
    t.setSnapshot({ epoch: 'e2', seq: 1, bids: [['96', '1']], asks: [] });
    t.bus.publish('spot.BTCUSDT.book', book('e2', 1, [['96', '1']]));
    t.release();
    await new Promise((r) => setTimeout(r, 10));
    expect(t.asked()).toBe(3);
    expect(levels(md)).toEqual({ bids: [[9_600, 100_000]], asks: [] });
    bridge.close();
  });

  it('records trades in ticks and lots, once', async () => {
    const t = setUp({ epoch: 'e1', seq: 0, bids: [], asks: [] });
    const { md, bridge } = await t.open();
    t.release();
    await bridge.ready;
    const trade: DeskEvent = { type: 'trade', symbol: 'BTCUSDT', tradeId: 7, price: '95000.5', qty: '0.002', quote: '190.001', takerSide: 'sell', takerOrder: 1, makerOrder: 2, time: 1000 };
    t.bus.publish('spot.BTCUSDT.trade', trade);
    t.bus.publish('spot.BTCUSDT.trade', trade);
    expect(md.trades('BTCUSDT')).toEqual([expect.objectContaining({ id: 7, price: 9_500_050, qty: 200, quoteQty: 19_000_100_000n, isBuyerMaker: true })]);
    bridge.close();
    t.bus.publish('spot.BTCUSDT.trade', { ...trade, tradeId: 8 });
    expect(md.trades('BTCUSDT')).toHaveLength(1);
  });
});
