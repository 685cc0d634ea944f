// The security centre (issue 21), free of HTTP: the overview and safety level, binding or changing the e-mail and
// phone, changing the login password, the fund password, the anti-phishing code, devices and sessions, and the
// login history. The rules (security/README.md):
// - Every change needs a "verify it's you" code sent to an address the account has (purpose 'verify'); binding
//   an address needs a code sent to it (purpose 'bind'), and changing one needs both (the new and the old).
// - Every secret guessed here (codes, the current login password, the fund password) is slowed per user and kind
//   by the secret guard (guard.ts), whose counts live in the store: across restarts, never locking the owner out.
// - Each operation checks everything before it stores anything; the code is used up in the same transaction as
//   the change, and the change is told to the owner (events.ts: e-mail, and the withdrawal lock after the
//   password and fund-password changes).
import type { Channel, SendCodeReply } from '../../contract/api.ts';
import type { ServerErrorCode } from '../../contract/errors.ts';
import {
  checkAntiPhishing,
  checkFundPassword,
  type AntiPhishingRequest,
  type BindRequest,
  type ChangePasswordRequest,
  type FundPasswordChangeRequest,
  type FundPasswordSetRequest,
  type LoginHistoryPage,
  type LoginMethodName,
  type SecurityOverview,
  type SecuritySendCodeRequest,
  type SessionInfo,
} from '../../contract/security.ts';
import { checkAccount, checkPassword, normalizeAccount } from '../../contract/validate.ts';
import type { Clock } from '../../clock.ts';
import { AppError, fail } from '../../errors.ts';
import { isUniqueViolation } from '../../store/errors.ts';
import type { Store } from '../../store/index.ts';
import type { UserRow } from '../../store/users.ts';
import type { CodeService, CodeTarget } from '../codes.ts';
import type { Limiter } from '../limiter.ts';
import type { PasswordHasher } from '../passwords.ts';
import { RATE_RULES } from '../policy.ts';
import { extraFactors, missingItems, safetyLevel } from '../profile.ts';
import type { RequestContext } from '../service.ts';
import type { SessionService } from '../sessions.ts';
import { deviceName } from './device.ts';
import type { SecurityEvents } from './events.ts';
import type { SecretGuard } from './guard.ts';

export interface SecurityCentreDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly hasher: PasswordHasher;
  readonly sessions: SessionService;
  readonly codes: CodeService;
  readonly limiter: Limiter;
  readonly secrets: SecretGuard;
  readonly events: SecurityEvents;
}

const isWrongCode = (code: string) => code.startsWith('verify.code');
const method = (value: string): LoginMethodName => (value === 'passkey' ? 'passkey' : 'password');

function required(...values: Array<string | undefined>): void {
  if (values.some((v) => v === undefined || v.trim() === '')) fail('validate.required');
}

function checked(error: ServerErrorCode | null): void {
  if (error) fail(error);
}

/** a***@example.com: enough for the owner to recognise, not enough to hand a stranger looking at the screen. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '***' : `${email.slice(0, Math.min(2, at - 1) || 1)}***${email.slice(at)}`;
}

/** +86138****5678: the country code and first digits, the last four. */
export function maskPhone(phone: string): string {
  return phone.length <= 7 ? `${phone.slice(0, 2)}***` : `${phone.slice(0, phone.length - 8)}****${phone.slice(-4)}`;
}

/** A user's security overview (the page's and the operator's `user security`). */
export async function securityOverview(store: Store, user: UserRow, now: number): Promise<SecurityOverview> {
  const [twoFactor, row, extras] = await Promise.all([store.twoFactor.summary(user.id), store.security.get(user.id), extraFactors(store, user.id)]);
  const antiPhishing = row?.anti_phishing_code ?? null;
  const lockedUntil = row?.withdrawal_locked_until == null ? null : Number(row.withdrawal_locked_until);
  return {
    email: user.email === null ? null : maskEmail(user.email),
    phone: user.phone === null ? null : maskPhone(user.phone),
    passwordChangedAt: row?.password_changed_at == null ? null : Number(row.password_changed_at),
    fundPasswordSet: user.fund_password_hash !== null,
    totpEnabled: twoFactor.totpEnabled,
    passkeys: twoFactor.passkeys,
    antiPhishingSet: antiPhishing !== null,
    antiPhishingCode: antiPhishing === null ? null : `${antiPhishing.slice(0, 2)}${'*'.repeat(antiPhishing.length - 2)}`,
    safetyLevel: safetyLevel(user, extras),
    missing: missingItems(user, extras),
    withdrawalLockedUntil: lockedUntil !== null && lockedUntil > now ? lockedUntil : null,
  };
}

export function createSecurityCentre(deps: SecurityCentreDeps) {
  const { store, clock, hasher, sessions, codes, limiter, secrets, events } = deps;

  /** The code target "verify it's you" on a channel: the account's own address there. */
  function verifyTarget(user: UserRow, channel: Channel): CodeTarget {
    const account = channel === 'email' ? user.email : user.phone;
    if (account === null) fail('security.channel.notBound');
    return { channel, account, purpose: 'verify' };
  }

  /** Checks a code under the guard (a wrong one counts, 'code' kind) and returns its hash for `codes.consume`. */
  const checkCode = (user: UserRow, target: CodeTarget, code: string) =>
    secrets.guarded('code', user.id, clock(), isWrongCode, () => codes.check(target, code));

  /** The account's current login password, under the guard ('password' kind). */
  const checkLoginPassword = (user: UserRow, password: string) =>
    secrets.guarded('password', user.id, clock(), (c) => c === 'security.password.wrong', async () => {
      if (!(await hasher.verify(user.password_hash, password))) fail('security.password.wrong');
    });

  /** The account's fund password, under the guard ('fund' kind). */
  async function checkFund(user: UserRow, password: string): Promise<void> {
    const stored = user.fund_password_hash;
    if (stored === null) fail('security.fund.notSet');
    await secrets.guarded('fund', user.id, clock(), (c) => c === 'security.fund.wrong', async () => {
      if (!(await hasher.verify(stored, password))) fail('security.fund.wrong');
    });
  }

  const me = (ctx: RequestContext) => sessions.authenticate(ctx.ticket);

  return Object.freeze({
    async overview(ctx: RequestContext): Promise<SecurityOverview> {
      return securityOverview(store, (await me(ctx)).user, clock());
    },

    /** A code to the account's own address ('verify') or to an address to bind ('bind'), with the sign-up's limits. */
    async sendCode(input: SecuritySendCodeRequest, ctx: RequestContext): Promise<SendCodeReply> {
      const { user } = await me(ctx);
      let target: CodeTarget;
      if (input.purpose === 'verify') {
        target = verifyTarget(user, input.channel);
      } else {
        required(input.account);
        const raw = input.account ?? '';
        checked(checkAccount(input.channel, raw, 'new'));
        const account = normalizeAccount(input.channel, raw);
        if ((input.channel === 'email' ? user.email : user.phone) === account) fail('security.bind.same');
        if (await store.users.findByAccount(input.channel, account)) fail('bind.account.taken');
        target = { channel: input.channel, account, purpose: 'bind' };
      }
      await limiter.consume(RATE_RULES.codeRequestsPerAddress, ctx.address, clock());
      await codes.ensureResendAllowed(target);
      await limiter.consume(RATE_RULES.codesPerAccount, `${target.channel}:${target.account}`, clock());
      return codes.issue(target, ctx.locale);
    },

    /** Binds an e-mail or phone (a code to it), or changes it (a code to it and one to the address bound now). */
    async bind(channel: Channel, input: BindRequest, ctx: RequestContext): Promise<void> {
      const { user } = await me(ctx);
      required(input.account, input.code);
      checked(checkAccount(channel, input.account, 'new'));
      const account = normalizeAccount(channel, input.account);
      const current = channel === 'email' ? user.email : user.phone;
      if (current === account) fail('security.bind.same');
      if (current !== null) required(input.oldCode);
      if (await store.users.findByAccount(channel, account)) fail('bind.account.taken');
      const newTarget: CodeTarget = { channel, account, purpose: 'bind' };
      const newHash = await checkCode(user, newTarget, input.code);
      const oldTarget = current === null ? null : verifyTarget(user, channel);
      // A refusal of the old address's code says so (data.field), so the page shows it under the right field.
      const oldHash = oldTarget === null ? null : await checkCode(user, oldTarget, input.oldCode ?? '').catch((error: unknown) => {
        if (error instanceof AppError && isWrongCode(error.code)) throw new AppError(error.code, { ...error.data, field: 'oldCode' });
        throw error;
      });
      try {
        await store.transaction(async (tx) => {
          await codes.consume(tx, newTarget, newHash);
          if (oldTarget !== null && oldHash !== null) await codes.consume(tx, oldTarget, oldHash);
          await tx.users.setAccount(user.id, channel, account, clock());
        });
      } catch (error) {
        // Someone took the address between our check and the write.
        if (!(error instanceof AppError) && isUniqueViolation(error)) fail('bind.account.taken');
        throw error;
      }
      // Told at the address(es) of before the change: the owner of the old address learns it was replaced.
      await events.changed(user, channel === 'email' ? 'email.bound' : 'phone.bound', ctx);
    },

    /** The old password and a code; every other session ends, the one asking stays signed in. */
    async changePassword(input: ChangePasswordRequest, ctx: RequestContext): Promise<void> {
      const { user, tokenHash } = await me(ctx);
      required(input.oldPassword, input.newPassword, input.code);
      checked(checkPassword(input.newPassword));
      const target = verifyTarget(user, input.channel);
      await checkLoginPassword(user, input.oldPassword);
      if (input.newPassword === input.oldPassword) fail('security.password.same');
      const codeHash = await checkCode(user, target, input.code);
      const passwordHash = await hasher.hash(input.newPassword);
      await store.transaction(async (tx) => {
        await codes.consume(tx, target, codeHash);
        await tx.users.setPassword(user.id, passwordHash, clock());
        await tx.security.setPasswordChanged(user.id, clock());
        await tx.sessions.revokeAllForUserExcept(user.id, tokenHash, clock());
      });
      await events.changed(user, 'password.changed', ctx);
    },

    async setFundPassword(input: FundPasswordSetRequest, ctx: RequestContext): Promise<void> {
      const { user } = await me(ctx);
      required(input.fundPassword, input.code);
      checked(checkFundPassword(input.fundPassword));
      if (user.fund_password_hash !== null) fail('security.fund.alreadySet');
      const target = verifyTarget(user, input.channel);
      if (await hasher.verify(user.password_hash, input.fundPassword)) fail('security.fund.sameAsLogin');
      const codeHash = await checkCode(user, target, input.code);
      const fundHash = await hasher.hash(input.fundPassword);
      await store.transaction(async (tx) => {
        await codes.consume(tx, target, codeHash);
        await tx.users.setFundPassword(user.id, fundHash, clock());
      });
      await events.changed(user, 'fundPassword.set', ctx);
    },

    async changeFundPassword(input: FundPasswordChangeRequest, ctx: RequestContext): Promise<void> {
      const { user } = await me(ctx);
      required(input.oldFundPassword, input.fundPassword, input.code);
      checked(checkFundPassword(input.fundPassword));
      if (user.fund_password_hash === null) fail('security.fund.notSet');
      const target = verifyTarget(user, input.channel);
      await checkFund(user, input.oldFundPassword);
      if (await hasher.verify(user.password_hash, input.fundPassword)) fail('security.fund.sameAsLogin');
      const codeHash = await checkCode(user, target, input.code);
      const fundHash = await hasher.hash(input.fundPassword);
      await store.transaction(async (tx) => {
        await codes.consume(tx, target, codeHash);
        await tx.users.setFundPassword(user.id, fundHash, clock());
      });
      await events.changed(user, 'fundPassword.changed', ctx);
    },

    /**
     * The fund password check withdrawals and the robot's secret key call: refuses with security.fund.notSet,
     * security.fund.wrong, or security.throttled (data.retryAfter) while wrong tries are being slowed.
     */
    async verifyFundPassword(userId: number, password: string): Promise<void> {
      const user = await store.users.findById(userId);
      if (!user) fail('security.fund.notSet');
      required(password);
      await checkFund(user, password);
    },

    async setAntiPhishing(input: AntiPhishingRequest, ctx: RequestContext): Promise<void> {
      const { user } = await me(ctx);
      required(input.antiPhishingCode, input.code);
      checked(checkAntiPhishing(input.antiPhishingCode));
      const target = verifyTarget(user, input.channel);
      const codeHash = await checkCode(user, target, input.code);
      await store.transaction(async (tx) => {
        await codes.consume(tx, target, codeHash);
        await tx.security.setAntiPhishing(user.id, input.antiPhishingCode, clock());
      });
      await events.changed(user, 'antiPhishing.set', ctx);
    },

    /** The user's live sessions, newest first; the one asking is `current`. */
    async sessions(ctx: RequestContext): Promise<SessionInfo[]> {
      const { user, tokenHash } = await me(ctx);
      const rows = await store.security.liveDevices(user.id, clock());
      return rows.map((r) => ({
        id: r.publicId,
        device: deviceName(r.userAgent),
        address: r.address,
        method: method(r.method),
        createdAt: r.createdAt,
        lastSeenAt: r.lastSeenAt,
        current: r.tokenHash === tokenHash,
      }));
    },

    /** Signs out one of the user's own sessions; any other id (another user's included) is security.session.notFound. */
    async revokeSession(id: string, ctx: RequestContext): Promise<void> {
      const { user } = await me(ctx);
      required(id);
      const found = (await store.security.liveDevices(user.id, clock())).find((r) => r.publicId === id);
      if (!found) fail('security.session.notFound');
      await store.sessions.revoke(found.tokenHash, clock());
      await events.changed(user, 'sessions.revoked', ctx);
    },

    /** Signs out every session of the user but the one asking; returns how many ended. */
    async revokeOtherSessions(ctx: RequestContext): Promise<{ revoked: number }> {
      const { user, tokenHash } = await me(ctx);
      const revoked = await store.sessions.revokeAllForUserExcept(user.id, tokenHash, clock());
      if (revoked > 0) await events.changed(user, 'sessions.revoked', ctx);
      return { revoked };
    },

    async loginHistory(page: number, pageSize: number, ctx: RequestContext): Promise<LoginHistoryPage> {
      const { user } = await me(ctx);
      const { rows, total } = await store.security.loginHistory(user.id, page, pageSize);
      return {
        items: rows.map((r) => ({
          at: r.at,
          address: r.address,
          device: deviceName(r.user_agent),
          method: method(r.method),
          result: r.result === 'success' ? 'success' : 'failed',
        })),
        total,
        page,
        pageSize,
      };
    },
  });
}

export type SecurityCentre = ReturnType<typeof createSecurityCentre>;
