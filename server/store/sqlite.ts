// The embedded dialect: one SQLite file, tuned for durability first (an acknowledged write survives a crash).
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteDialect } from 'kysely';

export const BUSY_TIMEOUT_MS = 5_000;

export function sqliteDialect(file: string): SqliteDialect {
  mkdirSync(dirname(file), { recursive: true });
  const database = new Database(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return new SqliteDialect({ database });
}
