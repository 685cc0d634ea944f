// The account service: sign-up, sign-in, sign-out, codes and password reset, free of HTTP. Each operation
// checks its input in the order the spec lists the rules and stores nothing until every check has passed.
import type {
  LoginReply,
  LoginRequest,
  RegisterRequest,
  ResetPasswordRequest,
  SendCodeReply,
  SendCodeRequest,
  UserInfo,
} from '../contract/api.ts';
import type { ErrorCode } from '../contract/errors.ts';
import { DEFAULT_LOCALE, resolveLocale, type Locale } from '../contract/locales.ts';
import { channelOf, checkAccount, checkPassword, normalizeAccount } from '../contract/validate.ts';
import type { Clock } from '../clock.ts';
import { AppError, fail } from '../errors.ts';
import type { Messages } from '../i18n/messages.ts';
import type { Notifier } from '../notify/notifier.ts';
import { loginAlertMessage } from '../notify/templates.ts';
import { isUniqueViolation } from '../store/errors.ts';
import type { Store } from '../store/index.ts';
import type { UserRow } from '../store/users.ts';
import { createCodeService, type CodeTarget } from './codes.ts';
import { createUser } from './identity.ts';
import { createLimiter } from './limiter.ts';
import { addressSubject, createLoginGuard } from './login-guard.ts';
import type { PasswordHasher } from './passwords.ts';
import { RATE_RULES } from './policy.ts';
import { extraFactors, toUserInfo } from './profile.ts';
import { createSessionService } from './sessions.ts';
import { createSecretGuard } from './security/guard.ts';
import { createSecurityEvents } from './security/events.ts';
import { createSecurityCentre } from './security/service.ts';
import { createLoginSecondFactor } from './twofactor/login-step.ts';

/** How a session was started: recorded in the login history (issue 21). */
export type LoginMethod = 'password' | 'passkey';

export interface AccountDeps {
  store: Store;
  clock: Clock;
  notifier: Notifier;
  messages: Messages;
  hasher: PasswordHasher;
  sessionTtlMs: number;
}

/** Who is asking: language for messages, network address for rate limits, session ticket if any. */
export interface RequestContext {
  locale: Locale;
  address: string;
  ticket?: string | undefined;
  /** The client's User-Agent header, for the devices list and the login history. */
  userAgent?: string | undefined;
}

function required(...values: Array<string | boolean | undefined>): void {
  if (values.some((v) => v === undefined || (typeof v === 'string' && v.trim() === ''))) fail('validate.required');
}

function checked(error: ErrorCode | null): void {
  if (error) fail(error);
}

export function createAccounts(deps: AccountDeps) {
  const { store, clock, hasher } = deps;
  const sessions = createSessionService(store, clock, deps.sessionTtlMs);
  const codes = createCodeService(deps);
  const limiter = createLimiter(store.rateLimits);
  const guard = createLoginGuard(store.rateLimits);
  /** Slows guessing of a signed-in account's secrets (codes, passwords, fund password, TOTP): security/guard.ts. */
  const secrets = createSecretGuard(store.rateLimits);
  const securityEvents = createSecurityEvents({ store, clock, notifier: deps.notifier, messages: deps.messages });
  const secondFactor = createLoginSecondFactor({ store, clock, guard: secrets });

  /** The security centre (security/service.ts): overview, bindings, passwords, anti-phishing, devices, history. */
  const security = createSecurityCentre({ store, clock, hasher, sessions, codes, limiter, secrets, events: securityEvents });

  /** A sign-in on a known account, for its login history (the devices list and the owner's own record). */
  async function recordLogin(user: UserRow, ctx: RequestContext, method: LoginMethod, result: 'success' | 'failed'): Promise<void> {
    await store.security.recordLogin({ user_id: user.id, at: clock(), address: ctx.address, user_agent: ctx.userAgent ?? '', method, result });
  }

  /**
   * Starts a session for a user who proved who they are (password and second factor, or a passkey): the session's
   * device is recorded for the devices list, the sign-in in the login history, and a sign-in from a browser the
   * account has not used before is told to the owner (not the account's very first one).
   */
  async function completeLogin(user: UserRow, ctx: RequestContext, method: LoginMethod): Promise<LoginReply> {
    await store.userLocales.set(user.id, ctx.locale, clock());
    const userAgent = ctx.userAgent ?? '';
    const known = await store.security.knownDevice(user.id, userAgent);
    const { token, expiresAt } = await sessions.issue(user.id, { userAgent, address: ctx.address, method });
    await recordLogin(user, ctx, method, 'success');
    if (known.any && !known.same) await securityEvents.changed(user, 'login.newDevice', ctx);
    return { token, expiresAt };
  }

  /** Tells the owner of an account someone keeps failing to sign in to, in the language they last signed in with. */
  async function alertOwner(user: UserRow, attempts: number, fallback: Locale): Promise<void> {
    const channel = user.email !== null ? 'email' : 'phone';
    const to = user.email ?? user.phone;
    if (to === null) return;
    const locale = resolveLocale(await store.userLocales.get(user.id)) ?? fallback;
    const minutes = RATE_RULES.loginFailuresPerAccount.windowMs / 60_000;
    await deps.notifier.send(loginAlertMessage(deps.messages, locale, channel, to, attempts, minutes));
  }

  return Object.freeze({
    sessions,
    secrets,
    securityEvents,
    security,
    completeLogin,
    /** The fund password check of withdrawals and the robot's secret key (security/service.ts; guarded, 'fund'). */
    verifyFundPassword: security.verifyFundPassword,

    async sendCode(input: SendCodeRequest, ctx: RequestContext): Promise<SendCodeReply> {
      required(input.account);
      const existing = input.purpose === 'reset' || input.purpose === 'login';
      checked(checkAccount(input.channel, input.account, existing ? 'existing' : 'new'));
      const target: CodeTarget = {
        channel: input.channel,
        account: normalizeAccount(input.channel, input.account),
        purpose: input.purpose,
      };
      const me = input.purpose === 'bind' ? (await sessions.authenticate(ctx.ticket)).user : null;
      await limiter.consume(RATE_RULES.codeRequestsPerAddress, ctx.address, clock());
      const owner = await store.users.findByAccount(target.channel, target.account);
      if (target.purpose === 'register' && owner) fail('account.already.registered');
      if ((target.purpose === 'reset' || target.purpose === 'login') && !owner) fail('account.not.found');
      if (target.purpose === 'bind' && owner && owner.id !== me?.id) fail('bind.account.taken');
      await codes.ensureResendAllowed(target);
      await limiter.consume(RATE_RULES.codesPerAccount, `${target.channel}:${target.account}`, clock());
      return codes.issue(target, ctx.locale);
    },

    async register(input: RegisterRequest): Promise<{ userId: number }> {
      required(input.account, input.code, input.password);
      if (input.agree !== true) fail('register.agreement.required');
      checked(checkAccount(input.channel, input.account));
      checked(checkPassword(input.password));
      const inviteCode = input.inviteCode?.trim().toUpperCase();
      const referrer = inviteCode ? await store.users.findByInviteCode(inviteCode) : undefined;
      if (inviteCode && !referrer) fail('register.invite.invalid');
      const target: CodeTarget = {
        channel: input.channel,
        account: normalizeAccount(input.channel, input.account),
        purpose: 'register',
      };
      if (await store.users.findByAccount(target.channel, target.account)) fail('account.already.registered');
      const codeHash = await codes.check(target, input.code);
      const passwordHash = await hasher.hash(input.password);
      try {
        const userId = await store.transaction(async (tx) => {
          await codes.consume(tx, target, codeHash);
          return createUser(tx, {
            email: target.channel === 'email' ? target.account : null,
            phone: target.channel === 'phone' ? target.account : null,
            passwordHash,
            referrerId: referrer?.id ?? null,
            now: clock(),
          });
        });
        return { userId };
      } catch (error) {
        // Someone registered the same account between our check and the insert.
        if (!(error instanceof AppError) && isUniqueViolation(error)) fail('account.already.registered');
        throw error;
      }
    },

    /**
     * Signs in (login-guard.ts: growing waits per address, a code after many failures on the account). The order
     * keeps every answer uninformative to a guesser: the waits and the code are settled before the password is
     * looked at, so neither a wrong code nor a throttle says whether a password was right, and an unknown account
     * is counted and answered like a known one.
     */
    async login(input: LoginRequest, ctx: RequestContext): Promise<LoginReply> {
      required(input.account, input.password);
      const channel = channelOf(input.account.trim());
      checked(checkAccount(channel, input.account, 'existing'));
      const account = normalizeAccount(channel, input.account);
      const address = addressSubject(ctx.address);
      await limiter.consume(RATE_RULES.loginAttemptsPerAddress, address, clock());
      await guard.ensureAllowed(account, address, clock());
      const target: CodeTarget = { channel, account, purpose: 'login' };
      let codeHash: string | null = null;
      if (await guard.needsCode(account, address, clock())) {
        const code = input.code?.trim();
        if (!code) fail('login.code.required', { channel });
        try {
          codeHash = await codes.check(target, code);
        } catch (error) {
          // A wrong code counts like a wrong password, so guessing codes is slowed the same way.
          if (error instanceof AppError && error.code.startsWith('verify.code')) await guard.failed(account, address, clock());
          throw error;
        }
      }
      const user = await store.users.findByAccount(channel, account);
      const ok = await hasher.verify(user?.password_hash ?? null, input.password);
      if (!user || !ok) {
        const failure = await guard.failed(account, address, clock());
        if (user) await recordLogin(user, ctx, 'password', 'failed');
        if (failure.alertOwner && user) await alertOwner(user, failure.accountFailures, ctx.locale);
        fail('login.failed');
      }
      // Checked after the password, so a stranger can't learn that an account is frozen.
      if (user.frozen) fail('account.frozen');
      try {
        await secondFactor.check(user, { totpCode: input.totpCode });
      } catch (error) {
        // A wrong second factor is a failed sign-in in the history; being asked for one is not.
        if (error instanceof AppError && !error.code.endsWith('.required')) await recordLogin(user, ctx, 'password', 'failed');
        throw error;
      }
      const hash = codeHash;
      if (hash !== null) await store.transaction((tx) => codes.consume(tx, target, hash));
      await guard.succeeded(account, address, clock());
      return completeLogin(user, ctx, 'password');
    },

    logout: (ctx: RequestContext) => sessions.revoke(ctx.ticket),

    async resetPassword(input: ResetPasswordRequest, ctx?: RequestContext): Promise<void> {
      required(input.account, input.code, input.password);
      checked(checkAccount(input.channel, input.account, 'existing'));
      checked(checkPassword(input.password));
      const target: CodeTarget = {
        channel: input.channel,
        account: normalizeAccount(input.channel, input.account),
        purpose: 'reset',
      };
      const user = await store.users.findByAccount(target.channel, target.account);
      if (!user) fail('account.not.found');
      const codeHash = await codes.check(target, input.code);
      const passwordHash = await hasher.hash(input.password);
      await store.transaction(async (tx) => {
        await codes.consume(tx, target, codeHash);
        await tx.users.setPassword(user.id, passwordHash, clock());
        await tx.security.setPasswordChanged(user.id, clock());
        // A reset is often the answer to a stolen password: every existing session ends with it.
        await tx.sessions.revokeAllForUser(user.id, clock());
      });
      // The owner is told and withdrawals wait (security/events.ts), whoever asked for the reset.
      await securityEvents.changed(user, 'password.reset', ctx ?? { locale: DEFAULT_LOCALE, address: '-' });
    },

    async userInfo(ctx: RequestContext): Promise<UserInfo> {
      const { user } = await sessions.authenticate(ctx.ticket);
      return toUserInfo(user, await extraFactors(store, user.id));
    },

    async markRecharged(ctx: RequestContext): Promise<void> {
      const { user } = await sessions.authenticate(ctx.ticket);
      await store.users.setHasRecharge(user.id, clock());
    },
  });
}

export type Accounts = ReturnType<typeof createAccounts>;
