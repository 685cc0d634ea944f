// Desk leases: at most one process runs a desk against this store. A desk takes its lease at start, renews it
// with every commit (inside the commit's transaction, so a desk that lost it can't write) and on a timer, and
// gives it back when it closes. The operator CLI takes the same lease to change balances through a desk.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, DeskLeasesTable } from './schema.ts';
import { named } from './prepared.ts';

export type Lease = Selectable<DeskLeasesTable>;

export class LeaseLostError extends Error {
  override name = 'LeaseLostError';
}

export function createLeases(db: Kysely<Database>) {
  return Object.freeze({
    find: (desk: string) => db.selectFrom('desk_leases').selectAll().where('desk', '=', desk).executeTakeFirst(),

    /**
     * Takes the lease when it is free, expired, already ours, or held by `takeOver` (a holder known to be dead).
     * One statement, so two processes racing for it can't both win. Returns whether we hold it now.
     */
    async acquire(desk: string, holder: string, now: number, ttlMs: number, takeOver?: string): Promise<boolean> {
      const row = await db
        .insertInto('desk_leases')
        .values({ desk, holder, expires_at: now + ttlMs, updated_at: now })
        .onConflict((oc) =>
          oc
            .column('desk')
            .doUpdateSet({
              holder: sql<string>`excluded.holder`,
              expires_at: sql<number>`excluded.expires_at`,
              updated_at: sql<number>`excluded.updated_at`,
            })
            .where((eb) =>
              eb.or([
                eb('desk_leases.expires_at', '<=', now),
                eb('desk_leases.holder', '=', holder),
                ...(takeOver === undefined ? [] : [eb('desk_leases.holder', '=', takeOver)]),
              ]),
            ),
        )
        .returning('holder')
        .executeTakeFirst();
      return row?.holder === holder;
    },

    /** Extends our lease; throws LeaseLostError when someone else holds it (then we must not write). */
    async renew(desk: string, holder: string, now: number, ttlMs: number): Promise<void> {
      const q = db.updateTable('desk_leases').set({ expires_at: now + ttlMs, updated_at: now }).where('desk', '=', desk).where('holder', '=', holder).compile();
      // Once per desk commit: a named statement on PostgreSQL (prepared.ts).
      named(q.sql);
      const result = await db.executeQuery(q);
      if (Number(result.numAffectedRows ?? 0n) !== 1) throw new LeaseLostError(`the ${desk} desk's lease is no longer held by ${holder}`);
    },

    /** The last command-log seq whose effects a desk committed (0: none): where a clustered desk resumes. */
    async logPosition(desk: string): Promise<number> {
      const row = await db.selectFrom('desk_log_positions').select('seq').where('desk', '=', desk).executeTakeFirst();
      return row === undefined ? 0 : Number(row.seq);
    },

    /** Inside a desk's commit: its effects go with `seq`. Never moves back (a stale writer is fenced by the lease). */
    async advanceLog(desk: string, seq: number, now: number): Promise<void> {
      const q = db
        .insertInto('desk_log_positions')
        .values({ desk, seq, updated_at: now })
        .onConflict((oc) =>
          oc
            .column('desk')
            .doUpdateSet({ seq: sql<number>`excluded.seq`, updated_at: sql<number>`excluded.updated_at` })
            .where('desk_log_positions.seq', '<', sql<number>`excluded.seq`),
        )
        .compile();
      named(q.sql);
      await db.executeQuery(q);
    },

    async release(desk: string, holder: string): Promise<void> {
      await db.deleteFrom('desk_leases').where('desk', '=', desk).where('holder', '=', holder).execute();
    },
  });
}

export type Leases = ReturnType<typeof createLeases>;
