// A transfer's client id is unique per source wallet, not per user: the source desk alone decides whether an id is a
// repeat, from its own memory and its own rows (desks/core.ts transferOut). Unique per user, two desks could each take
// the same id as new at once (a user's coin → contract and contract → coin sent together) and the second commit broke
// the index, which stopped that desk for everyone. Rows stored before are unique per user, so also per source wallet.
// The index leads with the wallet: a desk reads its own ids in pages along it when it opens (store/client-ids.ts).
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export function transferClientSource(): Migration {
  return {
    // Kysely<any>: a migration sees the schema of its own time, not today's Database type.
    async up(db: Kysely<any>) {
      await db.schema.dropIndex('transfers_client_id').execute();
      await db.schema.createIndex('transfers_client_id').unique().on('transfers').columns(['from_wallet', 'user_id', 'client_id']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('transfers_client_id').execute();
      await db.schema.createIndex('transfers_client_id').unique().on('transfers').columns(['user_id', 'client_id']).execute();
    },
  };
}
