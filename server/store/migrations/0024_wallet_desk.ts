// Issue 22: the spot desk's deposit credits and withdrawal holds are journal entries found by their reference
// (deposit:<network>:<tx>:<index>, withdraw:<id>), so the desk's exactly-once checks and its rebuild of open holds
// are index probes: a partial index over those entries alone (server/store/wallet-desk.ts).
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../schema.ts';

export function walletDesk(_dialect: Dialect): Migration {
  return {
    // Kysely<any>: a migration sees the schema of its own time, not today's Database type.
    async up(db: Kysely<any>) {
      await sql`create index ledger_entries_wallet on ledger_entries (desk, ref, reason) where reason like 'wallet.%'`.execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('ledger_entries_wallet').execute();
    },
  };
}
