// Every operator command against a running in-process server, through its admin channel (the CLI finds the
// socket of the DATA_DIR it is given): balances through the desks (the server's memory changes at once, no
// restart), markets in effect for the very next order, a user's orders cancelled, a user frozen and signed out,
// sessions revoked, every change in the audit log with operator, reason and outcome. On SQLite and PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runAdmin, type AdminOptions } from '../../../server/cli/admin.ts';
import { API } from '../../../server/contract/api.ts';
import { verifyLedger } from '../../../server/desks/index.ts';
import { createUser } from '../../../server/accounts/identity.ts';
import { startServer, type ServerHandle } from '../../../server/server.ts';
import { describeDialects, newTarget, type Target } from '../dialects.ts';
import { CLOSE_READ_GRACE_MS } from '../../../server/admin/channel.ts';
import { deafListener, onConnect, onTaken, resetError } from './cut.ts';
import { exchange, request, socketOf } from './wire.ts';

/** Whether the CLI waits for the desks' leases of a server it saw stopping (a change in that file, not yet in). */

const EMAIL = 'trader@example.com';
const PASSWORD = 'Secret12345';
const R = ['--reason', 'ticket 7: goodwill'];

describeDialects('operator commands on a running server', (dialect) => {
  let target: Target;
  let dataDir: string;
  let server: ServerHandle;
  let where: AdminOptions;
  let user: number;

  beforeEach(async () => {
    target = await newTarget(dialect);
    dataDir = target.dataDir ?? mkdtempSync(join(tmpdir(), 'openex-admin-pg-'));
    where = { dataDir, databaseUrl: target.databaseUrl, operator: 'alice' };
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir, databaseUrl: target.databaseUrl, feeds: false, bots: false, logger: false, staticDir: join(dataDir, 'no-dist') });
    const made = await runAdmin(['user', 'create', '--email', EMAIL, '--password', PASSWORD, '--verified'], where);
    expect(made.exitCode, made.output).toBe(0);
    user = (await server.store.users.findByEmail(EMAIL))!.id;
  }, 30_000);
  afterEach(async () => {
    await server?.close();
    await target.dispose();
    if (target.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  const admin = (...argv: string[]) => runAdmin(argv, where);
  const ok = async (...argv: string[]) => {
    const r = await admin(...argv, '--verbose');
    expect(r.exitCode, r.output).toBe(0);
    expect(r.log?.[0], 'went through the server').toMatch(/^admin: done by the server through its admin channel /);
    return r.output;
  };
  const balance = async (wallet: 'coin' | 'contract' = 'coin') => {
    const reply = await server.desks.byWallet[wallet].balances(user);
    if (!reply.ok) throw new Error(reply.code);
    return reply.value.map((b) => `${b.asset} ${b.available}/${b.frozen}`);
  };
  const login = async () => {
    const r = await server.app.inject({ method: 'POST', url: API.login, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ account: EMAIL, password: PASSWORD }) });
    return r.json() as { code: string; data: { token: string } };
  };
  const api = async (url: string, ticket: string, body?: unknown) => {
    const r = await server.app.inject({
      method: body === undefined ? 'GET' : 'POST', url,
      headers: { ticket, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return r.json() as { code: string; data: unknown };
  };

  it('credits, debits, freezes, unfreezes, locks and unlocks through the server\'s desks', async () => {
    const op = ['--email', EMAIL, '--asset', 'USDT', ...R];
    expect(await ok('balance', 'credit', ...op, '--amount', '1000', '--memo', 'welcome bonus')).toBe(`credited 1000 USDT to user ${user} (${EMAIL}), coin account: available 1000, frozen 0`);
    expect(await balance()).toEqual(['USDT 1000/0']); // the running desk's memory, not a re-read
    expect(await ok('balance', 'debit', ...op, '--amount', '100')).toBe(`debited 100 USDT of user ${user} (${EMAIL}), coin account: available 900, frozen 0`);
    await ok('balance', 'freeze', ...op, '--amount', '50');
    await ok('balance', 'lock', ...op, '--amount', '200');
    expect(await balance()).toEqual(['USDT 650/250']);
    expect(await admin('balance', 'unfreeze', ...op, '--amount', '51')).toMatchObject({ exitCode: 1, output: 'error: refused: funds.frozen.insufficient' });
    await ok('balance', 'unfreeze', ...op, '--amount', '50');
    expect(await admin('balance', 'unlock', ...op, '--amount', '201')).toMatchObject({ exitCode: 1, output: 'error: refused: funds.locked.insufficient' });
    expect(await ok('balance', 'unlock', ...op, '--amount', '120')).toBe(`unlocked 120 USDT of user ${user} (${EMAIL}), coin account: available 820, frozen 80`);
    expect(await balance()).toEqual(['USDT 820/80']);
    expect(await server.desks.spot.locked(user)).toEqual({ ok: true, value: [{ asset: 'USDT', locked: '80' }] });
    // The other wallets' desks too.
    await ok('balance', 'credit', '--email', EMAIL, '--asset', 'BTC', '--amount', '0.5', '--account', 'contract', ...R);
    expect(await balance('contract')).toEqual(['BTC 0.5/0']);

    // The user sees the records; locked funds are part of what they see frozen.
    const { data } = await login();
    const records = (await api(API.assetRecords, data.token, { pageIndex: 1, pageSize: 20 })) as { code: string; data: { list: Array<{ type: string; amount: string; frozen: string; ref: string }> } };
    expect(records.code).toBe('success');
    expect(records.data.list.map((r) => [r.type, r.amount, r.frozen])).toEqual([
      ['admin_credit', '0.5', '0'],
      ['admin_unlock', '120', '-120'],
      ['admin_unfreeze', '50', '-50'],
      ['admin_lock', '-200', '200'],
      ['admin_freeze', '-50', '50'],
      ['admin_debit', '-100', '0'],
      ['admin_credit', '1000', '0'],
    ]);
    expect(records.data.list.at(-1)?.ref).toBe('admin:welcome bonus');
    expect((await verifyLedger(server.store)).problems).toEqual([]);
    await server.desks.spot.checkInvariants();

    const audit = JSON.parse((await admin('audit', 'list', '--json')).output) as Array<{ operator: string; command: string; via: string; status: string; reason: string }>;
    expect(audit.map((a) => `${a.command} ${a.status}`)).toEqual([
      'balance credit done', 'balance unlock done', 'balance unlock failed', 'balance unfreeze done', 'balance unfreeze failed',
      'balance lock done', 'balance freeze done', 'balance debit done', 'balance credit done',
    ]);
    expect(new Set(audit.map((a) => `${a.operator}|${a.via}|${a.reason}`))).toEqual(new Set(['alice|server|ticket 7: goodwill']));
  });

  it('finds the user by phone too: a user with no e-mail can be credited and debited', async () => {
    await server.store.transaction((repos) => createUser(repos, { email: null, phone: '+6580009999', passwordHash: 'x', referrerId: null, now: Date.now() }));
    const credited = await ok('balance', 'credit', '--phone', '+6580009999', '--asset', 'USDT', '--amount', '25', ...R);
    expect(credited).toMatch(/^credited 25 USDT to user \d+ \(\+6580009999\), coin account: available 25, frozen 0$/);
    expect(await ok('balance', 'debit', '--phone', '+6580009999', '--asset', 'USDT', '--amount', '5', ...R)).toMatch(/available 20, frozen 0$/);
    expect(await admin('balance', 'credit', '--asset', 'USDT', '--amount', '1', ...R)).toMatchObject({ exitCode: 2, output: 'error: --email or --phone is required' });
    expect(await admin('balance', 'credit', '--phone', '+6580000000', '--asset', 'USDT', '--amount', '1', ...R)).toMatchObject({ exitCode: 1, output: 'error: no user with phone +6580000000' });
  });

  it('lists, closes, pauses and opens markets, in effect for the very next order', async () => {
    await ok('balance', 'credit', '--email', EMAIL, '--asset', 'USDT', '--amount', '100000', ...R);
    const { data } = await login();
    const order = (symbol: string) => api(API.spotPlaceOrder, data.token, { symbol, side: 'buy', type: 'limit', price: '100', amount: '0.1' });
    const list = JSON.parse(await ok('market', 'list', '--json')) as Array<{ symbol: string; status: string }>;
    expect(list).toHaveLength(12);
    expect(list[0]).toMatchObject({ symbol: 'BTCUSDT', status: 'open', tickSize: '0.01' });
    // The spot desk re-reads flags only every 2 s: these take effect at once because the desk applied them.
    expect(await ok('market', 'close', 'btcusdt', ...R)).toBe('BTCUSDT closed (in effect now)');
    expect((await order('BTCUSDT')).code).toBe('currency.not.open');
    expect(await ok('market', 'maintenance', 'ETHUSDT', ...R)).toBe('ETHUSDT put under maintenance (in effect now)');
    expect((await order('ETHUSDT')).code).toBe('currency.maintenance');
    expect((JSON.parse(await ok('market', 'list', '--json')) as Array<{ status: string }>).slice(0, 2).map((m) => m.status)).toEqual(['closed', 'maintenance']);
    await ok('market', 'open', 'BTCUSDT', ...R);
    await ok('market', 'open', 'ETHUSDT', ...R);
    expect((await order('BTCUSDT')).code).toBe('success');
    expect((await order('ETHUSDT')).code).toBe('success');
    expect(await admin('market', 'close', 'NOPE', ...R)).toMatchObject({ exitCode: 1, output: 'error: no market NOPE' });
    expect(await admin('market', 'close', 'BTCUSDT')).toMatchObject({ exitCode: 2, output: expect.stringMatching(/--reason is required/) });
    expect(server.desks.spot.markets().find((m) => m.symbol === 'BTCUSDT')).toMatchObject({ isOpen: 0, maintenance: false });
  });

  it("cancels a user's open orders, in one market or all", async () => {
    await ok('balance', 'credit', '--email', EMAIL, '--asset', 'USDT', '--amount', '100000', ...R);
    const { data } = await login();
    for (const [symbol, price] of [['BTCUSDT', '100'], ['BTCUSDT', '101'], ['ETHUSDT', '50']] as const) {
      expect((await api(API.spotPlaceOrder, data.token, { symbol, side: 'buy', type: 'limit', price, amount: '0.1' })).code).toBe('success');
    }
    expect(await balance()).toEqual(['USDT 99974.9/25.1']);
    const btc = await ok('order', 'cancel-all', '--email', EMAIL, '--symbol', 'btcusdt', ...R);
    expect(btc.split('\n')[0]).toBe(`cancelled 2 open order(s) of user ${user} (${EMAIL}) in BTCUSDT`);
    expect(btc.split('\n')).toHaveLength(3);
    const rest = JSON.parse(await ok('order', 'cancel-all', '--email', EMAIL, '--json', ...R)) as { cancelled: Array<{ symbol: string; status: string }> };
    expect(rest.cancelled.map((o) => [o.symbol, o.status])).toEqual([['ETHUSDT', 'canceled']]);
    expect(await balance()).toEqual(['USDT 100000/0']);
    expect(value(await server.desks.spot.openOrders(user))).toEqual([]);
    expect(await admin('order', 'cancel-all', '--email', EMAIL, '--symbol', 'NOPEUSDT', ...R)).toMatchObject({ exitCode: 1, output: 'error: no market NOPEUSDT' });
    expect(await admin('order', 'cancel-all', '--reason', 'x')).toMatchObject({ exitCode: 2, output: 'error: --email or --phone is required' });
  });

  it('freezes a user (no sign-in, no trading, signed out everywhere), unfreezes, and revokes sessions', async () => {
    await ok('balance', 'credit', '--email', EMAIL, '--asset', 'USDT', '--amount', '1000', ...R);
    const first = (await login()).data.token;
    const second = (await login()).data.token;
    expect((await api(API.getUserInfo, first)).code).toBe('success');
    expect(await ok('user', 'freeze', '--email', EMAIL, ...R)).toBe(`froze user ${user} (${EMAIL}), signed out of 2 session(s)`);
    for (const t of [first, second]) expect((await api(API.getUserInfo, t)).code).toBe('login.user.not.login');
    expect((await login()).code).toBe('account.frozen');
    await ok('user', 'unfreeze', '--email', EMAIL, ...R);
    const third = (await login()).data.token;
    expect((await api(API.spotPlaceOrder, third, { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '100', amount: '0.1' })).code).toBe('success');
    expect(JSON.parse(await ok('session', 'revoke', '--email', EMAIL, '--json', ...R))).toEqual({ userId: user, revoked: 1 });
    expect((await api(API.getUserInfo, third)).code).toBe('login.user.not.login');
  });

  it('answers a repeated request id from its first outcome, never applying it twice, even if the first answer was lost', async () => {
    const credit = ['balance', 'credit', '--email', EMAIL, '--asset', 'USDT', '--amount', '10', '--request-id', 'op-2026-0001', ...R];
    const first = await admin(...credit);
    const again = await admin(...credit);
    expect(again.output).toBe(first.output);
    expect(again.log).toEqual(['admin: request op-2026-0001 was answered before; this is its recorded outcome, nothing was done again']);
    expect(await balance()).toEqual(['USDT 10/0']);

    // A client that sends and hangs up before the answer (the answer is lost): the command still completes, once.
    const lost = request({ dataDir, databaseUrl: target.databaseUrl }, 'balance credit', { email: EMAIL, asset: 'USDT', amount: '5' }, { id: 'op-2026-0002' });
    expect(await exchange(socketOf({ dataDir }), `${JSON.stringify(lost)}\n`, { hangUp: true })).toBe('');
    const retried = await admin('balance', 'credit', '--email', EMAIL, '--asset', 'USDT', '--amount', '5', '--request-id', 'op-2026-0002', '--operator', 'tester', '--reason', 'test');
    expect(retried.exitCode, retried.output).toBe(0);
    expect(await balance()).toEqual(['USDT 15/0']);
    const entries = await server.store.db.selectFrom('ledger_entries').select('seq').where('ref', '=', 'admin:operator credit#op-2026-0002').execute();
    expect(entries).toHaveLength(1);
    const records = await server.store.records.page({ user }, 0, 10);
    expect(records.rows.filter((r) => r.seq === Number(entries[0]!.seq))).toHaveLength(1);

    // Same id, other arguments: refused, nothing applied.
    expect((await admin('balance', 'credit', '--email', EMAIL, '--asset', 'USDT', '--amount', '99', '--request-id', 'op-2026-0001', ...R)).output).toMatch(/^error: request id op-2026-0001 was already used for "balance credit --amount 10 /);
    expect(await balance()).toEqual(['USDT 15/0']);
  });

  // A command racing the server's stop is done exactly once, and the operator gets its outcome, whichever way the
  // race goes. Each way is forced (cut.ts), not left to timing: the server takes the connection and then stops (it
  // still does the request); the listener closes with the connection queued, before the request was written or
  // after (the kernel resets it: a lost answer, repeated with the same id, here on the store once the server is
  // gone); the server does it and the answer is cut (the repeat is answered from the record, nothing done again).
  const credit3 = ['balance', 'credit', '--email', EMAIL, '--asset', 'USDT', '--amount', '3', '--verbose', ...R];
  const creditedOnce = async () => {
    const after = await runAdmin(['balance', 'show', '--email', EMAIL, '--json'], where);
    expect(JSON.parse(after.output)).toMatchObject({ balances: [{ account: 'coin', asset: 'USDT', available: '3', frozen: '0' }] });
    const audit = JSON.parse((await admin('audit', 'list', '--json')).output) as Array<{ command: string; status: string }>;
    expect(audit.filter((a) => a.command === 'balance credit').map((a) => a.status)).toEqual(['done']);
  };
  const lostThenStore = (r: { log?: string[] | undefined }, why: RegExp) => {
    expect(r.log?.[0]).toMatch(/^admin: the answer to request \S+ was lost \(/);
    expect(r.log?.[0]).toMatch(why);
    expect(r.log?.[0]).toMatch(/; asking again with the same request id$/);
    expect(r.log?.[1]).toMatch(/^admin: no server answers on \S+ \((no socket file|nobody listens on it)\); working on the store directly$/);
  };

  it('does a request the server took as its stop began, and answers it', async () => {
    const socket = socketOf({ dataDir });
    let closing: Promise<void> | undefined;
    const undo = onTaken(socket, () => {
      closing ??= server.close(); // the listener closes now; the request is read after this
    });
    try {
      const r = await admin(...credit3);
      expect(r.exitCode, r.output).toBe(0);
      expect(r.log, 'done by the server, not refused for its stop').toEqual([expect.stringMatching(/^admin: done by the server through its admin channel /)]);
      expect(closing).toBeDefined();
      await closing;
    } finally {
      undo();
    }
    await creditedOnce();
  });

  it('repeats a request whose connection the stopping listener dropped before it was written, and does it once', async () => {
    // The server's stop closes its listener with the CLI's connection still queued there (the server's own
    // listener: the same net.Server close as the channel's, played here once the server is gone so the repeat's
    // store work does not wait on the server's desks).
    await server.close();
    const socket = socketOf({ dataDir });
    const listener = createServer(() => expect.unreachable('the connection was never to be taken'));
    await new Promise<void>((resolve) => listener.listen(socket, resolve));
    const undo = onConnect(socket, (_, n) => {
      if (n === 1) listener.close(); // queued, not taken: the kernel resets it before connect() reports
    });
    let r;
    try {
      r = await admin(...credit3);
    } finally {
      undo();
    }
    expect(r.exitCode, r.output).toBe(0);
    lostThenStore(r, /the server dropped the connection before the request was sent \(ECONNRESET\)/);
    await creditedOnce();
  });

  it('repeats a request written to a listener that died before taking it, and does it once', async () => {
    await server.close();
    const socket = socketOf({ dataDir });
    const deaf = await deafListener(socket);
    const undo = onConnect(socket, (s, n) => {
      if (n !== 1) return;
      // Once the request is in the queue (written), the listener's process dies: its kernel resets the queue.
      const write = s.write.bind(s) as (chunk: string, done: () => void) => boolean;
      s.write = ((chunk: string) => write(chunk, () => void deaf.kill())) as typeof s.write;
    });
    let r;
    try {
      r = await admin(...credit3);
    } finally {
      undo();
      await deaf.kill();
    }
    expect(r.exitCode, r.output).toBe(0);
    lostThenStore(r, /the connection was cut after the request was sent \(ECONNRESET\)/);
    await creditedOnce();
  });

  it('answers a request the server did before its answer was cut from the record, on the store once the server is gone', async () => {
    const socket = socketOf({ dataDir });
    const undo = onConnect(socket, (s, n) => {
      if (n !== 1) return;
      // The answer arrives (the server did it): the client sees a reset instead, after the server has stopped.
      const emit = s.emit.bind(s) as (event: string | symbol, ...args: unknown[]) => boolean;
      let cut = false;
      s.emit = ((event: string | symbol, ...args: unknown[]) => {
        if (event !== 'data' && event !== 'end') return emit(event, ...args);
        if (!cut) {
          cut = true;
          void server.close().then(() => emit('error', resetError()));
        }
        return true;
      }) as typeof s.emit;
    });
    let r;
    try {
      r = await admin(...credit3);
    } finally {
      undo();
    }
    expect(r.exitCode, r.output).toBe(0);
    lostThenStore(r, /the connection was cut after the request was sent \(ECONNRESET\)/);
    expect(r.log?.[2]).toMatch(/^admin: request \S+ was answered before; this is its recorded outcome, nothing was done again$/);
    await creditedOnce();
  });

  // The server itself cutting a queued request as it stops: the CLI's repeat finds no socket and works on the store,
  // where the server's desks hold their leases until its stop ends (held 3 s longer here). The CLI must wait for
  // them rather than refuse; it runs once server/cli/channel-commands.ts waits for a stopping server's leases.
  it('repeats a request the stopping server cut on the store, once the server has let its desks go', async () => {
    const socket = socketOf({ dataDir });
    const spot = server.desks.spot;
    const closeSpot = spot.close.bind(spot);
    spot.close = async () => {
      await new Promise((r) => setTimeout(r, 3_000));
      await closeSpot();
    };
    let closing: Promise<void> | undefined;
    const undo = onConnect(socket, (_, n) => {
      if (n === 1) closing = server.close(); // the real listener closes with the CLI's connection queued
    });
    let r;
    try {
      r = await admin(...credit3);
    } finally {
      undo();
      await closing;
    }
    expect(r.exitCode, r.output).toBe(0);
    lostThenStore(r, /the server dropped the connection before the request was sent \(ECONNRESET\)/);
    await creditedOnce();
  });

  it('lets a connection taken before the stop send its request a moment, then refuses it, nothing done', async () => {
    const socket = socketOf({ dataDir });
    let closing: Promise<void> | undefined;
    const undo = onTaken(socket, () => {
      closing ??= server.close();
    });
    let answer: string;
    const started = Date.now();
    try {
      // Connects and sends nothing: the stop waits for it no longer than the grace.
      answer = await exchange(socket, '');
    } finally {
      undo();
    }
    expect(JSON.parse(answer)).toMatchObject({ ok: false, error: { kind: 'failed', message: 'the server is shutting down; nothing was done' } });
    await closing;
    expect(Date.now() - started).toBeLessThan(CLOSE_READ_GRACE_MS + 5_000);
  });
});

function value<T>(reply: { ok: true; value: T } | { ok: false; code: string }): T {
  if (!reply.ok) throw new Error(reply.code);
  return reply.value;
}
