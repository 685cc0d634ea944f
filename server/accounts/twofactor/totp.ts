// TOTP (RFC 6238 with otplib: SHA-1, six digits, 30-second steps, one step of tolerance either way). Setup makes a
// pending secret (replacing an older pending one) shown as text, as an otpauth:// URI and as a QR code; enable
// turns it on only with a valid code for it; disable needs a valid code of the enabled secret. Every accepted code
// moves the user's last accepted time step forward, and a code of that step or an earlier one is refused
// (totp.code.used): a code seen over a shoulder or in a log is worth nothing once used, for enable, disable, sign-in
// and any later check (verifyTotp: the wallet's and the robot's). Wrong and replayed codes are counted by the
// secret guard (kind 'totp': growing waits, never a lock-out of the owner).
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { PRODUCT_NAME } from '../../contract/api.ts';
import { TOTP_CODE_RULE, TOTP_PERIOD_SECONDS, TOTP_SETUP_TTL_MS, type TotpSetupReply } from '../../contract/twofactor.ts';
import type { Clock } from '../../clock.ts';
import { fail } from '../../errors.ts';
import { decryptSecret, encryptSecret } from '../../gateway/binance/keys.ts';
import type { Store } from '../../store/index.ts';
import type { UserRow } from '../../store/users.ts';
import type { SecretGuard } from '../security/guard.ts';
import type { KeySource } from './secret-key.ts';

export interface TotpDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly guard: SecretGuard;
  readonly key: KeySource;
}

/** The refusals the guard counts as a wrong guess. */
const WRONG = new Set(['totp.code.invalid', 'totp.code.used']);
export const isWrongTotp = (code: string): boolean => WRONG.has(code);

/** Seconds of tolerance either way: one step. */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

const aad = (user: number) => `totp:${user}`;

export function createTotp({ store, clock, guard, key }: TotpDeps) {
  const open = (user: number, stored: string): string => {
    const secret = decryptSecret(key(), aad(user), stored);
    // A secret this server can't read (another master key): no code can be checked; the operator resets it.
    if (secret === null) throw new Error(`TOTP secret of user ${user} can't be decrypted with this server's key`);
    return secret;
  };

  /** The time step `code` is valid at now for `secret`, or the refusal; `after`: the last accepted step. */
  async function stepOf(secret: string, code: string, after: number | null): Promise<number> {
    if (!TOTP_CODE_RULE.test(code)) fail('totp.code.invalid');
    const epoch = Math.floor(clock() / 1000);
    const result = await verify({ secret, token: code, epoch, epochTolerance: TOLERANCE_SECONDS });
    if (!result.valid || !('timeStep' in result)) fail('totp.code.invalid');
    if (after !== null && result.timeStep <= after) fail('totp.code.used');
    return result.timeStep;
  }

  /** Checks a code of the enabled secret and uses its step up (guarded); throws the refusal otherwise. */
  async function check(user: number, code: string): Promise<void> {
    await guard.guarded('totp', user, clock(), isWrongTotp, async () => {
      const state = await store.twoFactor.totp(user);
      if (state?.secret == null) fail('totp.not.enabled');
      const step = await stepOf(open(user, state.secret), code, state.lastStep);
      if (!(await store.twoFactor.acceptStep(user, state.secret, step, clock()))) fail('totp.code.used');
    });
  }

  return Object.freeze({
    async enabled(user: number): Promise<boolean> {
      return (await store.twoFactor.totp(user))?.secret != null;
    },

    /** A new pending secret for `user` (label: the account's e-mail or phone), replacing an older pending one. */
    async setup(user: UserRow): Promise<TotpSetupReply> {
      const state = await store.twoFactor.totp(user.id);
      if (state?.secret != null) fail('totp.already.enabled');
      const secret = generateSecret();
      const label = user.email ?? user.phone ?? String(user.id);
      const uri = generateURI({ issuer: PRODUCT_NAME, label, secret });
      const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
      await store.twoFactor.setPending(user.id, encryptSecret(key(), aad(user.id), secret), clock());
      return { secret, uri, qrSvg };
    },

    /** Turns TOTP on with a valid code for the pending secret (guarded). */
    async enable(user: number, code: string): Promise<void> {
      await guard.guarded('totp', user, clock(), isWrongTotp, async () => {
        const state = await store.twoFactor.totp(user);
        if (state?.secret != null) fail('totp.already.enabled');
        if (state?.pendingSecret == null || state.pendingAt === null || clock() - state.pendingAt > TOTP_SETUP_TTL_MS) fail('totp.setup.missing');
        const step = await stepOf(open(user, state.pendingSecret), code, state.lastStep);
        if (!(await store.twoFactor.enable(user, state.pendingSecret, step, clock()))) fail('totp.code.used');
      });
    },

    /** Turns TOTP off with a valid code of the enabled secret (guarded). */
    async disable(user: number, code: string): Promise<void> {
      await guard.guarded('totp', user, clock(), isWrongTotp, async () => {
        const state = await store.twoFactor.totp(user);
        if (state?.secret == null) fail('totp.not.enabled');
        const step = await stepOf(open(user, state.secret), code, state.lastStep);
        if (!(await store.twoFactor.disable(user, state.secret, step, clock()))) fail('totp.code.used');
      });
    },

    /**
     * For the wallet and the robot: refuses (totp.not.enabled, totp.code.invalid, totp.code.used, security.throttled)
     * unless `code` is a fresh code of the user's enabled TOTP; a passing code is used up.
     */
    verifyTotp: check,
  });
}

export type Totp = ReturnType<typeof createTotp>;
