// The second step of a sign-in with a password: when the account has TOTP on, the code from the authenticator
// (issue 21). The account service calls `check` after the password (and the account's state) passed, before the
// session is issued. No code given: login.totp.required (the page shows the code field and signs in again with
// it); a wrong one: totp.code.invalid; a code of a step used already: totp.code.used. The check is the TOTP
// service's own (totp.ts), so it is guarded ('totp': growing waits) and uses the code's time step up.
import type { Clock } from '../../clock.ts';
import { fail } from '../../errors.ts';
import type { Store } from '../../store/index.ts';
import type { UserRow } from '../../store/users.ts';
import type { SecretGuard } from '../security/guard.ts';
import { twoFactorKey, type KeySource } from './secret-key.ts';
import { createTotp } from './totp.ts';

export interface SecondFactorInput {
  readonly totpCode?: string | undefined;
}

export interface SecondFactorDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly guard: SecretGuard;
  /** The secrets' key; by default the one the app bound to the store (secret-key.ts). */
  readonly key?: KeySource;
}

export function createLoginSecondFactor(deps: SecondFactorDeps) {
  const totp = createTotp({ ...deps, key: deps.key ?? (() => twoFactorKey(deps.store)()) });
  return Object.freeze({
    /** Throws the refusal the sign-in answers when the account needs a second factor that `input` does not give right. */
    async check(user: UserRow, input: SecondFactorInput): Promise<void> {
      if (!(await totp.enabled(user.id))) return;
      const code = input.totpCode?.trim() ?? '';
      if (code === '') fail('login.totp.required');
      await totp.verifyTotp(user.id, code);
    },
    /** The TOTP check of the wallet and the robot (totp.ts verifyTotp). */
    verifyTotp: totp.verifyTotp,
  });
}

export type LoginSecondFactor = ReturnType<typeof createLoginSecondFactor>;
