// The app built over a fresh store, driven through app.inject(), with a movable clock and outbox access.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { argon2Hasher } from '../../server/accounts/passwords.ts';
import { buildApp } from '../../server/gateway/app.ts';
import { createMessages } from '../../server/i18n/messages.ts';
import { createNotifier, type MailTransport } from '../../server/notify/notifier.ts';
import type { Store } from '../../server/store/index.ts';
import type { Envelope } from '../../server/contract/api.ts';
import { openStore, testClock, type DialectName, type Target } from './dialects.ts';

export const HOUR = 3_600_000;
export const SESSION_TTL_MS = 168 * HOUR;

export interface Harness {
  app: FastifyInstance;
  store: Store;
  target: Target;
  clock: ReturnType<typeof testClock>;
  /** Calls the app; `body` is sent as JSON. */
  call(method: 'GET' | 'POST', url: string, options?: CallOptions): Promise<Reply>;
  latestCode(account: string): Promise<string>;
  /** Sends a code, reads it from the outbox, registers; returns the session token of a fresh login. */
  signUp(email: string, password?: string, inviteCode?: string): Promise<string>;
  counts(): Promise<Counts>;
  dispose(): Promise<void>;
}

export interface CallOptions {
  body?: unknown;
  /** Sent as is with a JSON content type (for malformed bodies). */
  rawBody?: string;
  ticket?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  /** Client address (rate limits are per address). */
  address?: string;
}

export interface Reply {
  status: number;
  // `any`: each test reads the data of the reply it asked for; the envelope shape itself is checked.
  body: Envelope<any>;
  raw: LightMyRequestResponse;
}

export interface Counts {
  users: number;
  sessions: number;
  codes: number;
  outbox: number;
}

export const PASSWORD = 'Secret12345';

export async function openHarness(dialect: DialectName, options: { mail?: MailTransport; staticDir?: string } = {}): Promise<Harness> {
  const clock = testClock();
  const { store, target, dispose } = await openStore(dialect, clock.now);
  const app = await buildApp({
    store,
    notifier: createNotifier({ outbox: store.outbox, clock: clock.now, mail: options.mail }),
    messages: createMessages(),
    hasher: argon2Hasher(),
    clock: clock.now,
    sessionTtlMs: SESSION_TTL_MS,
    staticDir: options.staticDir ?? '/nonexistent-openex-dist',
  });

  const call: Harness['call'] = async (method, url, opts = {}) => {
    const payload = opts.rawBody ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined);
    const raw = await app.inject({
      method,
      url,
      headers: {
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(opts.ticket ? { ticket: opts.ticket } : {}),
        ...opts.headers,
      },
      ...(opts.query ? { query: opts.query } : {}),
      ...(opts.address ? { remoteAddress: opts.address } : {}),
      ...(payload !== undefined ? { payload } : {}),
    });
    return { status: raw.statusCode, body: raw.json(), raw };
  };

  const latestCode = async (account: string) => {
    const message = (await store.outbox.list(100)).find((m) => m.recipient === account);
    const code = message?.body.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code in the outbox for ${account}`);
    return code;
  };

  return {
    app,
    store,
    target,
    clock,
    call,
    latestCode,
    async signUp(email, password = PASSWORD, inviteCode) {
      const sent = await call('POST', '/app/account/sendCode', { body: { channel: 'email', account: email, purpose: 'register' } });
      if (sent.body.code !== 'success') throw new Error(`sendCode: ${sent.body.code}`);
      const code = await latestCode(email.toLowerCase());
      const body = { channel: 'email', account: email, code, password, agree: true, ...(inviteCode ? { inviteCode } : {}) };
      const registered = await call('POST', '/app/account/register', { body });
      if (registered.body.code !== 'success') throw new Error(`register: ${registered.body.code}`);
      const login = await call('POST', '/app/account/login', { body: { account: email, password } });
      if (login.body.code !== 'success') throw new Error(`login: ${login.body.code}`);
      return login.body.data.token as string;
    },
    async counts() {
      return {
        users: await store.users.count(),
        sessions: await store.sessions.count(),
        codes: await store.codes.count(),
        outbox: await store.outbox.count(),
      };
    },
    async dispose() {
      await app.close();
      await dispose();
    },
  };
}
