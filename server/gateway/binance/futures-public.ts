// Binance USDⓈ-M market data on /fapi/v1, from the perp desk (book, funding settings) and the perp store (trades,
// marks, funding, positions): depth, trades, aggTrades, klines, markPriceKlines, premiumIndex, fundingRate,
// fundingInfo, ticker/24hr, ticker/price, ticker/bookTicker, openInterest. Shapes as Binance documents them and
// as ccxt's binanceusdm parses them (notes/libraries-and-protocols.md §4).
import { fundingIntervalMs, nextBoundary } from '../../jobs/perp-marks.ts';
import { defaultFundingCap, E8, formatDecimal, parseDecimal, rate, type PerpMarket } from '../../kernel/index.ts';
import type { Level } from '../../market/index.ts';
import { d8, INTEREST_RATE, type Usdm } from './futures-context.ts';
import { dayStats, fundingHistory, isKlineInterval, lastTrade, markBars, openInterest, publicTrades, tradeBars, type Bar } from './futures-queries.ts';
import { errors } from './errors.ts';
import type { Params } from './params.ts';
import type { Route } from './public.ts';

const DEPTH_LIMITS = [5, 10, 20, 50, 100, 500, 1000];
const DAY = 86_400_000;
const ms = (p: Params, name: string) => p.int(name, 0, Number.MAX_SAFE_INTEGER);
const text8 = (text: string): string => {
  const parsed = parseDecimal(text);
  return parsed.ok ? d8(parsed.value) : text;
};

/** [openTime, open, high, low, close, volume, closeTime, quoteVolume, count, takerBuyVolume, takerBuyQuoteVolume, ignore] */
const kline = (b: Bar) => [
  b.openTime, d8(b.open), d8(b.high), d8(b.low), d8(b.close), d8(b.volume), b.closeTime, d8(b.quoteVolume), b.count, d8(b.takerBuyVolume), d8(b.takerBuyQuoteVolume), '0',
];

/** Percent with 3 decimals (Binance's priceChangePercent), truncated toward zero. */
function percent(change: bigint, base: bigint): string {
  if (base === 0n) return '0.000';
  const scaled = (change * 100_000n) / base;
  return formatDecimal(scaled, 3);
}

/** Funding cap of a market (±75 % × (IMR − MMR) of its first bracket, as the funding job caps the rate). */
const fundingCap = (p: PerpMarket) => defaultFundingCap(rate(E8 / BigInt(p.brackets[0]!.maxLeverage)), p.brackets[0]!.mmr);

export function futuresPublicRoutes(route: Route, u: Usdm): void {
  const db = u.store.db;
  /** symbol or every market, never an unknown one. */
  const selection = (p: Params): { list: PerpMarket[]; single: boolean } => {
    const one = p.symbol();
    if (one !== undefined) return { list: [u.market(one)], single: true };
    return { list: u.markets(), single: false };
  };
  const each = async <T>(p: Params, view: (m: PerpMarket) => Promise<T>) => {
    const { list, single } = selection(p);
    p.done();
    const out = await Promise.all(list.map(view));
    return single ? out[0] : out;
  };
  /**
   * The book as the perp desk's book events built it here (Trading.perpMarket, market/bridge.ts), as the /fstream
   * depth streams send it: lastUpdateId is the desk's update id, the same on every gateway.
   */
  const depthOf = (pm: PerpMarket, levels: number) => {
    const d = u.trading.perpMarket.depth(pm.symbol, levels);
    const side = (list: readonly Level[]) => list.map(([price, lots]) => [d8(BigInt(price) * pm.market.tickSize), d8(BigInt(lots) * pm.market.lotSize)] as const);
    return { lastUpdateId: d.lastUpdateId, bids: side(d.bids), asks: side(d.asks) };
  };

  route('GET', '/depth', async (p) => {
    const m = u.market(p.requiredSymbol());
    const limit = p.int('limit', 1, 1000, 500)!;
    if (!DEPTH_LIMITS.includes(limit)) throw errors.value('limit');
    p.done();
    const book = depthOf(m, limit);
    const now = u.clock();
    return { lastUpdateId: book.lastUpdateId, E: now, T: now, bids: book.bids, asks: book.asks };
  });

  route('GET', '/trades', async (p) => {
    const m = u.market(p.requiredSymbol());
    const limit = p.int('limit', 1, 1000, 500)!;
    p.done();
    return (await publicTrades(db, m.symbol, { limit })).map((t) => ({
      id: t.id, price: d8(t.price), qty: d8(t.qty), quoteQty: d8(t.quote), time: t.time, isBuyerMaker: t.takerSide === 'sell',
    }));
  });

  // Every trade is its own aggregate (no merging of same-price fills).
  route('GET', '/aggTrades', async (p) => {
    const m = u.market(p.requiredSymbol());
    const fromId = ms(p, 'fromId');
    const startTime = ms(p, 'startTime');
    const endTime = ms(p, 'endTime');
    const limit = p.int('limit', 1, 1000, 500)!;
    p.done();
    if (fromId !== undefined && (startTime !== undefined || endTime !== undefined)) throw errors.combination();
    return (await publicTrades(db, m.symbol, { fromId, startTime, endTime, limit })).map((t) => ({
      a: t.id, p: d8(t.price), q: d8(t.qty), f: t.id, l: t.id, T: t.time, m: t.takerSide === 'sell',
    }));
  });

  const klines = (bars: typeof tradeBars) => async (p: Params) => {
    const m = u.market(p.requiredSymbol());
    const interval = p.required('interval');
    if (!isKlineInterval(interval)) throw errors.interval();
    const startTime = ms(p, 'startTime');
    const endTime = ms(p, 'endTime');
    const limit = p.int('limit', 1, 1500, 500)!;
    p.done();
    if (startTime !== undefined && endTime !== undefined && startTime > endTime) throw errors.combination();
    return (await bars(db, m.symbol, interval, { startTime, endTime, limit })).map(kline);
  };
  route('GET', '/klines', klines(tradeBars));
  route('GET', '/markPriceKlines', klines(markBars));

  route('GET', '/premiumIndex', (p) =>
    each(p, async (m) => {
      const now = u.clock();
      const mark = await u.mark(m.symbol);
      const funding = u.trading.perpFunding(m.symbol);
      const index = mark?.index ?? u.index(m.symbol);
      const predicted = funding?.rate ?? mark?.fundingRate ?? null;
      const settled = predicted === null ? (await fundingHistory(db, { symbol: m.symbol, limit: 1 }))[0]?.rate : undefined;
      return {
        symbol: m.symbol,
        markPrice: d8(mark?.mark ?? 0n),
        indexPrice: d8(index ?? 0n),
        estimatedSettlePrice: d8(mark?.mark ?? 0n),
        lastFundingRate: d8(predicted ?? settled ?? 0n),
        interestRate: INTEREST_RATE,
        nextFundingTime: funding?.nextFundingTime ?? mark?.nextFundingTime ?? nextBoundary(now, fundingIntervalMs(m)),
        time: now,
        // Beyond Binance's fields: what the mark is the median of (server/desks/perp/README.md), so anyone can
        // recompute it: index × (1 + lastFundingRate × time to funding / interval), lastFundingRate being the
        // predicted rate published above, index + MA₃₀(book mid − index), and the last contract price.
        ...(mark?.inputs === undefined
          ? {}
          : {
              markPriceInputs: {
                price1: text8(mark.inputs.price1), price2: text8(mark.inputs.price2), contractPrice: text8(mark.inputs.contractPrice),
                basisAverage: text8(mark.inputs.basisAverage), basisSamples: mark.inputs.basisSamples,
              },
            }),
      };
    }),
  );

  route('GET', '/fundingRate', async (p) => {
    const one = p.symbol();
    const symbol = one === undefined ? undefined : u.market(one).symbol;
    const startTime = ms(p, 'startTime');
    const endTime = ms(p, 'endTime');
    const limit = p.int('limit', 1, 1000, 100)!;
    p.done();
    return (await fundingHistory(db, { symbol, startTime, endTime, limit })).map((f) => ({
      symbol: f.symbol, fundingRate: d8(f.rate), fundingTime: f.time, markPrice: d8(f.mark),
    }));
  });

  route('GET', '/fundingInfo', (p) => {
    p.done();
    return u.markets().map((m) => {
      const cap = fundingCap(m);
      return { symbol: m.symbol, adjustedFundingRateCap: d8(cap), adjustedFundingRateFloor: d8(-cap), fundingIntervalHours: m.fundingIntervalHours ?? 8, disclaimer: false };
    });
  });

  route('GET', '/ticker/24hr', async (p) => {
    const { list, single } = selection(p);
    p.done();
    const now = u.clock();
    const stats = await dayStats(db, list.map((m) => m.symbol), now - DAY);
    const out = await Promise.all(
      list.map(async (m) => {
        const s = stats.get(m.symbol);
        const base = { symbol: m.symbol, openTime: now - DAY, closeTime: now };
        if (s === undefined) {
          const last = await lastTrade(db, m.symbol);
          const zero = d8(0n);
          return {
            ...base, priceChange: zero, priceChangePercent: '0.000', weightedAvgPrice: zero, lastPrice: d8(last?.price ?? 0n), lastQty: zero, openPrice: zero,
            highPrice: zero, lowPrice: zero, volume: zero, quoteVolume: zero, firstId: -1, lastId: -1, count: 0,
          };
        }
        const change = s.last - s.open;
        return {
          symbol: m.symbol,
          priceChange: d8(change),
          priceChangePercent: percent(change, s.open),
          weightedAvgPrice: s.volume === 0n ? d8(0n) : d8((s.quoteVolume * E8) / s.volume),
          lastPrice: d8(s.last),
          lastQty: d8(s.lastQty),
          openPrice: d8(s.open),
          highPrice: d8(s.high),
          lowPrice: d8(s.low),
          volume: d8(s.volume),
          quoteVolume: d8(s.quoteVolume),
          openTime: base.openTime,
          closeTime: base.closeTime,
          firstId: s.firstId,
          lastId: s.lastId,
          count: s.count,
        };
      }),
    );
    return single ? out[0] : out;
  });

  route('GET', '/ticker/price', (p) =>
    each(p, async (m) => {
      const last = await lastTrade(db, m.symbol);
      return { symbol: m.symbol, price: d8(last?.price ?? 0n), time: last?.time ?? u.clock() };
    }),
  );

  route('GET', '/ticker/bookTicker', (p) =>
    each(p, async (m) => {
      const book = depthOf(m, 1);
      const now = u.clock();
      const [bidPrice, bidQty] = book.bids[0] ?? [d8(0n), d8(0n)];
      const [askPrice, askQty] = book.asks[0] ?? [d8(0n), d8(0n)];
      return { symbol: m.symbol, bidPrice, bidQty, askPrice, askQty, time: now, lastUpdateId: book.lastUpdateId };
    }),
  );

  route('GET', '/openInterest', async (p) => {
    const m = u.market(p.requiredSymbol());
    p.done();
    return { openInterest: d8(await openInterest(db, m.symbol)), symbol: m.symbol, time: u.clock() };
  });
}
