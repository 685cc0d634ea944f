// Quantitative bots in the store (issue 24; migration 0030_quant). The spot desk writes each bot's latest state in
// its group commit (SpotWrites.bots: on SQLite by the writer thread's prepared statements in sqlite-desk-writes.ts,
// on PostgreSQL here), in the same transaction as the bot's orders and trades. Reads: the desk's rebuild (the running
// bots, the largest id), the app's pages (a user's bots, one bot, its fills) and the operator's list.
import type { Kysely } from 'kysely';
import { QUANT_KINDS, QUANT_STATUSES, QUANT_STRATEGY_TYPE, type QuantKind, type QuantStatus } from '../contract/quant.ts';
import { insertRows, rowsOf } from './bulk.ts';
import { eachClientId } from './client-ids.ts';
import { money, toAmount } from './money.ts';
import type { Database } from './schema.ts';

export interface QuantBotRow {
  readonly id: number;
  readonly user: number;
  readonly clientId: string | null;
  readonly symbol: string;
  readonly kind: QuantKind;
  readonly status: QuantStatus;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly endedAt: number | null;
  /** The desk's memory of the bot, JSON (server/desks/spot/bots.ts owns its shape). */
  readonly state: string;
}

/** One fill of a bot's order, from the bot's side. */
export interface QuantFillRow {
  readonly tradeNo: number;
  readonly orderId: number;
  readonly side: 'buy' | 'sell';
  readonly price: bigint;
  readonly qty: bigint;
  readonly quote: bigint;
  readonly fee: bigint;
  readonly feeAsset: string;
  readonly time: number;
}

/** The tables of migration 0030 (schema.ts's Database type does not list them). */
export interface QuantTables {
  quant_bots: {
    id: number; user_id: number; client_id: string | null; symbol: string; kind: string; status: string; created_at: number; updated_at: number;
    ended_at: number | null; state: string;
  };
}

type Value = string | number | bigint | null;
export const QUANT_BOT_COLUMNS = ['id', 'user_id', 'client_id', 'symbol', 'kind', 'status', 'created_at', 'updated_at', 'ended_at', 'state'] as const;
const excluded = (columns: readonly string[]) => columns.map((c) => `"${c}" = "excluded"."${c}"`).join(', ');
export const QUANT_UPSERT_BOT = `on conflict ("id") do update set ${excluded(['status', 'updated_at', 'ended_at', 'state'])}`;
export const quantBotValues = (b: QuantBotRow): Value[] => [b.id, b.user, b.clientId, b.symbol, b.kind, b.status, b.createdAt, b.updatedAt, b.endedAt, b.state];

const oneOf = <T extends string>(list: readonly string[], v: string, what: string): T => {
  if (!list.includes(v)) throw new Error(`stored ${what} "${v}" is not one of ${list.join(', ')}`);
  return v as T;
};

export type QuantRepo = ReturnType<typeof createQuant>;

export function createQuant(db: Kysely<Database>) {
  const bots = () => db.selectFrom('quant_bots').select(['id', 'user_id', 'client_id', 'symbol', 'kind', 'status', 'created_at', 'updated_at', 'ended_at', 'state']);
  type Sel = Awaited<ReturnType<ReturnType<typeof bots>['executeTakeFirstOrThrow']>>;
  const toRow = (r: Sel): QuantBotRow => ({
    id: Number(r.id), user: Number(r.user_id), clientId: r.client_id, symbol: r.symbol, kind: oneOf<QuantKind>(QUANT_KINDS, r.kind, 'bot kind'),
    status: oneOf<QuantStatus>(QUANT_STATUSES, r.status, 'bot status'), createdAt: Number(r.created_at), updatedAt: Number(r.updated_at),
    endedAt: r.ended_at === null ? null : Number(r.ended_at), state: r.state,
  });
  return Object.freeze({
    /** Writes one batch's bots (inside the caller's transaction: desk-writes.ts). */
    async write(rows: readonly QuantBotRow[]): Promise<void> {
      await insertRows(db, 'quant_bots', rowsOf(rows, QUANT_BOT_COLUMNS, quantBotValues), QUANT_UPSERT_BOT);
    },
    /** Running bots, by id (the desk's rebuild). */
    running: async (): Promise<QuantBotRow[]> => (await bots().where('status', '=', 'running').orderBy('id').execute()).map(toRow),
    maxId: async (): Promise<number> => Number((await db.selectFrom('quant_bots').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst())?.m ?? 0),
    byId: async (id: number): Promise<QuantBotRow | undefined> => {
      const r = await bots().where('id', '=', id).executeTakeFirst();
      return r === undefined ? undefined : toRow(r);
    },
    byClientId: async (user: number, clientId: string): Promise<QuantBotRow | undefined> => {
      const r = await bots().where('user_id', '=', user).where('client_id', '=', clientId).executeTakeFirst();
      return r === undefined ? undefined : toRow(r);
    },
    /** Every stored bot's `user:clientId`, for the spot desk's filter of stored client ids (desks/client-ids.ts). */
    eachClientId: (visit: (key: string) => void): Promise<number> => eachClientId(db, { table: 'quant_bots', column: 'client_id' }, visit),
    /** A user's bots (optionally of one kind and some statuses), newest first, and how many there are. */
    async byUser(q: { user: number; kind?: QuantKind | undefined; statuses: readonly QuantStatus[]; offset: number; limit: number }): Promise<{ rows: QuantBotRow[]; total: number }> {
      let count = db.selectFrom('quant_bots').where('user_id', '=', q.user).where('status', 'in', [...q.statuses]);
      let list = bots().where('user_id', '=', q.user).where('status', 'in', [...q.statuses]);
      if (q.kind !== undefined) {
        count = count.where('kind', '=', q.kind);
        list = list.where('kind', '=', q.kind);
      }
      const total = Number((await count.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
      return { rows: (await list.orderBy('id', 'desc').offset(q.offset).limit(q.limit).execute()).map(toRow), total };
    },
    /** Every user's bots of some statuses, newest first (the operator's list), and how many there are. */
    async recent(q: { statuses: readonly QuantStatus[]; limit: number }): Promise<{ rows: QuantBotRow[]; total: number }> {
      const total = Number((await db.selectFrom('quant_bots').where('status', 'in', [...q.statuses]).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
      return { rows: (await bots().where('status', 'in', [...q.statuses]).orderBy('id', 'desc').limit(q.limit).execute()).map(toRow), total };
    },
    /** A bot's fills, newest first, at most `limit`: the trades of its orders (strategyId = bot). */
    async fills(botId: number, limit: number): Promise<QuantFillRow[]> {
      const ids = db.selectFrom('spot_orders').select('id').where('strategy_id', '=', botId).where('strategy_type', '=', QUANT_STRATEGY_TYPE);
      const rows = await db
        .selectFrom('spot_trades')
        .select([
          'trade_no', 'taker_order', 'maker_order', 'taker_side', money('price').as('price'), money('qty').as('qty'), money('quote').as('quote'),
          money('taker_fee').as('taker_fee'), 'taker_fee_asset', money('maker_fee').as('maker_fee'), 'maker_fee_asset', 'time',
        ])
        .where((eb) => eb.or([eb('taker_order', 'in', ids), eb('maker_order', 'in', ids)]))
        .orderBy('time', 'desc')
        .orderBy('trade_no', 'desc')
        .limit(limit)
        .execute();
      const own = new Set((await ids.execute()).map((r) => Number(r.id)));
      const out: QuantFillRow[] = [];
      for (const r of rows) {
        // Both sides may be the bot's (never its own orders: a grid's buys sit under its sells), so one row each.
        for (const taker of [true, false]) {
          const orderId = Number(taker ? r.taker_order : r.maker_order);
          if (!own.has(orderId)) continue;
          const takerSide = r.taker_side === 'buy' ? 'buy' : 'sell';
          out.push({
            tradeNo: Number(r.trade_no), orderId, side: taker ? takerSide : takerSide === 'buy' ? 'sell' : 'buy', price: toAmount(r.price), qty: toAmount(r.qty),
            quote: toAmount(r.quote), fee: toAmount(taker ? r.taker_fee : r.maker_fee), feeAsset: taker ? r.taker_fee_asset : r.maker_fee_asset, time: Number(r.time),
          });
        }
      }
      return out;
    },
  });
}
