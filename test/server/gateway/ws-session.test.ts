// A WebSocket signed in with a session ticket belongs to that session: every way a session ends (sign-out,
// revocation by the operator in this process or from another process, password reset, a frozen account, expiry)
// stops the socket's private events at once and closes it with WS_CLOSE_SESSION_ENDED / session.expired, while a
// socket of another session of the same user goes on. Against a running server, with real WebSocket clients.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../../server/accounts/secrets.ts';
import { API } from '../../../server/contract/api.ts';
import { WS_CLOSE_SESSION_ENDED } from '../../../server/contract/ws.ts';
import { topics as busTopics, type DeskEvent } from '../../../server/desks/index.ts';
import { SESSION_CHECK_MS, wsHubOf } from '../../../server/gateway/routes/ws-hub.ts';
import { gatewayCounters } from '../../../server/gateway/status.ts';
import { startServer, type ServerHandle } from '../../../server/server.ts';
import { createStore, SQLITE_FILE_NAME } from '../../../server/store/index.ts';
import { onSessionsEnding } from '../../../server/store/sessions.ts';
import { newTarget, type Target } from '../dialects.ts';
import { sleep, userWithTicket, WsClient, type Frame } from '../live/ws-client.ts';

let target: Target;
let server: ServerHandle;
let wsUrl: string;
let seq = 0;

beforeAll(async () => {
  target = await newTarget('sqlite');
  server = await startServer({ port: 0, host: '127.0.0.1', dataDir: target.dataDir!, logger: false, feeds: false, bots: false, admin: false });
  wsUrl = `${server.url.replace('http', 'ws')}/ws`;
});
afterAll(async () => {
  await server?.close();
  await target?.dispose();
});

interface Signed {
  user: number;
  ticket: string;
  email: string;
}

async function newUser(name: string): Promise<Signed> {
  const email = `${name}-${++seq}@example.com`;
  const { user, ticket } = await userWithTicket(server.store, email, Date.now());
  return { user, ticket, email };
}

async function secondTicket(user: number, name: string): Promise<string> {
  const ticket = `ticket-second-${name}-${++seq}`;
  const now = Date.now();
  await server.store.sessions.insert({ token_hash: sha256(ticket), user_id: user, created_at: now, expires_at: now + 3_600_000, revoked_at: null });
  return ticket;
}

/** A socket signed in with `ticket` and subscribed to the private topics; records the close reason too. */
async function signedSocket(ticket: string): Promise<WsClient & { reason: string | null }> {
  const c = Object.assign(await WsClient.open(wsUrl), { reason: null as string | null });
  c.socket.addEventListener('close', (e) => {
    c.reason = e.reason;
  });
  expect(await c.request({ op: 'auth', id: 1, ticket })).toEqual({ op: 'ack', id: 1 });
  expect(await c.request({ op: 'subscribe', id: 2, topics: ['balances', 'orders'] })).toEqual({ op: 'ack', id: 2 });
  return c;
}

/** A balance event for `user` on the bus, as a desk publishes after a commit; `n` rides in `available`. */
function publishBalance(user: number, n: number): void {
  const event: DeskEvent = { type: 'balance', user, wallet: 'coin', asset: 'USDT', available: String(n), frozen: '0', time: Date.now() };
  server.trading.bus.publish(busTopics.userBalances(user), event);
}

/**
 * Publishes balance events for `user` without pause (every macrotask) until stopped, and notes how many had been
 * published when a revocation was announced (before its write runs) and when it settled.
 */
function flood(user: number) {
  let n = 0;
  let running = true;
  const marks = { ending: -1, settled: -1 };
  const stopListening = onSessionsEnding((_what, phase) => {
    if (phase === 'ending' && marks.ending < 0) marks.ending = n;
    if (phase === 'settled' && marks.settled < 0) marks.settled = n;
    // An event published between the announcement and the write, as a desk's commit could be.
    publishBalance(user, n++);
  });
  const tick = () => {
    if (!running) return;
    publishBalance(user, n++);
    setImmediate(tick);
  };
  setImmediate(tick);
  return {
    marks,
    published: () => n,
    stop() {
      running = false;
      stopListening();
    },
  };
}

const balances = (c: WsClient) => c.frames.filter((f: Frame) => f.topic === 'balances').map((f) => Number((f.data as { available: string }).available));

async function closedWithin(c: WsClient, ms: number): Promise<number> {
  const start = performance.now();
  while (!c.closed && performance.now() - start < ms) await sleep(5);
  return performance.now() - start;
}

function expectSessionEnded(c: WsClient & { reason: string | null }): void {
  expect(c.closed).toBe(true);
  expect(c.closeCode).toBe(WS_CLOSE_SESSION_ENDED);
  expect(c.reason).toBe('session.expired');
}

const post = (path: string, body: unknown, ticket?: string) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(ticket ? { ticket } : {}) },
    body: JSON.stringify(body),
  }).then((r) => r.json() as Promise<{ code: string; data: unknown }>);

describe('ws sockets follow their session', () => {
  it('sign-out: no private event after the revocation, the socket closes 4001, another session of the user stays', async () => {
    const a = await newUser('logout');
    const other = await secondTicket(a.user, 'logout');
    const ended = await signedSocket(a.ticket);
    const stays = await signedSocket(other);
    const before = gatewayCounters(server.app).wsSessionsEnded;
    const f = flood(a.user);
    try {
      await sleep(50);
      expect((await post(API.logout, {}, a.ticket)).code).toBe('success');
      const ms = await closedWithin(ended, 1000);
      await sleep(50);
      f.stop();
      await sleep(100);
      expectSessionEnded(ended);
      expect(ms).toBeLessThan(200);
      const got = balances(ended);
      expect(got.length).toBeGreaterThan(0); // events flowed before the sign-out
      // Nothing published from the announcement on (the write, its commit, the close) reached the socket.
      expect(f.marks.ending).toBeGreaterThan(0);
      expect(Math.max(...got)).toBeLessThan(f.marks.ending);
      // In order and without a gap up to there.
      expect(got).toEqual(got.map((_, i) => got[0]! + i));
      // The other session's socket saw everything, including what came after, and is still open.
      const theirs = balances(stays);
      expect(Math.max(...theirs)).toBe(f.published() - 1);
      expect(stays.closed).toBe(false);
      expect(gatewayCounters(server.app).wsSessionsEnded).toBe(before + 1);
      expect(wsHubOf(server.app)!.signedInCount).toBeGreaterThan(0);
    } finally {
      f.stop();
      stays.close();
    }
  });

  it('operator revocation in this process (session revoke, user freeze): closed at once, nothing after', async () => {
    const a = await newUser('revoke');
    const b = await newUser('freeze');
    const ca = await signedSocket(a.ticket);
    const cb = await signedSocket(b.ticket);
    const fa = flood(a.user);
    try {
      await sleep(30);
      // What `session revoke` does.
      await server.store.sessions.revokeAllForUser(a.user, Date.now());
      expect(await closedWithin(ca, 1000)).toBeLessThan(200);
      fa.stop();
      expectSessionEnded(ca);
      expect(Math.max(...balances(ca))).toBeLessThan(fa.marks.ending);
      // What `user freeze` does: frozen and signed out in one transaction.
      publishBalance(b.user, 1);
      await cb.take((f) => f.topic === 'balances');
      await server.store.transaction(async (tx) => {
        await tx.users.setFrozen(b.user, true, Date.now());
        publishBalance(b.user, 2); // inside the transaction, before the revocation
        await tx.sessions.revokeAllForUser(b.user, Date.now());
        publishBalance(b.user, 3); // revoked, not committed yet
      });
      publishBalance(b.user, 4);
      expect(await closedWithin(cb, 1000)).toBeLessThan(200);
      expectSessionEnded(cb);
      expect(balances(cb)).toEqual([2]);
    } finally {
      fa.stop();
    }
  });

  it('password reset ends every session of the user and its sockets', async () => {
    const a = await newUser('reset');
    const c = await signedSocket(a.ticket);
    expect((await post(API.sendCode, { channel: 'email', account: a.email, purpose: 'reset' })).code).toBe('success');
    const mail = (await server.store.outbox.list(100)).find((m) => m.recipient === a.email)!;
    const code = mail.body.match(/\b(\d{6})\b/)![1]!;
    const f = flood(a.user);
    try {
      await sleep(30);
      expect((await post(API.resetPassword, { channel: 'email', account: a.email, code, password: 'NewSecret123' })).code).toBe('success');
      expect(await closedWithin(c, 1000)).toBeLessThan(200);
      f.stop();
      expectSessionEnded(c);
      expect(Math.max(...balances(c))).toBeLessThan(f.marks.ending);
    } finally {
      f.stop();
    }
  });

  it('a revocation or a freeze by another process closes the socket within the sweep period', async () => {
    const a = await newUser('cli-revoke');
    const b = await newUser('cli-freeze');
    const keeps = await newUser('cli-keeps');
    const ca = await signedSocket(a.ticket);
    const cb = await signedSocket(b.ticket);
    const ck = await signedSocket(keeps.ticket);
    // Another process's connection to the same file: nothing of this process's stores sees the write being made.
    const db = new Database(join(target.dataDir!, SQLITE_FILE_NAME));
    const measured: number[] = [];
    try {
      for (const [c, sqlText, value] of [
        [ca, 'update sessions set revoked_at = ? where token_hash = ?', sha256(a.ticket)],
        [cb, 'update users set frozen = 1, updated_at = ? where id = ?', b.user],
      ] as const) {
        db.prepare(sqlText).run(Date.now(), value);
        const ms = await closedWithin(c, 3000);
        expectSessionEnded(c);
        measured.push(ms);
      }
      console.info(`another process's revocation / freeze reached the socket after ${measured.map((m) => m.toFixed(0)).join(' / ')} ms (sweep every ${SESSION_CHECK_MS} ms)`);
      for (const ms of measured) expect(ms).toBeLessThanOrEqual(SESSION_CHECK_MS + 250);
      // Events for the revoked users no longer go anywhere; the untouched user's socket is still served.
      publishBalance(keeps.user, 7);
      expect((await ck.take((f) => f.topic === 'balances')).data).toMatchObject({ available: '7' });
      expect(ck.closed).toBe(false);
    } finally {
      db.close();
      ck.close();
    }
  });

  it('a session that passes its expiry closes its socket', async () => {
    const a = await newUser('expiry');
    const c = await signedSocket(a.ticket);
    // The session is left to run out (signing in renews a session past half its life, so this comes after).
    await server.store.sessions.extend(sha256(a.ticket), Date.now() + 800);
    publishBalance(a.user, 1);
    await c.take((f) => f.topic === 'balances');
    const ms = await closedWithin(c, 3000);
    expectSessionEnded(c);
    // Expires 0.8 s from now; the sweep sees it within one period.
    expect(ms).toBeLessThanOrEqual(800 + SESSION_CHECK_MS + 250);
  });

  it('a revocation that turns out not to end the session (another store, same user id) delays nothing for long and loses nothing', async () => {
    const a = await newUser('unrelated');
    const c = await signedSocket(a.ticket);
    const elsewhere = await newTarget('sqlite');
    const other = await createStore({ dataDir: elsewhere.dataDir });
    const f = flood(a.user);
    try {
      await sleep(30);
      // Announced in this process with this user's id, but it is another store's: the hub checks its own and goes on.
      await other.sessions.revokeAllForUser(a.user, Date.now());
      await sleep(50);
      f.stop();
      await sleep(100);
      expect(c.closed).toBe(false);
      const got = balances(c);
      expect(f.marks.ending).toBeGreaterThan(0);
      // Every event, in order, none dropped while held: the ones published during the check came after it.
      expect(got).toEqual(got.map((_, i) => got[0]! + i));
      expect(got.at(-1)).toBe(f.published() - 1);
    } finally {
      f.stop();
      c.close();
      await other.close();
      await elsewhere.dispose();
    }
  });

  it('an expired or revoked ticket cannot sign a socket in, and an auth racing a revocation does not survive it', async () => {
    const a = await newUser('race');
    const c = Object.assign(await WsClient.open(wsUrl), { reason: null as string | null });
    c.socket.addEventListener('close', (e) => {
      c.reason = e.reason;
    });
    // The auth frame and the revocation go together: whichever wins, the socket must not stay signed in.
    c.send({ op: 'auth', id: 1, ticket: a.ticket });
    await server.store.sessions.revoke(sha256(a.ticket), Date.now());
    const answer = await c.take((f) => f.id === 1).catch(() => null);
    if (answer?.op === 'ack') {
      await closedWithin(c, 2000);
      expectSessionEnded(c);
    } else {
      expect(answer).toMatchObject({ op: 'error', code: 'login.user.not.login' });
      expect(await c.request({ op: 'subscribe', id: 2, topics: ['orders'] })).toMatchObject({ op: 'error', code: 'login.user.not.login' });
      c.close();
    }
    const late = await WsClient.open(wsUrl);
    expect(await late.request({ op: 'auth', id: 1, ticket: a.ticket })).toMatchObject({ op: 'error', code: 'login.user.not.login' });
    late.close();
  });
});
