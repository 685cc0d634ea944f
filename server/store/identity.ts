// Issue 21: the store's side of identity documents and submissions (real-name verification).
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

export function createIdentityRepo(_db: Kysely<Database>) {
  return Object.freeze({});
}

export type IdentityRepo = ReturnType<typeof createIdentityRepo>;
