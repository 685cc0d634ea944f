// What the console's browser tests share (ops-console.test.ts, ops-walk.test.ts): operators made with the CLI as an
// owner would, signing in with the password and a fresh authenticator code, the /app API as a user's browser calls it,
// the pictures users upload, and which failed requests a page may show.
import sharp from 'sharp';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { runOperatorCommand } from '../../server/cli/operator-commands.ts';

export interface Operator {
  name: string;
  password: string;
  totpSecret: string;
}

/** Chromium logs every refused request as "Failed to load resource"; `failed` records which one it was. The console
 *  API's 401s (before sign-in, a wrong code) and the forged or forced requests' 403s are expected. */
export const unexpected = (errors: string[]) => errors.filter((e) => !e.startsWith('console: Failed to load resource') && !/^http (401|403) /.test(e));

/** Replies with an error status, as `http <status> <method> <path> (<command>)`. */
export function failed(page: Page, into: string[]): void {
  page.on('response', (r) => {
    if (r.status() < 400) return;
    const url = new URL(r.url());
    const command = /"command":"([^"]+)"/.exec(r.request().postData() ?? '')?.[1];
    into.push(`http ${r.status()} ${r.request().method()} ${url.pathname}${url.search}${command ? ` (${command})` : ''}`);
  });
}

/** A 900 × 600 picture of a document (or a screenshot) with a label, as a user would upload it. */
export const image = (hue: number, label: string, format: 'jpeg' | 'png' = 'jpeg') =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r: hue, g: 140, b: 255 - hue } } })
    .composite([{ input: Buffer.from(`<svg width="900" height="600"><rect x="40" y="40" width="820" height="520" rx="30" fill="none" stroke="#fff" stroke-width="12"/><text x="80" y="320" font-size="90" fill="#fff" font-family="sans-serif">${label}</text></svg>`) }])
    [format]()
    .toBuffer();

/** The exchange's /app API as a user's browser calls it; anything but success throws with the code and message. */
export async function appCall<T = unknown>(
  baseUrl: string,
  path: string,
  init: { ticket?: string; json?: unknown; body?: Buffer; query?: string; lang?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = { lang: init.lang ?? 'en' };
  if (init.ticket) headers['ticket'] = init.ticket;
  let body: BodyInit | undefined;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.body) {
    headers['content-type'] = 'application/octet-stream';
    body = new Uint8Array(init.body);
  }
  const res = await fetch(`${baseUrl}${path}${init.query ?? ''}`, { method: body === undefined ? 'GET' : 'POST', headers, body });
  const reply = (await res.json()) as { code: string; msg: string; data: T };
  if (reply.code !== 'success') throw new Error(`${path}: ${reply.code} ${reply.msg}`);
  return reply.data;
}

/** `npm run admin -- operator add` as the owner runs it, with the one-time password and TOTP secret it prints. */
export async function addOperator(dataDir: string, name: string, role: string, reason: string, owner: string): Promise<Operator> {
  const argv = ['operator', 'add', '--name', name, '--role', role, '--reason', reason, '--json'];
  // A first start's writes (the custody wallet, the demo's seeds) can hold SQLite's write lock past the CLI's 5 s
  // busy wait on a loaded machine: the operator repeats the command then, as a person would.
  let r = await runOperatorCommand(argv, { dataDir, operator: owner });
  for (let tries = 1; tries < 4 && r.exitCode !== 0 && /database is locked/.test(r.output); tries++) {
    await new Promise((done) => setTimeout(done, 1000));
    r = await runOperatorCommand(argv, { dataDir, operator: owner });
  }
  expect(r.exitCode, r.output).toBe(0);
  const data = JSON.parse(r.output) as { password: string; totpSecret: string };
  return { name, password: data.password, totpSecret: data.totpSecret };
}

/** Signs in on the console's page with the name, the password and the authenticator's current code. */
export async function signIn(p: Page, opsUrl: string, who: Operator, lang = 'en'): Promise<void> {
  await p.goto(`${opsUrl}/?lang=${lang}`);
  await p.getByTestId('ops-sign-in').waitFor();
  await p.locator('input[name="name"]').fill(who.name);
  await p.locator('input[name="password"]').fill(who.password);
  await p.locator('input[name="totp"]').fill(await generate({ secret: who.totpSecret, epoch: Math.floor(Date.now() / 1000) }));
  await p.getByTestId('ops-sign-in-submit').click();
  await p.getByTestId('ops-nav').waitFor();
}
