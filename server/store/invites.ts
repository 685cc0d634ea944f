// Issue 21: the store's side of invitations: rates, commission runs and payments.
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

export function createInvitesRepo(_db: Kysely<Database>) {
  return Object.freeze({});
}

export type InvitesRepo = ReturnType<typeof createInvitesRepo>;
