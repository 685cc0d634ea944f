// The embedded dialect: one SQLite file, tuned for durability first (an acknowledged write survives a crash).
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';

export const BUSY_TIMEOUT_MS = 5_000;
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

export function sqliteDialect(file: string): SqliteDialect {
  mkdirSync(dirname(file), { recursive: true });
  const database = new Database(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return new SqliteDialect({ database: cachingDatabase(database) });
}
