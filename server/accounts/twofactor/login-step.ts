// The second step of a sign-in with a password: when the account has TOTP on, the code from the authenticator
// (issue 21). The account service calls `check` after the password (and the account's state) passed, before the
// session is issued.
import type { Clock } from '../../clock.ts';
import type { Store } from '../../store/index.ts';
import type { UserRow } from '../../store/users.ts';
import type { SecretGuard } from '../security/guard.ts';

export interface SecondFactorInput {
  readonly totpCode?: string | undefined;
}

export interface SecondFactorDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly guard: SecretGuard;
}

export function createLoginSecondFactor(_deps: SecondFactorDeps) {
  return Object.freeze({
    /** Throws the refusal the sign-in answers when the account needs a second factor that `input` does not give right. */
    async check(_user: UserRow, _input: SecondFactorInput): Promise<void> {},
  });
}

export type LoginSecondFactor = ReturnType<typeof createLoginSecondFactor>;
