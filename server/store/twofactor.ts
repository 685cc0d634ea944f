// Issue 21: the store's side of TOTP secrets and passkeys.
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** What the security centre's overview and safety level read of a user's second factors. */
export interface TwoFactorSummary {
  readonly totpEnabled: boolean;
  readonly passkeys: number;
}

export function createTwoFactorRepo(_db: Kysely<Database>) {
  return Object.freeze({
    async summary(_user: number): Promise<TwoFactorSummary> {
      return { totpEnabled: false, passkeys: 0 };
    },
  });
}

export type TwoFactorRepo = ReturnType<typeof createTwoFactorRepo>;
