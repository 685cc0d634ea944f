// Issue 21: the store's side of the security centre.
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

export function createSecurityRepo(_db: Kysely<Database>) {
  return Object.freeze({});
}

export type SecurityRepo = ReturnType<typeof createSecurityRepo>;
