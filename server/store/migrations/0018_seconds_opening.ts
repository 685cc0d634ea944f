// Seconds contracts open on the first record entry after their acceptance (issue 20). seconds_contracts gains
// accepted_ts (the instant after which the contract opens: placement, or a timed order's start; null for contracts
// of before this rule, which opened on the entry at or before open_ts), reserved_ts (when the contract entered the
// house's exposure: at acceptance, or a timed order's reservation shortly before its start; null while it does not
// count) and end_reason (why it ended without settling: user, exposure, no.price). Statuses opening and refunded
// need no schema change (status is text). The desk-wide operator limits (the timed orders' horizon, the per-user
// cap) are rows of seconds_limits under market '*' (store/seconds.ts), so they need none either.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export function secondsOpening(): Migration {
  return {
    // Kysely<any>: a migration sees the schema of its own time, not today's Database type.
    async up(db: Kysely<any>) {
      await db.schema.alterTable('seconds_contracts').addColumn('accepted_ts', 'bigint').execute();
      await db.schema.alterTable('seconds_contracts').addColumn('reserved_ts', 'bigint').execute();
      await db.schema.alterTable('seconds_contracts').addColumn('end_reason', 'text').execute();
      // Contracts open before this migration count in the house's exposure as they always did.
      await db.updateTable('seconds_contracts').set((eb) => ({ reserved_ts: eb.ref('created_at') })).where('status', 'in', ['pending', 'holding']).execute();
      // A timed order not started yet opens by the new rule: on the first entry after its start.
      await db.updateTable('seconds_contracts').set((eb) => ({ accepted_ts: eb.ref('scheduled_ts') })).where('status', '=', 'pending').execute();
      await db.updateTable('seconds_contracts').set({ end_reason: 'user' }).where('status', '=', 'cancelled').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('seconds_contracts').dropColumn('end_reason').execute();
      await db.schema.alterTable('seconds_contracts').dropColumn('reserved_ts').execute();
      await db.schema.alterTable('seconds_contracts').dropColumn('accepted_ts').execute();
    },
  };
}
