// Column helpers where the two dialects need different SQL for the same idea.
import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../schema.ts';

/** A numeric, store-assigned primary key. PostgreSQL uses an identity; SQLite an AUTOINCREMENT rowid. */
export function withAutoId<T extends string>(
  dialect: Dialect,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Makes the next auto id of `table` equal `first` (user ids start at 10000001). */
// Migrations see the schema of their own time, not today's, hence Kysely<any> (the Kysely docs' advice).
export async function startAutoIdAt(db: Kysely<any>, dialect: Dialect, table: string, first: number): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table ${sql.table(table)} alter column id restart with ${sql.lit(first)}`.execute(db);
  } else {
    await sql`insert into sqlite_sequence (name, seq) values (${table}, ${first - 1})`.execute(db);
  }
}
