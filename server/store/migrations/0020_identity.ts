// Issue 21: the tables of identity documents (real-name verification).
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../schema.ts';

export function identity(_dialect: Dialect): Migration {
  return {
    // Kysely<any>: a migration sees the schema of its own time, not today's Database type.
    async up(_db: Kysely<any>) {},
  };
}
