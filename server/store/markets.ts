// The market list and each market's trading rules. Ordered by the operator's sort column, then symbol, so pages
// are stable. Listing rows leave the money columns out (they are read exactly through config()).
import { sql, type Kysely, type Selectable } from 'kysely';
import { money, toAmount } from './money.ts';
import type { Database, MarketsTable } from './schema.ts';

const LISTING = ['symbol', 'base', 'quote', 'kind', 'sort', 'is_open', 'maintenance'] as const;
export type MarketRow = Pick<Selectable<MarketsTable>, (typeof LISTING)[number]>;

/** A market with its rules; amounts in minor units. */
export interface MarketConfig {
  readonly symbol: string;
  readonly base: string;
  readonly quote: string;
  readonly kind: string;
  readonly sort: number;
  /** 0 means open (spec: isOpen 0 is open). */
  readonly isOpen: number;
  readonly maintenance: boolean;
  readonly tickSize: bigint;
  readonly lotSize: bigint;
  readonly minQty: bigint;
  readonly maxQty: bigint;
  readonly minNotional: bigint;
  readonly maxNotional: bigint;
  readonly priceBandBps: number;
}

const MONEY = ['tick_size', 'lot_size', 'min_qty', 'max_qty', 'min_notional', 'max_notional'] as const;

export function createMarkets(db: Kysely<Database>) {
  const configs = () =>
    db
      .selectFrom('markets')
      .select([...LISTING, 'price_band_bps', ...MONEY.map((c) => money(c).as(c))])
      .orderBy('sort')
      .orderBy('symbol');
  type Row = Awaited<ReturnType<ReturnType<typeof configs>['executeTakeFirstOrThrow']>>;
  const toConfig = (r: Row): MarketConfig => ({
    symbol: r.symbol,
    base: r.base,
    quote: r.quote,
    kind: r.kind,
    sort: r.sort,
    isOpen: r.is_open,
    maintenance: r.maintenance !== 0,
    tickSize: toAmount(r.tick_size),
    lotSize: toAmount(r.lot_size),
    minQty: toAmount(r.min_qty),
    maxQty: toAmount(r.max_qty),
    minNotional: toAmount(r.min_notional),
    maxNotional: toAmount(r.max_notional),
    priceBandBps: r.price_band_bps,
  });

  return Object.freeze({
    async page(offset: number, limit: number): Promise<{ rows: MarketRow[]; total: number }> {
      const rows = await db
        .selectFrom('markets')
        .select([...LISTING])
        .orderBy('sort')
        .orderBy('symbol')
        .offset(offset)
        .limit(limit)
        .execute();
      const total = await db.selectFrom('markets').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
      return { rows, total: Number(total.n) };
    },
    find: (symbol: string) => db.selectFrom('markets').select([...LISTING]).where('symbol', '=', symbol).executeTakeFirst(),
    /** Every market of a kind with its rules (all kinds when omitted). */
    configs: async (kind?: string) => (await (kind === undefined ? configs() : configs().where('kind', '=', kind)).execute()).map(toConfig),
    config: async (symbol: string) => {
      const row = await configs().where('symbol', '=', symbol).executeTakeFirst();
      return row ? toConfig(row) : undefined;
    },
    /** Opens or closes a market (isOpen 0 = open) and sets its maintenance flag; false if there is no such market. */
    async setStatus(symbol: string, status: { isOpen?: number; maintenance?: boolean }): Promise<boolean> {
      const set: { is_open?: number; maintenance?: number } = {};
      if (status.isOpen !== undefined) set.is_open = status.isOpen;
      if (status.maintenance !== undefined) set.maintenance = status.maintenance ? 1 : 0;
      const result = await db.updateTable('markets').set(set).where('symbol', '=', symbol).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  });
}

export type Markets = ReturnType<typeof createMarkets>;
