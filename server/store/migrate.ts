// Brings a database to the latest schema. Kysely's migration lock makes concurrent gateways take turns.
import { sql, type Kysely } from 'kysely';
import { Migrator, type MigrationProvider, type MigrationResultSet } from 'kysely/migration';
import { migrationProvider } from './migrations/index.ts';
import type { Database, Dialect } from './schema.ts';

export async function migrateToLatest(db: Kysely<Database>, dialect: Dialect): Promise<string[]> {
  const provider = migrationProvider(dialect);
  if (await upToDate(db, provider)) return [];
  const migrator = await schemaMigrator(db, dialect, provider);
  const { error, results = [] } = await migrateRetrying(() => migrator.migrateToLatest());
  if (!error) return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
  const failed = results.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
  const why = error instanceof Error ? `: ${error.message}` : '';
  throw new Error(`database migration ${failed} failed${why}`, { cause: error });
}

// A database that has run exactly this build's migrations needs no migrator: one read of its migration table
// instead of Kysely's catalogue scan of every schema's tables (twice), which grows with the schemas beside it.
// Anything else (no table yet, a migration missing, one this build doesn't know) goes to the migrator.
async function upToDate(db: Kysely<Database>, provider: MigrationProvider): Promise<boolean> {
  const known = Object.keys(await provider.getMigrations()).sort();
  let ran: string[];
  try {
    ran = (await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((r) => r.name).sort();
  } catch {
    return false;
  }
  return ran.length === known.length && ran.every((name, i) => name === known[i]);
}

// A migrator of this connection's own schema. On PostgreSQL the migrator must be told the schema: otherwise it sees
// another schema's migration table (e.g. a neighbouring test schema) and believes this one is already set up.
export async function schemaMigrator(
  db: Kysely<Database>,
  dialect: Dialect,
  provider: MigrationProvider = migrationProvider(dialect),
): Promise<Migrator> {
  const schema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  return new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
}

// Runs one migration step (to the latest, or to or down from a named one), again when the failure was not ours.
export async function migrateRetrying(run: () => Promise<MigrationResultSet>): Promise<MigrationResultSet> {
  for (let attempt = 1; ; attempt++) {
    const set = await run();
    const { error, results = [] } = set;
    if (!error) return set;
    // Kysely looks for its migration table through the catalogue of every schema; a schema dropped by another
    // process during that scan (test schemas come and go) fails the look-up, not our migration: try again. So does
    // a second process creating the migration tables of the same schema at the same moment (Kysely creates them
    // with IF NOT EXISTS before it takes its lock, and PostgreSQL can still report the race as a duplicate).
    // 42703 before any migration ran (no result in error): a table of another schema lost a column between the
    // scan's table read and its column read (a neighbouring test schema dropped), seen as "column … does not exist".
    // A parallel worker of that scan has also reported this schema itself as missing (3F000, "where: parallel
    // worker") while neighbours were dropped: the same retry.
    const inScan = !results.some((r) => r.status === 'Error');
    if (attempt < VANISHED_SCHEMA_ATTEMPTS && (isVanishedSchema(error) || (inScan && hasCode(error, '42703')))) {
      await new Promise((done) => setTimeout(done, 25 * attempt));
      continue;
    }
    return set;
  }
}

const VANISHED_SCHEMA_ATTEMPTS = 5;

function hasCode(error: unknown, wanted: string): boolean {
  for (let e: unknown = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === wanted) return true;
  }
  return false;
}

function isVanishedSchema(error: unknown): boolean {
  for (let e: unknown = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    // 3F000: the schema is gone; 42P01: one of its tables went between the catalogue scan and the column read;
    // 23505 / 42P07: another process created the same migration table (its row type) a moment before.
    const code = (e as { code?: unknown }).code;
    if (code === '3F000' || code === '42P01' || code === '23505' || code === '42P07') return true;
  }
  return false;
}
