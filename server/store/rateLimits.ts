// Fixed-window counters kept in the store, so limits hold across restarts and across several gateways. Each
// hit is one atomic upsert: it either starts a new window or adds one to the current window.
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

export interface WindowState {
  count: number;
  resetAt: number;
}

export function createRateLimits(db: Kysely<Database>) {
  return Object.freeze({
    /** Counts one hit for `key` and returns the window after it. */
    async hit(key: string, windowMs: number, now: number): Promise<WindowState> {
      const resetAt = now + windowMs;
      const row = await db
        .insertInto('rate_limits')
        .values({ key, count: 1, reset_at: resetAt })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.count + 1 end`,
            reset_at: sql<number>`case when rate_limits.reset_at <= ${now} then ${resetAt} else rate_limits.reset_at end`,
          }),
        )
        .returning(['count', 'reset_at'])
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), resetAt: Number(row.reset_at) };
    },
    /** The current window without counting; null when there is none or it has ended. */
    async peek(key: string, now: number): Promise<WindowState | null> {
      const row = await db.selectFrom('rate_limits').selectAll().where('key', '=', key).executeTakeFirst();
      if (!row || row.reset_at <= now) return null;
      return { count: row.count, resetAt: row.reset_at };
    },
    /**
     * Sets `key` to last until `until` (a later mark moves it, earlier or later), counting the marks made while it
     * lasted: a wait imposed after a failure, or an address remembered for a successful sign-in.
     */
    async mark(key: string, until: number, now: number): Promise<WindowState> {
      const row = await db
        .insertInto('rate_limits')
        .values({ key, count: 1, reset_at: until })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.count + 1 end`,
            reset_at: until,
          }),
        )
        .returning(['count', 'reset_at'])
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), resetAt: Number(row.reset_at) };
    },
    async clear(key: string): Promise<void> {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },
  });
}

export type RateLimits = ReturnType<typeof createRateLimits>;
