// Signing operators in and checking their sessions. Sign-in needs the name, the password AND a fresh code of the
// operator's authenticator: a code is accepted once (its time step must be later than the last accepted one, in
// one conditional update, so two sign-ins racing with one code can't both pass). Every failure (unknown name, wrong
// password, wrong or used code, disabled operator) gets the same answer after the same work (an unknown name is
// checked against a dummy hash), and counts against a known operator: the MAX_FAILURES-th in a row locks sign-in
// for LOCK_MS. A session is a random 256-bit token in an HttpOnly, SameSite=Strict cookie; the store keeps only its
// SHA-256, for SESSION_TTL_MS. The operator is read afresh on every request, so a role change, a disable or a reset
// (which revokes the sessions) takes effect on the next request.
import { createLimiter } from '../accounts/limiter.ts';
import type { RateRule } from '../accounts/policy.ts';
import type { RateLimits } from '../store/rateLimits.ts';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PasswordHasher } from '../accounts/passwords.ts';
import type { KeySource } from '../accounts/twofactor/secret-key.ts';
import type { Clock } from '../clock.ts';
import { OPS_ROLES, OPS_SESSION_COOKIE, ROLE_CAPABILITIES, type OpsMe, type OpsRole } from '../contract/ops.ts';
import type { OperatorRow, OpsRepo } from '../store/ops.ts';
import type { OpsOperator } from './context.ts';
import { openTotp, totpStep } from './credentials.ts';
import { opsFail } from './errors.ts';

export const SESSION_TTL_MS = 12 * 3_600_000;
export const MAX_FAILURES = 5;
export const LOCK_MS = 15 * 60_000;
/** A session's last use is written at most this often. */
const TOUCH_EVERY_MS = 60_000;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export const isRole = (role: string): role is OpsRole => (OPS_ROLES as readonly string[]).includes(role);

export function meOf(operator: OpsOperator, expiresAt: number): OpsMe {
  return { name: operator.name, role: operator.role, capabilities: [...ROLE_CAPABILITIES[operator.role]], expiresAt };
}

/** The `ops_session` cookie of a request, or null. */
export function sessionToken(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    if (part.slice(0, at).trim() === OPS_SESSION_COOKIE) {
      const value = part.slice(at + 1).trim();
      return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
    }
  }
  return null;
}

/** Secure only over HTTPS: the console usually listens on plain HTTP on 127.0.0.1 (an SSH tunnel), where a Secure cookie is not sent back. */
const cookieAttributes = (request: FastifyRequest) => `HttpOnly; SameSite=Strict; Path=/${request.protocol === 'https' ? '; Secure' : ''}`;

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.header('set-cookie', `${OPS_SESSION_COOKIE}=${token}; Max-Age=${SESSION_TTL_MS / 1000}; ${cookieAttributes(request)}`);
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', `${OPS_SESSION_COOKIE}=; Max-Age=0; ${cookieAttributes(request)}`);
}

export interface OpsAuthDeps {
  readonly ops: OpsRepo;
  readonly clock: Clock;
  readonly hasher: PasswordHasher;
  readonly totpKey: KeySource;
  /** The store's rate counters: sign-in attempts per client address, whatever the name (unknown names included). */
  readonly limits?: RateLimits | undefined;
}

/** Sign-in attempts per client address and minute (as the users' sign-in: policy.ts), counted before any check: guessing
 *  names costs as much as guessing passwords. */
export const OPS_LOGIN_PER_ADDRESS: RateRule = { name: 'ops:login:address', limit: 30, windowMs: 60_000 };

export interface SignedIn {
  readonly operator: OpsOperator;
  readonly token: string;
  readonly expiresAt: number;
}

const toOperator = (row: OperatorRow): OpsOperator | null => (isRole(row.role) ? { id: row.id, name: row.name, role: row.role } : null);

export function createOpsAuth({ ops, clock, hasher, totpKey, limits }: OpsAuthDeps) {
  const limiter = limits === undefined ? null : createLimiter(limits);
  return Object.freeze({
    async login(name: string, password: string, code: string, ip: string | null): Promise<SignedIn> {
      const now = clock();
      await limiter?.consume(OPS_LOGIN_PER_ADDRESS, ip ?? 'unknown', now);
      const row = await ops.operatorByName(name);
      if (row !== undefined && row.lockedUntil > now) {
        opsFail('ops.login.locked', { retryAfter: Math.max(1, Math.ceil((row.lockedUntil - now) / 1000)) });
      }
      // The password is checked whatever the name (a dummy hash for an unknown one): the same work either way.
      const passwordOk = await hasher.verify(row?.passwordHash ?? null, password);
      if (row === undefined) opsFail('ops.login.failed');
      if (row.lockedUntil > 0) await ops.clearExpiredLock(row.id, now);
      const secret = openTotp(totpKey, row.name, row.totpSecret);
      const step = secret === null ? null : await totpStep(secret, code, now);
      const operator = toOperator(row);
      const ok = passwordOk && step !== null && !row.disabled && operator !== null && step > row.totpStep && (await ops.acceptLogin(row.id, row.totpSecret, step, now));
      if (!ok || operator === null) {
        const after = await ops.recordFailure(row.id, now, MAX_FAILURES, LOCK_MS);
        if (after !== undefined && after.lockedUntil > now) opsFail('ops.login.locked', { retryAfter: Math.ceil((after.lockedUntil - now) / 1000) });
        opsFail('ops.login.failed');
      }
      const token = randomBytes(32).toString('base64url');
      const expiresAt = now + SESSION_TTL_MS;
      await ops.insertSession({ tokenHash: hashToken(token), operatorId: row.id, createdAt: now, expiresAt, ip });
      return { operator, token, expiresAt };
    },

    async logout(token: string | null): Promise<void> {
      if (token !== null) await ops.revokeSession(hashToken(token), clock());
    },

    /** The operator of a live session (refused: ops.session.required), and when it ends. */
    async check(token: string | null): Promise<{ operator: OpsOperator; expiresAt: number; tokenHash: string }> {
      if (token === null) opsFail('ops.session.required');
      const now = clock();
      const found = await ops.liveSession(hashToken(token), now);
      const operator = found === undefined || found.operator.disabled ? null : toOperator(found.operator);
      if (found === undefined || operator === null) opsFail('ops.session.required');
      if (now - found.lastSeenAt >= TOUCH_EVERY_MS) await ops.touchSession(found.id, now);
      return { operator, expiresAt: found.expiresAt, tokenHash: found.tokenHash };
    },
  });
}

export type OpsAuth = ReturnType<typeof createOpsAuth>;
