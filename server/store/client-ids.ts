// Every client id a table holds, read in pages along its (user_id, client id) index: how a desk fills its filter of
// stored client ids when it opens (server/desks/client-ids.ts).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from './schema.ts';

const PAGE = 20_000;

type ClientIdTable =
  | { table: 'spot_orders' | 'perp_orders'; column: 'client_order_id' }
  | { table: 'spot_order_lists'; column: 'client_list_id' }
  | { table: 'seconds_contracts' | 'earn_orders' | 'quant_bots'; column: 'client_id' }
  /** A transfer's client id is unique per source wallet: one desk's are those it sent (index from_wallet, user_id, client_id). */
  | { table: 'transfers'; column: 'client_id'; wallet: string };

/** Calls `visit` with each stored `user:clientId` (the desks' key, desks/spot/state.ts clientKey); returns how many. */
export async function eachClientId(db: Kysely<Database>, of: ClientIdTable, visit: (key: string) => void): Promise<number> {
  const table = sql.table(of.table);
  const column = sql.ref(of.column);
  let after: { user: number; id: string } | null = null;
  let count = 0;
  for (;;) {
    const from: RawBuilder<unknown> = after === null ? sql`` : sql`and (user_id, ${column}) > (${after.user}, ${after.id})`;
    const scope: RawBuilder<unknown> = 'wallet' in of ? sql`and from_wallet = ${of.wallet}` : sql``;
    const { rows }: { rows: Array<{ u: number | string; c: string }> } = await sql<{ u: number | string; c: string }>`
      select user_id as u, ${column} as c from ${table} where ${column} is not null ${scope} ${from}
      order by user_id, ${column} limit ${PAGE}`.execute(db);
    for (const r of rows) visit(`${r.u}:${r.c}`);
    count += rows.length;
    if (rows.length < PAGE) return count;
    const last: { u: number | string; c: string } = rows[rows.length - 1]!;
    after = { user: Number(last.u), id: last.c };
  }
}
