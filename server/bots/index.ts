// The bots startServer runs: for now the market maker (one bot user quoting every spot market and every perpetual). They trade
// through the same desk calls as any user; stop() ends their timers and waits for the work in flight.
import type { Clock } from '../clock.ts';
import type { Desks } from '../desks/index.ts';
import type { Market, Price } from '../kernel/index.ts';
import type { Store } from '../store/index.ts';
import { DEFAULT_SEED } from '../feeds/live-index.ts';
import { ensureBotUser } from './account.ts';
import { MarketMaker, type MarketMakerOptions } from './market-maker.ts';
import { perpAsSpot } from './perp-maker.ts';

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
  // The same bot quotes the perpetuals from its contract wallet.
  const perpMarkets = o.desks.perp.markets().map((p) => p.market);
  const perp = new MarketMaker({
    spot: perpAsSpot(o.desks.perp, perpMarkets),
    wallet: o.desks.contract,
    user,
    markets: perpMarkets,
    indexPrice: o.indexPrice,
    clock: o.clock,
    seed: (o.seed ?? DEFAULT_SEED) + 1,
    log: o.log,
    takes: false,
    fundBase: false,
    ...o.maker,
  });
  return { user, stop: async () => void (await Promise.all([maker.stop(), perp.stop()])) };
}
