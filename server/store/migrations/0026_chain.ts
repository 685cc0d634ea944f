// Issue 22: deposit addresses, deposits seen on chain, the watchers' recent blocks and cursors, and the on-chain
// reserves read by the watchers (server/store/chain.ts, server/chain/README.md).
//   chain_address_counters: the next address index per network; taken with one upsert, so concurrent first asks
//     get different indexes on both dialects.
//   chain_addresses: one per (user, network), its index and address each unique per network.
//   chain_deposits: one per (network, tx hash, index); index = the output (BTC), the Transfer's position in its
//     transaction (ERC-20), −1 (native ETH). amount in ledger units; chain_amount the exact on-chain integer.
//   chain_blocks: the last blocks each watcher validated (height, hash, parent hash), for reorg detection.
//   chain_cursors: per network the genesis hash the watcher's blocks belong to.
//   chain_reserves: the latest reading of on-chain balances per (asset, network).
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../schema.ts';
import { withAutoId } from './columns.ts';

export function chain(dialect: Dialect): Migration {
  return {
    // Kysely<any>: a migration sees the schema of its own time, not today's Database type.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('chain_address_counters')
        .addColumn('network', 'text', (c) => c.primaryKey())
        .addColumn('next_index', 'bigint', (c) => c.notNull())
        .execute();

      await withAutoId(dialect, db.schema.createTable('chain_addresses'))
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('network', 'text', (c) => c.notNull())
        .addColumn('idx', 'bigint', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('chain_addresses_user', ['user_id', 'network'])
        .addUniqueConstraint('chain_addresses_index', ['network', 'idx'])
        .addUniqueConstraint('chain_addresses_address', ['network', 'address'])
        .execute();

      await withAutoId(dialect, db.schema.createTable('chain_deposits'))
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('network', 'text', (c) => c.notNull())
        .addColumn('chain_id', 'bigint')
        .addColumn('asset', 'text', (c) => c.notNull())
        .addColumn('tx_hash', 'text', (c) => c.notNull())
        .addColumn('idx', 'integer', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('chain_amount', 'text', (c) => c.notNull())
        .addColumn('block_number', 'bigint', (c) => c.notNull())
        .addColumn('block_hash', 'text', (c) => c.notNull())
        .addColumn('confirmations', 'integer', (c) => c.notNull())
        .addColumn('required', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('credited_at', 'bigint')
        .addUniqueConstraint('chain_deposits_key', ['network', 'tx_hash', 'idx'])
        .addCheckConstraint('chain_deposits_status', sql`status in ('pending', 'credited', 'below_min', 'orphaned')`)
        .addCheckConstraint('chain_deposits_amount', sql`amount >= 0`)
        .execute();
      await db.schema.createIndex('chain_deposits_user').on('chain_deposits').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('chain_deposits_open').on('chain_deposits').columns(['network', 'status', 'block_number']).execute();

      await db.schema
        .createTable('chain_blocks')
        .addColumn('network', 'text', (c) => c.notNull())
        .addColumn('height', 'bigint', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .addColumn('parent_hash', 'text', (c) => c.notNull())
        .addColumn('seen_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('chain_blocks_pk', ['network', 'height'])
        .execute();

      await db.schema
        .createTable('chain_cursors')
        .addColumn('network', 'text', (c) => c.primaryKey())
        .addColumn('genesis', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('chain_reserves')
        .addColumn('asset', 'text', (c) => c.notNull())
        .addColumn('network', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('addresses', 'integer', (c) => c.notNull())
        .addColumn('block', 'bigint')
        .addColumn('read_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('chain_reserves_pk', ['asset', 'network'])
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ['chain_reserves', 'chain_cursors', 'chain_blocks', 'chain_deposits', 'chain_addresses', 'chain_address_counters']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
