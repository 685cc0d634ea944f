// The embedded dialect: one SQLite file, tuned for durability first (an acknowledged write survives a crash).
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteDialect, type Kysely, type SqliteDatabase, type SqliteStatement } from 'kysely';
import type { Database as Schema } from './schema.ts';

export const BUSY_TIMEOUT_MS = 5_000;
/**
 * WAL pages at which a connection's commit copies them into the database file itself (SQLite's default is 1,000).
 * In the server a checkpointer thread does that copying in the background and keeps the WAL far below this
 * (sqlite-checkpointer-worker.ts), so a commit never waits behind a checkpoint; this is the bound should that thread
 * fall behind. Set on every connection: one with a lower mark would try a checkpoint on each of its commits.
 */
export const WAL_AUTOCHECKPOINT_PAGES = 20_000;
/** The checkpointer: a pass every 100 ms once caught up; the WAL restarts from about 16 MB (4,000 pages). */
export const CHECKPOINTER = Object.freeze({ intervalMs: 100, restartFrames: 4_000, tailFrames: 256 });
/** Prepared statements kept per connection: enough for every query shape the repositories issue. */
export const STATEMENT_CACHE_SIZE = 1_000;

/**
 * The connection as Kysely sees it, with prepared statements reused by SQL text: Kysely's SQLite driver prepares
 * every query afresh, and preparing (parsing and planning) cost about as much as running on the order path. Safe
 * because the driver runs each statement to completion synchronously (`all`/`run`); an `iterate` still in progress
 * would make a reused statement busy, so iterating gets a statement of its own.
 */
export function cachingDatabase(database: Database.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const cache = new Map<string, Database.Statement>();
  const prepare = (sql: string): SqliteStatement => {
    let stmt = cache.get(sql);
    if (stmt === undefined) {
      stmt = database.prepare(sql);
      if (cache.size >= size) cache.delete(cache.keys().next().value as string);
      cache.set(sql, stmt);
    }
    const cached = stmt;
    return {
      reader: cached.reader,
      all: (parameters) => cached.all(...parameters),
      run: (parameters) => cached.run(...parameters),
      iterate: (parameters) => database.prepare(sql).iterate(...parameters),
    };
  };
  return {
    prepare,
    close: () => {
      cache.clear();
      database.close();
    },
  };
}

/** The better-sqlite3 connection behind a dialect, then behind the Kysely instance made from it (bindRaw). */
const connections = new WeakMap<object, Database.Database>();

export function sqliteDialect(file: string): SqliteDialect {
  mkdirSync(dirname(file), { recursive: true });
  const database = new Database(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  database.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
  const dialect = new SqliteDialect({ database: cachingDatabase(database) });
  connections.set(dialect, database);
  return dialect;
}

/** Lets repositories of `db` reach the connection of `dialect` directly (rawSqlite), for hot-path reads. */
export function bindRaw(db: Kysely<Schema>, dialect: object): void {
  const database = connections.get(dialect);
  if (database !== undefined) connections.set(db.getExecutor().adapter, database);
}

/**
 * The SQLite connection under `db`, or undefined (PostgreSQL, or not bound). For single-statement reads on the
 * request path, prepared once: Kysely builds, compiles and chains promises for every query, several times what
 * SQLite itself spends on a primary-key look-up. Same connection, so it sees what Kysely's queries see.
 */
export function rawSqlite(db: Kysely<Schema>): Database.Database | undefined {
  return connections.get(db.getExecutor().adapter);
}
