// A spot market as the desk holds it: the kernel's market units and engine, the aggregate levels it publishes,
// and the operator's flags (open, maintenance, price band) that decide whether it takes new orders.
import { asset, defineMarket, FastBook, type Ledger, type Market, type Price, type Qty, type Side, SpotEngine } from '../../kernel/index.ts';
import type { MarketConfig } from '../../store/markets.ts';
import { Levels } from './levels.ts';

export interface SpotMarket {
  readonly symbol: string;
  readonly market: Market;
  readonly engine: SpotEngine;
  readonly levels: Levels;
  isOpen: number;
  maintenance: boolean;
  bandBps: number;
  /** Book events published for this market in this desk's lifetime. */
  bookSeq: number;
}

function lots(config: MarketConfig, minor: bigint, what: string): Qty {
  if (minor % config.lotSize !== 0n) throw new RangeError(`${config.symbol}: ${what} is not a whole number of lots`);
  const n = minor / config.lotSize;
  if (n > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`${config.symbol}: ${what} is too large`);
  return Number(n) as Qty;
}

/** The kernel's view of a stored market; throws with the market's name when its rules are inconsistent. */
export function kernelMarket(config: MarketConfig): Market {
  if (config.lotSize <= 0n || config.tickSize <= 0n) throw new RangeError(`${config.symbol}: tick and lot size must be set`);
  return defineMarket({
    symbol: config.symbol,
    base: asset(config.base),
    quote: asset(config.quote),
    tickSize: config.tickSize,
    lotSize: config.lotSize,
    minQty: lots(config, config.minQty, 'min_qty'),
    maxQty: lots(config, config.maxQty, 'max_qty'),
    minNotional: config.minNotional as Market['minNotional'],
    maxNotional: config.maxNotional as Market['maxNotional'],
  });
}

export function openMarket(config: MarketConfig, ledger: Ledger, nextTrade: number, lastPrice = 0): SpotMarket {
  const market = kernelMarket(config);
  // Small initial pools: twelve idle markets shouldn't cost megabytes; the book doubles them as it fills. A fired
  // conditional market order is bounded by the band as the operator has it at that moment.
  const bandBps = () => self.bandBps;
  const engine = new SpotEngine({ market, book: new FastBook(1 << 12, 1 << 8), ledger, wallet: 'coin', nextTrade, bandBps, lastPrice });
  const self: SpotMarket = {
    symbol: config.symbol,
    market,
    engine,
    levels: new Levels(),
    isOpen: config.isOpen,
    maintenance: config.maintenance,
    bandBps: config.priceBandBps,
    bookSeq: 0,
  };
  return self;
}

/** The band's edge from a reference price (quote minor units per coin), in ticks: rounded toward the reference. */
export function bandBound(m: SpotMarket, side: Side, reference: bigint): Price | null {
  const bps = BigInt(m.bandBps);
  const tick = m.market.tickSize;
  const ticks = side === 'buy' ? (reference * (10_000n + bps)) / 10_000n / tick : (reference * (10_000n - bps) + 10_000n * tick - 1n) / 10_000n / tick;
  return ticks >= 1n && ticks <= BigInt(Number.MAX_SAFE_INTEGER) ? (Number(ticks) as Price) : null;
}

/** Is a limit price within the band around a reference? */
export function inBand(m: SpotMarket, price: Price, reference: bigint): boolean {
  const minor = BigInt(price) * m.market.tickSize * 10_000n;
  const bps = BigInt(m.bandBps);
  return minor <= reference * (10_000n + bps) && minor >= reference * (10_000n - bps);
}
