// A running in-process exchange with its operator console on a second listener (127.0.0.1, any free port), over a
// fresh store of either dialect, a movable clock, and a stand-in build of the web apps (dist/ with index.html,
// ops.html and each entry's asset). Operators are made with the real CLI (`operator add`), sign in with a code of
// their real TOTP secret, and call the console over its own listener (app.inject on the console's app, or HTTP).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'otplib';
import { expect } from 'vitest';
import { runOperatorCommand } from '../../../server/cli/operator-commands.ts';
import { OPS_PATHS, OPS_REQUEST_HEADER, OPS_SESSION_COOKIE, type OpsRole } from '../../../server/contract/ops.ts';
import { startServer, type ServerHandle } from '../../../server/server.ts';
import { newTarget, testClock, type DialectName, type Target } from '../dialects.ts';

export interface Operator {
  name: string;
  role: OpsRole;
  password: string;
  secret: string;
}

export interface OpsReply {
  status: number;
  // `any`: each test reads the data of the reply it asked for.
  body: { code: string; msg: string; data: any };
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
}

export interface CallOptions {
  cookie?: string | null;
  body?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** Leave out the x-ops-request header a console POST carries. */
  bare?: boolean;
}

export interface OpsWorld {
  server: ServerHandle;
  target: Target;
  dataDir: string;
  distDir: string;
  clock: ReturnType<typeof testClock>;
  cli(...argv: string[]): Promise<{ exitCode: number; output: string }>;
  addOperator(name: string, role: OpsRole): Promise<Operator>;
  code(secret: string, ms?: number): Promise<string>;
  /** Signs in (the next 30-second step, so a code is never reused by accident); returns the session cookie. */
  login(op: Operator): Promise<string>;
  call(method: 'GET' | 'POST', path: string, o?: CallOptions): Promise<OpsReply>;
  /** A console command; expects success and returns its OpsCommandResult. */
  command(cookie: string, command: string, args: Record<string, string>, reason?: string, requestId?: string): Promise<OpsReply>;
  dispose(): Promise<void>;
}

export const CONSOLE_PAGE = '<!doctype html><title>console</title><div id="ops"></div>';
export const APP_PAGE = '<!doctype html><title>app</title><div id="root"></div>';

export function fakeDist(dir: string): void {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), APP_PAGE);
  writeFileSync(join(dir, 'ops.html'), CONSOLE_PAGE);
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(join(dir, 'assets', 'ops-abc123.js'), 'console.log("ops")');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
}

let requestSeq = 0;
export const newRequestId = () => `req-${process.pid}-${Date.now()}-${++requestSeq}`;

export async function openOpsWorld(dialect: DialectName, o: { feeds?: boolean; systemClock?: boolean } = {}): Promise<OpsWorld> {
  const target = await newTarget(dialect);
  const dataDir = target.dataDir ?? mkdtempSync(join(tmpdir(), 'openex-ops-pg-'));
  const distDir = mkdtempSync(join(tmpdir(), 'openex-ops-dist-'));
  fakeDist(distDir);
  const clock = testClock(Date.UTC(2026, 2, 1, 12, 0, 0));
  const server = await startServer({
    port: 0, host: '127.0.0.1', dataDir, databaseUrl: target.databaseUrl, feeds: false, bots: false, logger: false, admin: false,
    staticDir: distDir, ops: { port: 0 }, earnDemo: { seed: false }, secondsDemo: { seed: false },
    ...(o.systemClock === true ? {} : { clock: clock.now }),
    ...(o.feeds === true ? { feeds: true, recordIntervalMs: 200 } : {}),
  });
  const where = { dataDir, databaseUrl: target.databaseUrl, clock: o.systemClock === true ? undefined : clock.now, operator: 'root' };
  const cli = (...argv: string[]) => runOperatorCommand(argv, where);
  const ops = server.opsApp;
  if (ops === null) throw new Error('no console');

  const call: OpsWorld['call'] = async (method, path, o = {}) => {
    const payload = o.body === undefined ? undefined : JSON.stringify(o.body);
    const raw = await ops.inject({
      method,
      url: path,
      headers: {
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'POST' && o.bare !== true ? { [OPS_REQUEST_HEADER]: '1' } : {}),
        ...(o.cookie ? { cookie: `${OPS_SESSION_COOKIE}=${o.cookie}` } : {}),
        ...o.headers,
      },
      ...(o.query === undefined ? {} : { query: o.query }),
      ...(payload === undefined ? {} : { payload }),
    });
    let body: OpsReply['body'] = { code: '', msg: '', data: null };
    try {
      body = raw.json();
    } catch {
      // not JSON (a page, a photo, CSV)
    }
    return { status: raw.statusCode, body, headers: raw.headers, text: raw.body };
  };

  const now = () => (o.systemClock === true ? Date.now() : clock.now());
  const code = (secret: string, ms = now()) => generate({ secret, epoch: Math.floor(ms / 1000) });

  return {
    server, target, dataDir, distDir, clock, cli, call, code,
    async addOperator(name, role) {
      const r = await cli('operator', 'add', '--name', name, '--role', role, '--reason', 'test setup', '--json');
      expect(r.exitCode, r.output).toBe(0);
      const data = JSON.parse(r.output) as { password: string; totpSecret: string };
      return { name, role, password: data.password, secret: data.totpSecret };
    },
    async login(op) {
      clock.advance(30_000);
      const r = await call('POST', OPS_PATHS.login, { body: { name: op.name, password: op.password, totp: await code(op.secret) } });
      expect(r.body.code, JSON.stringify(r.body)).toBe('success');
      const cookie = String(r.headers['set-cookie'] ?? '');
      const token = new RegExp(`${OPS_SESSION_COOKIE}=([^;]+)`).exec(cookie)?.[1];
      if (token === undefined) throw new Error(`no session cookie in ${cookie}`);
      return token;
    },
    command(cookie, command, args, reason, requestId = newRequestId()) {
      return call('POST', OPS_PATHS.command, { cookie, body: { command, args, requestId, ...(reason === undefined ? {} : { reason }) } });
    },
    async dispose() {
      await server.close();
      await target.dispose();
      if (target.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
      rmSync(distDir, { recursive: true, force: true });
    },
  };
}
