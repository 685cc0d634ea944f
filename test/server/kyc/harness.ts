// The app over a fresh store with its own data folder (so the identity folder can be looked at), plus what the
// identity tests need: uploads of raw bytes, the files and rows there are.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { argon2Hasher } from '../../../server/accounts/passwords.ts';
import { buildApp } from '../../../server/gateway/app.ts';
import { createMessages } from '../../../server/i18n/messages.ts';
import { createNotifier } from '../../../server/notify/notifier.ts';
import type { Store } from '../../../server/store/index.ts';
import { openStore, testClock, type DialectName } from '../dialects.ts';
import { PASSWORD, SESSION_TTL_MS } from '../harness.ts';

export interface KycHarness {
  app: FastifyInstance;
  store: Store;
  dataDir: string;
  folder: string;
  clock: ReturnType<typeof testClock>;
  signUp(email: string): Promise<string>;
  upload(ticket: string, kind: string, body: Buffer | NodeJS.ReadableStream, headers?: Record<string, string>): Promise<{ status: number; body: { code: string; msg: string; data: any } }>;
  json(method: 'GET' | 'POST', url: string, ticket: string | undefined, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: { code: string; msg: string; data: any } }>;
  raw(url: string, ticket: string): Promise<LightMyRequestResponse>;
  files(): string[];
  rows(): Promise<{ uploads: number; submissions: number }>;
  dispose(): Promise<void>;
}

export async function openKyc(dialect: DialectName): Promise<KycHarness> {
  const clock = testClock();
  const { store, dispose } = await openStore(dialect, clock.now);
  const dataDir = mkdtempSync(join(tmpdir(), 'openex-kyc-'));
  const app = await buildApp({
    store,
    notifier: createNotifier({ outbox: store.outbox, clock: clock.now }),
    messages: createMessages(),
    hasher: argon2Hasher(),
    clock: clock.now,
    sessionTtlMs: SESSION_TTL_MS,
    staticDir: '/nonexistent-openex-dist',
    dataDir,
  });
  const folder = join(dataDir, 'identity');
  const json: KycHarness['json'] = async (method, url, ticket, body, headers = {}) => {
    const r = await app.inject({
      method, url,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(ticket ? { ticket } : {}), ...headers },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    return { status: r.statusCode, body: r.json() };
  };
  return {
    app, store, dataDir, folder, clock, json,
    async signUp(email) {
      const sent = await json('POST', '/app/account/sendCode', undefined, { channel: 'email', account: email, purpose: 'register' });
      if (sent.body.code !== 'success') throw new Error(`sendCode: ${sent.body.code}`);
      const message = (await store.outbox.list(100)).find((m) => m.recipient === email);
      const code = message?.body.match(/\b(\d{6})\b/)?.[1];
      const reg = await json('POST', '/app/account/register', undefined, { channel: 'email', account: email, code, password: PASSWORD, agree: true });
      if (reg.body.code !== 'success') throw new Error(`register: ${reg.body.code}`);
      const login = await json('POST', '/app/account/login', undefined, { account: email, password: PASSWORD });
      if (login.body.code !== 'success') throw new Error(`login: ${login.body.code}`);
      return login.body.data.token as string;
    },
    async upload(ticket, kind, body, headers = {}) {
      const r = await app.inject({
        method: 'POST',
        url: `/app/identity/upload?kind=${kind}`,
        headers: { 'content-type': 'application/octet-stream', ticket, ...headers },
        payload: body,
      });
      return { status: r.statusCode, body: r.json() };
    },
    raw: (url, ticket) => app.inject({ method: 'GET', url, headers: { ticket } }),
    files: () => {
      try {
        return readdirSync(folder).filter((f) => statSync(join(folder, f)).isFile());
      } catch {
        return [];
      }
    },
    async rows() {
      return { uploads: await store.identity.countUploads(), submissions: await store.identity.countSubmissions() };
    },
    async dispose() {
      await app.close();
      await dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
