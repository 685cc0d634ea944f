// Verification codes: one live code per (channel, account, purpose), stored hashed. Attempts and consumption
// are single conditional updates so two gateways can't both accept one code.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, VerificationCodesTable } from './schema.ts';

export type CodeRow = Selectable<VerificationCodesTable>;

export interface CodeKey {
  channel: string;
  account: string;
  purpose: string;
}

export function createCodes(db: Kysely<Database>) {
  const select = (key: CodeKey) =>
    db
      .selectFrom('verification_codes')
      .where('channel', '=', key.channel)
      .where('account', '=', key.account)
      .where('purpose', '=', key.purpose);

  return Object.freeze({
    find: (key: CodeKey) => select(key).selectAll().executeTakeFirst(),

    /** Stores a fresh code, replacing any earlier one for the same key (and its attempts). */
    async replace(row: CodeRow): Promise<void> {
      await db
        .insertInto('verification_codes')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['channel', 'account', 'purpose']).doUpdateSet({
            code_hash: row.code_hash,
            created_at: row.created_at,
            expires_at: row.expires_at,
            attempts: 0,
            consumed_at: null,
          }),
        )
        .execute();
    },

    /** Counts one wrong attempt and returns the new total. */
    async recordFailure(key: CodeKey): Promise<number> {
      const row = await db
        .updateTable('verification_codes')
        .set({ attempts: sql`attempts + 1` })
        .where('channel', '=', key.channel)
        .where('account', '=', key.account)
        .where('purpose', '=', key.purpose)
        .returning('attempts')
        .executeTakeFirst();
      return row?.attempts ?? 0;
    },

    /** Marks the code used if it is still the same unused code; false when someone else got there first. */
    async consume(key: CodeKey, codeHash: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('verification_codes')
        .set({ consumed_at: now })
        .where('channel', '=', key.channel)
        .where('account', '=', key.account)
        .where('purpose', '=', key.purpose)
        .where('code_hash', '=', codeHash)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('verification_codes')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  });
}

export type Codes = ReturnType<typeof createCodes>;
