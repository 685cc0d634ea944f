// Issue 26: a command-log entry holds several calls (a gateway appends the calls of one turn of its event loop
// together), and a desk's commit may end inside an entry. A desk's position becomes `seq × 1024 + done`: every entry
// before `seq` applied, and the first `done` calls of entry `seq` (server/cluster/protocol.ts). A position written
// before, `seq` (entry `seq` applied, one call per entry), is the same place as `(seq + 1) × 1024`.
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

const RADIX = 1024;

export function deskLogCalls(): Migration {
  return {
    async up(db: Kysely<any>) {
      await sql`update desk_log_positions set seq = (seq + 1) * ${sql.lit(RADIX)}`.execute(db);
    },
    async down(db: Kysely<any>) {
      // Only whole entries can be said the old way: a desk stopped inside an entry would apply its first calls again,
      // so go down only with the desks stopped after they caught up.
      await sql`update desk_log_positions set seq = seq / ${sql.lit(RADIX)} - 1 where seq >= ${sql.lit(RADIX)}`.execute(db);
    },
  };
}
