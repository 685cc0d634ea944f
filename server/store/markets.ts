// The market list. Ordered by the operator's sort column, then symbol, so pages are stable.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, MarketsTable } from './schema.ts';

export type MarketRow = Selectable<MarketsTable>;

export function createMarkets(db: Kysely<Database>) {
  return Object.freeze({
    async page(offset: number, limit: number): Promise<{ rows: MarketRow[]; total: number }> {
      const rows = await db
        .selectFrom('markets')
        .selectAll()
        .orderBy('sort')
        .orderBy('symbol')
        .offset(offset)
        .limit(limit)
        .execute();
      const total = await db.selectFrom('markets').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
      return { rows, total: Number(total.n) };
    },
    find: (symbol: string) => db.selectFrom('markets').selectAll().where('symbol', '=', symbol).executeTakeFirst(),
  });
}

export type Markets = ReturnType<typeof createMarkets>;
