// The demo index: geometric Brownian motion per market, deterministic from a seed and the times it is stepped to.
// The model runs in floating point (it is a random walk, not money); what leaves it is an integer tick price.
import { type Market, type Price } from '../kernel/index.ts';
import { COIN_PROFILES, type CoinProfile } from './coins.ts';
import { createPrng, hash32, type Prng } from './prng.ts';
import type { IndexTick } from './types.ts';

export const YEAR_MS = 365.25 * 24 * 3600 * 1000;

export interface SimMarket {
  readonly market: Market;
  readonly profile: CoinProfile;
}

export interface SimulatorOptions {
  readonly seed: number;
  /** Time of the starting prices, Unix ms. */
  readonly start: number;
  readonly markets: readonly SimMarket[];
  /** Resume from these prices (e.g. the last recorded index) instead of the profiles' starting prices. */
  readonly from?: ReadonlyMap<string, Price>;
}

export interface Simulator {
  readonly symbols: readonly string[];
  /** Moves every market to `time` and returns one tick per market; [] when `time` is not after the last step. */
  step(time: number): IndexTick[];
  /** The last emitted (snapped) price. */
  price(symbol: string): Price | undefined;
}

interface Walk {
  readonly market: Market;
  readonly vol: number;
  readonly prng: Prng;
  logPrice: number;
  price: Price;
  seq: number;
}

/** Pairs markets with coin profiles by base asset; a market without a profile is a configuration error. */
export function simMarkets(markets: readonly Market[], profiles: Readonly<Record<string, CoinProfile>> = COIN_PROFILES): SimMarket[] {
  return markets.map((market) => {
    const profile = profiles[market.base];
    if (profile === undefined) throw new RangeError(`no simulator profile for ${market.base} (${market.symbol})`);
    return { market, profile };
  });
}

/** Nearest tick of a price in quote units per coin, never below one tick so the index stays positive. */
export function snapFloat(market: Market, value: number): Price {
  const ticks = Math.round((value * 1e8) / Number(market.tickSize));
  return Math.max(1, ticks) as Price;
}

export function createSimulator(options: SimulatorOptions): Simulator {
  let last = options.start;
  const walks = options.markets.map(({ market, profile }): Walk => {
    const resumed = options.from?.get(market.symbol);
    const startValue = resumed !== undefined ? (resumed * Number(market.tickSize)) / 1e8 : Number(profile.start);
    if (!(startValue > 0)) throw new RangeError(`${market.symbol}: starting price must be > 0`);
    if (!(profile.vol >= 0)) throw new RangeError(`${market.symbol}: vol must be ≥ 0`);
    // One stream per symbol and start, so adding a market leaves the others' paths alone and a restart from a
    // later time does not replay the same shape.
    const prng = createPrng(hash32(`${market.symbol}@${options.start}`, options.seed >>> 0));
    return { market, vol: profile.vol, prng, logPrice: Math.log(startValue), price: snapFloat(market, startValue), seq: 0 };
  });
  const bySymbol = new Map(walks.map((w) => [w.market.symbol, w]));
  if (bySymbol.size !== walks.length) throw new RangeError('simulator: duplicate market symbol');

  return {
    symbols: walks.map((w) => w.market.symbol),
    step(time) {
      if (!(time > last)) return [];
      const dt = (time - last) / YEAR_MS;
      last = time;
      return walks.map((w) => {
        // The -σ²/2 term makes the price a martingale: no expected drift up or down, whatever the vol.
        if (w.vol > 0) w.logPrice += -0.5 * w.vol * w.vol * dt + w.vol * Math.sqrt(dt) * w.prng.normal();
        w.price = snapFloat(w.market, Math.exp(w.logPrice));
        return { symbol: w.market.symbol, price: w.price, time, seq: ++w.seq };
      });
    },
    price: (symbol) => bySymbol.get(symbol)?.price,
  };
}
