// Runs store-backed tests once per dialect: SQLite (a temp file) always, PostgreSQL when DATABASE_URL or CI is
// set. A target holds a migrated, empty store (./schema-pool.ts): a SQLite file copied from a template, or a
// PostgreSQL schema (selected through the URL's search_path) from a pool, emptied and given back afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe } from 'vitest';
import { createStore, type Store } from '../../server/store/index.ts';
import { claimSchema, schemaUrl, seedSqlite } from './schema-pool.ts';
import type { Clock } from '../../server/clock.ts';

export type DialectName = 'sqlite' | 'postgres';

export const PG_DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test';
/** On CI PostgreSQL is required: with no DATABASE_URL we use the default one and fail if it is unreachable. */
export const PG_URL: string | undefined = process.env['DATABASE_URL'] || (process.env['CI'] ? PG_DEFAULT_URL : undefined);
export const PG_SKIP_REASON = 'skipped: set DATABASE_URL (or CI) to run the PostgreSQL variant';

/** Where a test's data lives; pass to createStore, startServer or runAdmin. */
export interface Target {
  dialect: DialectName;
  dataDir?: string;
  databaseUrl?: string;
  dispose(): Promise<void>;
}

export { schemaUrl };

/** A migrated, empty store's place; `{ empty: true }` for one with nothing in it, not even the migrations. */
export async function newTarget(dialect: DialectName, options: { empty?: boolean } = {}): Promise<Target> {
  if (dialect === 'sqlite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'openex-test-'));
    if (options.empty !== true) await seedSqlite(dataDir);
    return { dialect, dataDir, dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  if (!PG_URL) throw new Error(PG_SKIP_REASON);
  if (options.empty !== true) {
    const { url, release } = await claimSchema(PG_URL);
    return { dialect, databaseUrl: url, dispose: release };
  }
  const schema = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await admin(`create schema "${schema}"`);
  return { dialect, databaseUrl: schemaUrl(PG_URL, schema), dispose: () => admin(`drop schema if exists "${schema}" cascade`) };
}

export interface TestStore {
  store: Store;
  target: Target;
  dispose(): Promise<void>;
}

export async function openStore(dialect: DialectName, clock?: Clock): Promise<TestStore> {
  const target = await newTarget(dialect);
  const store = await createStore({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, clock });
  return {
    store,
    target,
    async dispose() {
      await store.close();
      await target.dispose();
    },
  };
}

/** `describe` once per dialect; the PostgreSQL one is skipped, with the reason in its title, when not configured. */
export function describeDialects(title: string, body: (dialect: DialectName) => void): void {
  describe(`${title} [sqlite]`, () => body('sqlite'));
  describePostgres(`${title} [postgres]`, () => body('postgres'));
}

/**
 * `describe` of a PostgreSQL-only test: it runs under CI (PG_URL defaults to the machine's server there, so a
 * missing server fails it) and with DATABASE_URL; elsewhere it is skipped with the reason in its title.
 */
export function describePostgres(title: string, body: () => void): void {
  if (PG_URL) describe(title, body);
  else describe.skip(`${title} ${PG_SKIP_REASON}`, body);
}

/** A clock tests move by hand. Starts at a fixed instant so runs are repeatable. */
export function testClock(start = Date.UTC(2026, 0, 15, 12, 0, 0)) {
  let now = start;
  return {
    now: (() => now) as Clock,
    advance(ms: number) {
      now += ms;
    },
  };
}
