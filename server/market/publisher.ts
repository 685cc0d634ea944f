// Drives market data on timers: depth diffs, trades and live bars every 100 ms, tickers of markets that traded
// every second, candle writes every second. Returns one cleanup that stops the timers and writes what is left.
import type { Clock } from '../clock.ts';
import type { Candle } from './candles.ts';
import type { DepthDiff } from './depth.ts';
import type { MarketData, Ticker } from './service.ts';
import type { RecentTrade } from './trades.ts';

export type MarketMessage =
  | { readonly topic: 'depth'; readonly symbol: string; readonly diff: DepthDiff }
  | { readonly topic: 'trade'; readonly symbol: string; readonly trade: RecentTrade }
  | { readonly topic: 'kline'; readonly symbol: string; readonly candle: Candle }
  | { readonly topic: 'ticker'; readonly symbol: string; readonly ticker: Ticker };

export interface PublisherOptions {
  readonly clock: Clock;
  readonly publish: (message: MarketMessage) => void;
  /** A failed candle write; the bars stay queued and the next flush retries them. */
  readonly onError: (error: unknown) => void;
  readonly depthIntervalMs?: number;
  readonly tickerIntervalMs?: number;
  readonly flushIntervalMs?: number;
}

export function setUpMarketPublisher(md: MarketData, options: PublisherOptions): () => Promise<void> {
  const { clock, publish } = options;
  const traded = new Set<string>();

  const fast = setInterval(() => {
    // Trades before depth: a client sees the print, then the book without the liquidity it took.
    for (const a of md.takeActivity()) {
      traded.add(a.symbol);
      for (const trade of a.trades) publish({ topic: 'trade', symbol: a.symbol, trade });
      for (const candle of a.candles) publish({ topic: 'kline', symbol: a.symbol, candle });
    }
    for (const diff of md.takeDepthDiffs(clock())) publish({ topic: 'depth', symbol: diff.symbol, diff });
  }, options.depthIntervalMs ?? 100);

  const slow = setInterval(() => {
    const now = clock();
    for (const symbol of traded) {
      const ticker = md.ticker(symbol, now);
      if (ticker !== null) publish({ topic: 'ticker', symbol, ticker });
    }
    traded.clear();
  }, options.tickerIntervalMs ?? 1000);

  let writing: Promise<void> | null = null;
  // One write at a time, and a tick that finds one running skips: a slow database must not pile up flushes.
  const write = (): Promise<void> =>
    (writing ??= md
      .flush()
      .then(() => undefined, options.onError)
      .finally(() => {
        writing = null;
      }));
  const flusher = setInterval(write, options.flushIntervalMs ?? 1000);

  return async () => {
    clearInterval(fast);
    clearInterval(slow);
    clearInterval(flusher);
    await writing;
    await write();
  };
}
