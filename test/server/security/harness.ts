// The security centre's tests: the app over a store that can be closed and opened again (a restart on the same
// data), with a movable clock, outbox reading and shorthands for the /app/security calls.
import type { FastifyInstance } from 'fastify';
import { argon2Hasher } from '../../../server/accounts/passwords.ts';
import { buildApp } from '../../../server/gateway/app.ts';
import { createMessages } from '../../../server/i18n/messages.ts';
import { createNotifier } from '../../../server/notify/notifier.ts';
import { createStore, type Store } from '../../../server/store/index.ts';
import { newTarget, testClock, type DialectName, type Target } from '../dialects.ts';
import { PASSWORD, SESSION_TTL_MS, type Reply } from '../harness.ts';

export { PASSWORD };

export const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

export interface CallOptions {
  body?: unknown;
  ticket?: string;
  query?: Record<string, string>;
  address?: string;
  userAgent?: string;
}

export interface SecurityHarness {
  readonly store: Store;
  readonly app: FastifyInstance;
  clock: ReturnType<typeof testClock>;
  call(method: 'GET' | 'POST', url: string, options?: CallOptions): Promise<Reply>;
  /** The newest message to `recipient` (throws when none). */
  lastMessage(recipient: string): Promise<{ subject: string; body: string }>;
  /** The 6-digit code of the newest message to `recipient`. */
  latestCode(recipient: string): Promise<string>;
  /** Signs up `email` and signs in (from `userAgent`); returns the ticket. */
  signUp(email: string, userAgent?: string): Promise<string>;
  login(account: string, password: string, options?: CallOptions): Promise<Reply>;
  /** Sends a security code (purpose verify to the account's own address, or bind to `account`) and reads it. */
  code(ticket: string, channel: 'email' | 'phone', purpose: 'verify' | 'bind', account?: string): Promise<string>;
  /** Closes the app and the store and opens both again on the same data (the clock goes on). */
  restart(): Promise<void>;
  dispose(): Promise<void>;
}

export async function openSecurityHarness(dialect: DialectName): Promise<SecurityHarness> {
  const clock = testClock();
  const target: Target = await newTarget(dialect);
  let store: Store;
  let app: FastifyInstance;

  async function open(): Promise<void> {
    store = await createStore({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, clock: clock.now });
    app = await buildApp({
      store,
      notifier: createNotifier({ outbox: store.outbox, clock: clock.now }),
      messages: createMessages(),
      hasher: argon2Hasher(),
      clock: clock.now,
      sessionTtlMs: SESSION_TTL_MS,
      staticDir: '/nonexistent-openex-dist',
    });
  }
  await open();

  const call: SecurityHarness['call'] = async (method, url, opts = {}) => {
    const payload = opts.body !== undefined ? JSON.stringify(opts.body) : undefined;
    const raw = await app.inject({
      method,
      url,
      headers: {
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(opts.ticket ? { ticket: opts.ticket } : {}),
        'user-agent': opts.userAgent ?? CHROME,
      },
      ...(opts.query ? { query: opts.query } : {}),
      remoteAddress: opts.address ?? '203.0.113.7',
      ...(payload !== undefined ? { payload } : {}),
    });
    return { status: raw.statusCode, body: raw.json(), raw };
  };

  const lastMessage = async (recipient: string) => {
    const message = (await store.outbox.list(200)).find((m) => m.recipient === recipient);
    if (!message) throw new Error(`no message to ${recipient}`);
    return { subject: message.subject, body: message.body };
  };
  const latestCode = async (recipient: string) => {
    const code = (await lastMessage(recipient)).body.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code in the newest message to ${recipient}`);
    return code;
  };
  const ok = (reply: Reply, what: string) => {
    if (reply.body.code !== 'success') throw new Error(`${what}: ${reply.body.code}`);
    return reply;
  };
  const login: SecurityHarness['login'] = (account, password, options = {}) =>
    call('POST', '/app/account/login', { ...options, body: { account, password } });

  const h: SecurityHarness = {
    get store() {
      return store;
    },
    get app() {
      return app;
    },
    clock,
    call,
    lastMessage,
    latestCode,
    login,
    async signUp(email, userAgent = CHROME) {
      ok(await call('POST', '/app/account/sendCode', { body: { channel: 'email', account: email, purpose: 'register' } }), 'sendCode');
      const code = await latestCode(email);
      ok(await call('POST', '/app/account/register', { body: { channel: 'email', account: email, code, password: PASSWORD, agree: true } }), 'register');
      return ok(await login(email, PASSWORD, { userAgent }), 'login').body.data.token as string;
    },
    async code(ticket, channel, purpose, account) {
      const user = (await call('GET', '/app/account/getUserInfo', { ticket })).body.data as { email: string | null; phone: string | null };
      ok(await call('POST', '/app/security/sendCode', { ticket, body: { channel, purpose, ...(account ? { account } : {}) } }), 'security sendCode');
      const to = purpose === 'bind' ? account! : channel === 'email' ? user.email! : user.phone!;
      const code = await latestCode(to);
      // Codes to one address wait CODE_RESEND_MS between them: later calls in a test are never held up by it.
      clock.advance(61_000);
      return code;
    },
    async restart() {
      await app.close();
      await store.close();
      await open();
    },
    async dispose() {
      await app.close();
      await store.close();
      await target.dispose();
    },
  };
  return h;
}
