// Binance-style limits, per process and in memory (a restart forgets them; several gateways each count their own):
// request weight per client address per minute (-1003) and new orders per API key per 10 seconds (-1015), both
// answered with 429 and the counters in Binance's headers so clients (ccxt) can pace themselves.
import { BinanceError } from './errors.ts';

export const WEIGHT_PER_MINUTE = 6000;
export const ORDERS_PER_10S = 100;

/** Fixed windows: each key counts from the start of the current window of `ms`. */
export class Windows {
  private readonly counts = new Map<string, number>();
  private start = 0;
  private readonly ms: number;
  constructor(ms: number) {
    this.ms = ms;
  }
  /** Adds `n` to `key`'s count in the window holding `now`, and returns the new count. */
  add(key: string, n: number, now: number): number {
    const start = now - (now % this.ms);
    if (start !== this.start) {
      // A new window: the old counts are done with, so memory never outgrows one window's keys.
      this.counts.clear();
      this.start = start;
    }
    const count = (this.counts.get(key) ?? 0) + n;
    this.counts.set(key, count);
    return count;
  }
}

export function weightExceeded(): BinanceError {
  return new BinanceError(-1003, `Too much request weight used; current limit is ${WEIGHT_PER_MINUTE} request weight per 1 MINUTE.`, 429);
}

export function ordersExceeded(): BinanceError {
  return new BinanceError(-1015, `Too many new orders; current limit is ${ORDERS_PER_10S} orders per 10 SECOND.`, 429);
}

/** The limits above in Binance's exchangeInfo `rateLimits` form. */
export const REQUEST_WEIGHT_LIMIT = { rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: WEIGHT_PER_MINUTE } as const;
export const ORDERS_LIMIT = { rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 10, limit: ORDERS_PER_10S } as const;
