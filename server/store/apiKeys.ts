// API key rows. The table comes from migration 0005_api_keys; its type is declared here and added to the store's
// Database view with withTables (as the candle store does), so schema.ts needn't know about it. Secrets pass
// through this repository already encrypted; it never sees them in the clear.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from './schema.ts';

export interface ApiKeysTable {
  id: string;
  user_id: number;
  secret: string;
  can_trade: number;
  ips: string;
  created_at: number;
  revoked_at: number | null;
}

export interface ApiKeyRow {
  readonly id: string;
  readonly user: number;
  /** Encrypted form (keys.ts). */
  readonly secret: string;
  readonly canTrade: boolean;
  /** Allowed client addresses; empty = any. */
  readonly ips: readonly string[];
  readonly createdAt: number;
  readonly revokedAt: number | null;
}

const toRow = (r: Selectable<ApiKeysTable>): ApiKeyRow => ({
  id: r.id,
  user: Number(r.user_id),
  secret: r.secret,
  canTrade: r.can_trade === 1,
  ips: r.ips === '' ? [] : r.ips.split(','),
  createdAt: Number(r.created_at),
  revokedAt: r.revoked_at === null ? null : Number(r.revoked_at),
});

export function createApiKeysRepo(store: Kysely<Database>) {
  const db = store.withTables<{ api_keys: ApiKeysTable }>();
  return Object.freeze({
    async insert(row: Omit<ApiKeyRow, 'revokedAt'>): Promise<void> {
      await db
        .insertInto('api_keys')
        .values({ id: row.id, user_id: row.user, secret: row.secret, can_trade: row.canTrade ? 1 : 0, ips: row.ips.join(','), created_at: row.createdAt, revoked_at: null })
        .execute();
    },
    /** A key that has not been revoked. */
    async findActive(id: string): Promise<ApiKeyRow | undefined> {
      const row = await db.selectFrom('api_keys').selectAll().where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
      return row ? toRow(row) : undefined;
    },
    /** A user's keys, newest first, revoked ones included. */
    async list(user: number): Promise<ApiKeyRow[]> {
      return (await db.selectFrom('api_keys').selectAll().where('user_id', '=', user).orderBy('created_at', 'desc').orderBy('id').execute()).map(toRow);
    },
    /** Revokes one of the user's live keys; false when there is none with that id. */
    async revoke(user: number, id: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('api_keys')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('user_id', '=', user)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  });
}

export type ApiKeysRepo = ReturnType<typeof createApiKeysRepo>;
