// The operator's balance, market and ledger commands, in-process against the store a server would use, with no
// server running (the CLI works on the store itself: server/cli/channel-commands.ts). The same commands against a
// running server: test/server/admin/.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runAdmin, type AdminOptions } from '../../../server/cli/admin.ts';
import { createInProcessBus } from '../../../server/bus/index.ts';
import { createDesks, type DeskEvent } from '../../../server/desks/index.ts';
import { describeDialects, openStore, testClock, type TestStore } from '../dialects.ts';

describeDialects('admin CLI: balances, markets, ledger', (dialect) => {
  let t: TestStore;
  let where: AdminOptions;
  const clock = testClock();
  beforeEach(async () => {
    t = await openStore(dialect, clock.now);
    where = { dataDir: t.target.dataDir, databaseUrl: t.target.databaseUrl, clock: clock.now };
    expect((await admin('user', 'create', '--email', 'op@example.com', '--password', 'Operator123')).exitCode).toBe(0);
  });
  afterEach(async () => t.dispose());

  const admin = (...argv: string[]) => runAdmin(argv, where);
  const R = ['--reason', 'support ticket 42'];
  const json = async (...argv: string[]) => {
    const result = await admin(...argv, '--json');
    expect(result.exitCode).toBe(0);
    return JSON.parse(result.output);
  };

  it('credits through the desk, shows the balances, and the ledger verifies', async () => {
    const credit = await admin('balance', 'credit', '--email', 'op@example.com', '--asset', 'usdt', '--amount', '1500.25', '--memo', 'welcome', ...R);
    expect(credit).toEqual({ exitCode: 0, output: 'credited 1500.25 USDT to user 10000001 (op@example.com), coin account: available 1500.25, frozen 0' });
    expect((await admin('balance', 'credit', '--email', 'op@example.com', '--asset', 'BTC', '--amount', '0.5', '--account', 'contract', ...R)).exitCode).toBe(0);
    expect((await admin('balance', 'freeze', '--email', 'op@example.com', '--asset', 'USDT', '--amount', '0.25', ...R)).exitCode).toBe(0);
    expect(await json('balance', 'show', '--email', 'op@example.com')).toEqual({
      userId: 10_000_001,
      balances: [
        { account: 'coin', asset: 'USDT', available: '1500', frozen: '0.25' },
        { account: 'contract', asset: 'BTC', available: '0.5', frozen: '0' },
      ],
    });
    const records = await t.store.records.page({ user: 10_000_001 }, 0, 10);
    // The user's records carry the memo; the journal's entries the memo and the request id (what makes a repeat
    // recognisable).
    expect(records.rows.map((r) => `${r.type} ${r.ref}`)).toEqual(['admin_freeze admin:operator freeze', 'admin_credit admin:operator credit', 'admin_credit admin:welcome']);
    const refs = (await t.store.db.selectFrom('ledger_entries').select('ref').orderBy('seq').execute()).map((e) => e.ref.replace(/#[0-9a-f-]{36}$/, '#<id>'));
    expect(refs).toEqual(['admin:welcome#<id>', 'admin:operator credit#<id>', 'admin:operator freeze#<id>']);
    const verified = await admin('ledger', 'verify');
    expect(verified.exitCode).toBe(0);
    expect(verified.output).toBe('ledger OK: 3 entries\n  BTC    journal 0, balances 0\n  USDT   journal 0, balances 0');
  });

  it('refuses what the desk refuses, and unknown users, assets and accounts', async () => {
    expect(await admin('balance', 'debit', '--email', 'op@example.com', '--asset', 'USDT', '--amount', '1', ...R)).toEqual({ exitCode: 1, output: 'error: refused: funds.insufficient' });
    expect((await admin('balance', 'credit', '--email', 'op@example.com', '--asset', 'XYZ', '--amount', '1', ...R)).output).toMatch(/^error: unknown asset XYZ; known: ADA, AVAX, BNB/);
    expect((await admin('balance', 'credit', '--email', 'op@example.com', '--asset', 'BTC', '--amount', '1', '--account', 'margin', ...R)).exitCode).toBe(2);
    expect(await admin('balance', 'credit', '--email', 'no@example.com', '--asset', 'BTC', '--amount', '1', ...R)).toEqual({ exitCode: 1, output: 'error: no user with e-mail no@example.com' });
    expect(await admin('balance', 'credit', '--email', 'op@example.com', '--asset', 'BTC', '--amount', '0.000000001', ...R)).toEqual({ exitCode: 1, output: 'error: refused: decimal.too.precise' });
    // Without a reason: a usage error (exit 2), nothing done, nothing audited.
    const unexplained = await admin('balance', 'credit', '--email', 'op@example.com', '--asset', 'BTC', '--amount', '1');
    expect(unexplained).toEqual({ exitCode: 2, output: 'error: --reason is required: say why (it goes into the audit log with your name)' });
    expect(await t.store.ledger.lastSeq('coin')).toBe(0);
    // Refusals are audited as failed; the usage error is not there at all.
    const audit = await t.store.audit.list(10);
    expect(audit.map((a) => [a.command, a.status, a.via])).toEqual([
      ['balance credit', 'failed', 'store'],
      ['balance credit', 'failed', 'store'],
      ['balance credit', 'failed', 'store'],
      ['balance debit', 'failed', 'store'],
    ]);
    expect(JSON.parse(audit[3]!.result ?? '{}')).toEqual({ error: 'refused: funds.insufficient' });
  });

  it('refuses balance changes while a process without an admin channel runs the desk, and says why', async () => {
    const desks = await createDesks({ store: t.store, bus: createInProcessBus<DeskEvent>(), clock: clock.now });
    try {
      const refused = await admin('balance', 'credit', '--email', 'op@example.com', '--asset', 'BTC', '--amount', '1', ...R);
      expect(refused.exitCode).toBe(1);
      expect(refused.output).toMatch(/^error: the coin desk is run by .+; stop that process first \(no server answered on the admin socket .+admin\.sock; if that process is a server on this store, point ADMIN_SOCKET and ADMIN_TOKEN at its channel\)$/);
      expect(await t.store.ledger.lastSeq('coin')).toBe(0);
      // Reads are fine meanwhile.
      expect((await admin('ledger', 'verify')).exitCode).toBe(0);
    } finally {
      await desks.close();
    }
  });

  it('lists markets and opens, closes and pauses them through the coin desk; a desk running without a server refuses the CLI', async () => {
    const list = await json('market', 'list');
    expect(list).toHaveLength(12);
    expect(list[0]).toEqual({
      symbol: 'BTCUSDT', kind: 'spot', status: 'open', tickSize: '0.01', lotSize: '0.00001', minQty: '0.00001', maxQty: '9000',
      minNotional: '5', maxNotional: '100000000', priceBandPercent: 5,
    });
    // No server: the CLI's own coin desk applies the flag, a command written with its batch.
    expect((await admin('market', 'close', 'btcusdt', ...R)).output).toBe('BTCUSDT closed (in effect now)');
    expect((await admin('market', 'close', 'btcusdt')).exitCode).toBe(2);
    await admin('market', 'maintenance', 'ETHUSDT', ...R);
    expect((await json('market', 'list')).slice(0, 2).map((m: { status: string }) => m.status)).toEqual(['closed', 'maintenance']);
    const desks = await createDesks({ store: t.store, bus: createInProcessBus<DeskEvent>(), clock: clock.now });
    try {
      const place = (symbol: string) => desks.spot.place({ type: 'limit', user: 10_000_001, symbol, side: 'buy', price: '1', qty: '10' });
      expect(await place('BTCUSDT')).toEqual({ ok: false, code: 'market.not.open' });
      expect(await place('ETHUSDT')).toEqual({ ok: false, code: 'market.maintenance' });
      // A desk runs with no admin channel to reach it: it alone writes the flags while it runs, so the CLI refuses
      // and changes nothing.
      const refused = await admin('market', 'open', 'ETHUSDT', ...R);
      expect(refused.exitCode).toBe(1);
      expect(refused.output).toContain('no server answered on the admin socket');
      expect(await place('ETHUSDT')).toEqual({ ok: false, code: 'market.maintenance' });
      expect((await json('market', 'list')).slice(0, 2).map((m: { status: string }) => m.status)).toEqual(['closed', 'maintenance']);
    } finally {
      await desks.close();
    }
    await admin('market', 'open', 'ETHUSDT', ...R);
    expect((await json('market', 'list'))[1].status).toBe('open');
    expect(await admin('market', 'open', 'NOPE', ...R)).toEqual({ exitCode: 1, output: 'error: no market NOPE' });
  });

  it('locks and unlocks: an unfreeze cannot release locked funds, only an unlock can, and balance show says so', async () => {
    const op = ['--email', 'op@example.com', '--asset', 'USDT', ...R];
    expect((await admin('balance', 'credit', ...op, '--amount', '100')).exitCode).toBe(0);
    expect((await admin('balance', 'freeze', ...op, '--amount', '10')).exitCode).toBe(0);
    expect((await admin('balance', 'lock', ...op, '--amount', '30')).output).toBe('locked 30 USDT of user 10000001 (op@example.com), coin account: available 60, frozen 40');
    expect(await json('balance', 'show', '--email', 'op@example.com')).toEqual({
      userId: 10_000_001,
      balances: [{ account: 'coin', asset: 'USDT', available: '60', frozen: '40', locked: '30' }],
    });
    expect((await admin('balance', 'show', '--email', 'op@example.com')).output).toContain('frozen 40 (locked 30)');
    // 40 frozen, 30 of it locked: an unfreeze may release 10, never the locked 30.
    expect(await admin('balance', 'unfreeze', ...op, '--amount', '11')).toEqual({ exitCode: 1, output: 'error: refused: funds.frozen.insufficient' });
    expect(await admin('balance', 'unlock', ...op, '--amount', '31')).toEqual({ exitCode: 1, output: 'error: refused: funds.locked.insufficient' });
    expect((await admin('balance', 'unfreeze', ...op, '--amount', '10')).exitCode).toBe(0);
    expect((await admin('balance', 'unlock', ...op, '--amount', '12.5')).output).toBe('unlocked 12.5 USDT of user 10000001 (op@example.com), coin account: available 82.5, frozen 17.5');
    expect(await json('balance', 'show', '--email', 'op@example.com')).toEqual({
      userId: 10_000_001,
      balances: [{ account: 'coin', asset: 'USDT', available: '82.5', frozen: '17.5', locked: '17.5' }],
    });
    const records = await t.store.records.page({ user: 10_000_001 }, 0, 10);
    expect(records.rows.map((r) => [r.type, String(r.amount), String(r.frozen)])).toEqual([
      ['admin_unlock', '1250000000', '-1250000000'],
      ['admin_unfreeze', '1000000000', '-1000000000'],
      ['admin_lock', '-3000000000', '3000000000'],
      ['admin_freeze', '-1000000000', '1000000000'],
      ['admin_credit', '10000000000', '0'],
    ]);
    expect((await admin('ledger', 'verify')).exitCode).toBe(0);
  });

  it('audits the way a command went, and --verbose says it on stderr', async () => {
    const r = await admin('balance', 'credit', '--email', 'op@example.com', '--asset', 'BTC', '--amount', '2', '--verbose', '--operator', 'carol', ...R);
    expect(r.exitCode).toBe(0);
    // (On PostgreSQL this test has no DATA_DIR of its own: ./data's socket may be absent, stale, or another store's.)
    expect(r.log).toEqual([expect.stringMatching(/^admin: (no server answers on|the server on) .+admin\.sock.*; working on (the|this) store directly$/)]);
    expect((await admin('balance', 'credit', '--email', 'op@example.com', '--asset', 'BTC', '--amount', '2', ...R)).log).toBeUndefined();
    const [row] = await json('audit', 'list', '--limit', '2').then((rows: unknown[]) => rows.slice(1));
    expect(row).toMatchObject({
      operator: 'carol', command: 'balance credit', via: 'store', status: 'done', reason: 'support ticket 42',
      args: { amount: '2', asset: 'BTC', email: 'op@example.com' },
      result: { data: { userId: 10_000_001, action: 'credit', amount: '2', wallet: 'coin', asset: 'BTC', available: '2', frozen: '0' } },
    });
    expect((await admin('audit', 'list', '--limit', '1')).output).toMatch(
      /^#2 {2}2026-01-15 12:00:00 {2}\S+ {2}via store {2}done {2}request [0-9a-f-]{36}\n {4}balance credit --amount 2 --asset BTC --email op@example\.com\n {4}reason: support ticket 42\n {4}→ credited 2 BTC to user 10000001/,
    );
  });

  it('never applies a request id twice, and refuses one reused for another command', async () => {
    const credit = ['balance', 'credit', '--email', 'op@example.com', '--asset', 'USDT', '--amount', '7', '--request-id', 'ticket-42-a', ...R];
    const first = await admin(...credit);
    const again = await admin(...credit);
    expect(again.output).toBe(first.output);
    expect(again.log).toEqual(['admin: request ticket-42-a was answered before; this is its recorded outcome, nothing was done again']);
    expect((await t.store.ledger.userBalances(10_000_001))[0]?.available).toBe(700_000_000n);
    const other = await admin('balance', 'credit', '--email', 'op@example.com', '--asset', 'USDT', '--amount', '8', '--request-id', 'ticket-42-a', ...R);
    expect(other).toEqual({ exitCode: 1, output: 'error: request id ticket-42-a was already used for "balance credit --amount 7 --asset USDT --email op@example.com"; leave out --request-id to get a new one' });
    expect(await t.store.ledger.lastSeq('coin')).toBe(1);
  });
});
