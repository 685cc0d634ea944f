// Market data as Binance's REST and stream payloads: decimal text from the market's units at this edge only.
import { formatDecimal, formatPrice, formatQty, type Market, type Price, type Qty } from '../kernel/index.ts';
import type { Candle } from './candles.ts';
import type { DepthDiff, DepthSnapshot } from './depth.ts';
import type { Level } from './ladder.ts';
import type { Ticker } from './service.ts';
import type { RecentTrade } from './trades.ts';

type TextLevel = [price: string, qty: string];

const level = (m: Market, [p, q]: Level): TextLevel => [formatPrice(m, p), formatQty(m, q as Qty)];
const minor = (v: bigint) => formatDecimal(v, 8);

/** GET /api/v3/depth */
export function formatDepth(m: Market, s: DepthSnapshot) {
  return { lastUpdateId: s.lastUpdateId, bids: s.bids.map((l) => level(m, l)), asks: s.asks.map((l) => level(m, l)) };
}

/** The <symbol>@depth stream event. */
export function formatDepthDiff(m: Market, d: DepthDiff) {
  return { e: 'depthUpdate', E: d.time, s: d.symbol, U: d.firstUpdateId, u: d.finalUpdateId, b: d.bids.map((l) => level(m, l)), a: d.asks.map((l) => level(m, l)) };
}

/** GET /api/v3/trades item. */
export function formatTrade(m: Market, t: RecentTrade) {
  return { id: t.id, price: formatPrice(m, t.price), qty: formatQty(m, t.qty), quoteQty: minor(t.quoteQty), time: t.time, isBuyerMaker: t.isBuyerMaker, isBestMatch: true };
}

/** The <symbol>@trade stream event. */
export function formatTradeEvent(m: Market, symbol: string, t: RecentTrade) {
  return { e: 'trade', E: t.time, s: symbol, t: t.id, p: formatPrice(m, t.price), q: formatQty(m, t.qty), T: t.time, m: t.isBuyerMaker, M: true };
}

/** Quote per whole coin, 8 decimals, rounded down: exact integer division of the minor-unit sums. */
export function weightedAverage(quoteVolume: bigint, volume: bigint): string {
  return volume === 0n ? '0.00000000' : minor((quoteVolume * 10n ** 8n) / volume);
}

/** GET /api/v3/ticker/24hr */
export function formatTicker(m: Market, t: Ticker) {
  const side = (l: Level | null): TextLevel => (l === null ? ['0.00000000', '0.00000000'] : level(m, l));
  const [bidPrice, bidQty] = side(t.bid);
  const [askPrice, askQty] = side(t.ask);
  const change = t.change;
  return {
    symbol: t.symbol,
    priceChange: (change < 0 ? '-' : '') + formatPrice(m, Math.abs(change) as Price),
    priceChangePercent: t.changePercent.toFixed(3),
    weightedAvgPrice: weightedAverage(t.quoteVolume, t.volume),
    lastPrice: formatPrice(m, t.last),
    lastQty: formatQty(m, t.lastQty as Qty),
    bidPrice,
    bidQty,
    askPrice,
    askQty,
    openPrice: formatPrice(m, t.open),
    highPrice: formatPrice(m, t.high),
    lowPrice: formatPrice(m, t.low),
    volume: minor(t.volume),
    quoteVolume: minor(t.quoteVolume),
    openTime: t.openTime,
    closeTime: t.closeTime,
    firstId: t.firstId,
    lastId: t.lastId,
    count: t.count,
  };
}

/** GET /api/v3/klines row. */
export function formatKline(m: Market, c: Candle): (number | string)[] {
  return [c.openTime, formatPrice(m, c.open), formatPrice(m, c.high), formatPrice(m, c.low), formatPrice(m, c.close), minor(c.volume), c.closeTime, minor(c.quoteVolume), c.count, minor(c.takerBuyVolume), minor(c.takerBuyQuoteVolume), '0'];
}

/** The <symbol>@kline_<interval> stream event; `now` decides whether the bar is closed. */
export function formatKlineEvent(m: Market, c: Candle, now: number) {
  return {
    e: 'kline',
    E: now,
    s: c.symbol,
    k: {
      t: c.openTime, T: c.closeTime, s: c.symbol, i: c.interval, f: c.firstTradeId, L: c.lastTradeId,
      o: formatPrice(m, c.open), c: formatPrice(m, c.close), h: formatPrice(m, c.high), l: formatPrice(m, c.low),
      v: minor(c.volume), n: c.count, x: now > c.closeTime, q: minor(c.quoteVolume), V: minor(c.takerBuyVolume), Q: minor(c.takerBuyQuoteVolume), B: '0',
    },
  };
}
