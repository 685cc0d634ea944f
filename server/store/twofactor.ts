// Issue 21: the store's side of TOTP secrets and passkeys.
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

export function createTwoFactorRepo(_db: Kysely<Database>) {
  return Object.freeze({});
}

export type TwoFactorRepo = ReturnType<typeof createTwoFactorRepo>;
