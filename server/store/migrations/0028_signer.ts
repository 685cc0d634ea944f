// Issue 22: the withdrawal signer's tables (server/store/signer.ts, server/chain/signer/README.md).
// signer_nonces: per (network, chain id, hot address) the next nonce the signer will use, allocated in the same
// transaction that writes the transaction row using it. signer_txs: one row per withdrawal (unique), holding every
// field that is signed, so a restart signs the same fields again (same nonce, same hash) instead of new ones; raw
// and hash once signed; then broadcast, confirmed or failed. Unique (network, chain, from, nonce): no two rows can
// ever hold the same nonce. Wei amounts exceed 64 bits, so value, gas and fees are decimal text.
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../schema.ts';
import { withAutoId } from './columns.ts';

export function signer(dialect: Dialect): Migration {
  return {
    // Kysely<any>: a migration sees the schema of its own time, not today's Database type.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('signer_nonces')
        .addColumn('network', 'text', (c) => c.notNull())
        .addColumn('chain_id', 'bigint', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('next_nonce', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('signer_nonces_pk', ['network', 'chain_id', 'address'])
        .addCheckConstraint('signer_nonces_valid', sql`next_nonce >= 0`)
        .execute();

      await withAutoId(dialect, db.schema.createTable('signer_txs'))
        .addColumn('withdrawal_id', 'bigint', (c) => c.notNull().unique())
        .addColumn('network', 'text', (c) => c.notNull())
        .addColumn('chain_id', 'bigint')
        .addColumn('asset', 'text', (c) => c.notNull())
        .addColumn('from_address', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('amount', 'text', (c) => c.notNull())
        .addColumn('nonce', 'bigint')
        .addColumn('to_address', 'text')
        .addColumn('value', 'text')
        .addColumn('data', 'text')
        .addColumn('gas', 'text')
        .addColumn('max_fee_per_gas', 'text')
        .addColumn('max_priority_fee_per_gas', 'text')
        .addColumn('raw', 'text')
        .addColumn('hash', 'text', (c) => c.unique())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('confirmations', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('block_number', 'bigint')
        .addColumn('error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('signed_at', 'bigint')
        .addColumn('broadcast_at', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('signer_txs_nonce', ['network', 'chain_id', 'from_address', 'nonce'])
        .addCheckConstraint('signer_txs_status', sql`status in ('prepared', 'signed', 'broadcast', 'confirmed', 'failed')`)
        // Signed or later means raw and hash are there; a prepared row has every field to sign and no hash yet.
        .addCheckConstraint('signer_txs_signed', sql`status in ('prepared', 'failed') or (raw is not null and hash is not null)`)
        .addCheckConstraint('signer_txs_prepared', sql`status <> 'prepared' or (nonce is not null and hash is null)`)
        .execute();
      // The signer's work list: rows not yet final, oldest nonce first.
      await db.schema.createIndex('signer_txs_open').on('signer_txs').columns(['network', 'status', 'nonce']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('signer_txs_open').execute();
      await db.schema.dropTable('signer_txs').execute();
      await db.schema.dropTable('signer_nonces').execute();
    },
  };
}
