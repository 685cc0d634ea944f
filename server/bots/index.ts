// The bots startServer runs: the market maker (one bot user quoting every spot market and every perpetual, and
// sending the small crossing orders that make the spot markets trade) and, on the perpetuals, a second bot user that
// sends those crossing orders there. They trade through the same desk calls as any user; stop() ends their timers
// and waits for the work in flight.
import type { Clock } from '../clock.ts';
import type { Desks } from '../desks/index.ts';
import type { Market, Price, Side } from '../kernel/index.ts';
import type { Store } from '../store/index.ts';
import { DEFAULT_SEED } from '../feeds/live-index.ts';
import { ensureBotUser, fundOnce } from './account.ts';
import { MarketMaker, type MarketMakerOptions } from './market-maker.ts';
import { perpAsSpot } from './perp-maker.ts';
import { PERP_SEED_OFFSET, TAKER_EMAIL, TAKER_MARGIN, TAKER_NICKNAME } from './perp-backfill.ts';

export { TAKER_EMAIL, TAKER_MARGIN, TAKER_NICKNAME };

export interface BotLog {
  info(msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface BotsOptions {
  readonly desks: Desks;
  readonly store: Store;
  readonly clock: Clock;
  readonly markets: readonly Market[];
  readonly indexPrice: (symbol: string) => Price | null;
  readonly seed?: number | undefined;
  readonly log: BotLog;
  /** Overrides of the market maker's pacing and inventory (tests). */
  readonly maker?: Partial<Pick<MarketMakerOptions, 'tickMs' | 'perTick' | 'inventory'>> | undefined;
}

export interface Bots {
  /** The market maker's user id. */
  readonly user: number;
  stop(): Promise<void>;
}

export async function startBots(o: BotsOptions): Promise<Bots> {
  const user = await ensureBotUser(o.store, o.clock);
  const maker = new MarketMaker({
    spot: o.desks.spot,
    wallet: o.desks.byWallet.coin,
    user,
    markets: o.markets,
    indexPrice: o.indexPrice,
    clock: o.clock,
    seed: o.seed ?? DEFAULT_SEED,
    log: o.log,
    ...o.maker,
  });
  // The same bot quotes the perpetuals from its contract wallet; a second bot account sends the crossing orders
  // there (the perp desk would expire the maker's own against its quotes), so the contracts trade as spot does.
  const perpMarkets = o.desks.perp.markets().map((p) => p.market);
  const perpDesk = perpAsSpot(o.desks.perp, perpMarkets);
  const taker = await ensureBotUser(o.store, o.clock, TAKER_EMAIL, TAKER_NICKNAME);
  if (perpMarkets.length > 0 && (await fundOnce(o.desks.contract, taker, perpMarkets[0]!.quote, TAKER_MARGIN))) o.log.info('perpetuals taker funded');
  const lean = async (symbol: string): Promise<Side | null> => {
    const held = (await o.desks.perp.positions(taker)).find((p) => p.symbol === symbol)?.lots ?? 0;
    return held > 0 ? 'sell' : held < 0 ? 'buy' : null;
  };
  const perp = new MarketMaker({
    spot: perpDesk,
    taker: { user: taker, spot: perpDesk, lean },
    wallet: o.desks.contract,
    user,
    markets: perpMarkets,
    indexPrice: o.indexPrice,
    clock: o.clock,
    seed: (o.seed ?? DEFAULT_SEED) + PERP_SEED_OFFSET,
    log: o.log,
    fundBase: false,
    ...o.maker,
  });
  return { user, stop: async () => void (await Promise.all([maker.stop(), perp.stop()])) };
}
