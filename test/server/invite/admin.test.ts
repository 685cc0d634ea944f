// The invitation operator commands against a running in-process server, through its admin channel, and on the store
// with no server: rates read and set (bad ones refused, changing nothing; the change audited with its reason), a
// commission run beside the server's own job paying each reference once, the payments listed by day and user, and
// verify agreeing with the fee records, then exiting non-zero on a payment they do not support. SQLite and PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { isChannelCommand } from '../../../server/admin/protocol.ts';
import { runAdmin, type AdminOptions } from '../../../server/cli/admin.ts';
import { runChannelCommand } from '../../../server/cli/channel-commands.ts';
import { verifyLedger } from '../../../server/desks/index.ts';
import { startServer, type ServerHandle } from '../../../server/server.ts';
import { createStore } from '../../../server/store/index.ts';
import { describeDialects, newTarget, type Target } from '../dialects.ts';

const DAY = 86_400_000;

describeDialects('invitation operator commands', (dialect) => {
  let target: Target;
  let dataDir: string;
  let server: ServerHandle | undefined;
  let where: AdminOptions;
  let now = Date.UTC(2026, 0, 15, 12);

  beforeEach(async () => {
    now = Date.UTC(2026, 0, 15, 12);
    target = await newTarget(dialect);
    dataDir = target.dataDir ?? mkdtempSync(join(tmpdir(), 'openex-admin-invite-'));
    where = { dataDir, databaseUrl: target.databaseUrl, operator: 'alice', clock: () => now };
    server = await startServer({
      port: 0, host: '127.0.0.1', dataDir, databaseUrl: target.databaseUrl, feeds: false, bots: false, logger: false, staticDir: join(dataDir, 'no-dist'), clock: () => now,
    });
  }, 30_000);
  afterEach(async () => {
    await server?.close();
    await target.dispose();
    if (target.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * runAdmin, except for --level1, --level2 and --day, which its option list (server/cli/admin.ts) does not take
   * yet: those go the same way runAdmin sends channel commands (runChannelCommand), with the words and options
   * parsed here.
   */
  const admin = async (...argv: string[]) => {
    if (!argv.some((a) => a === '--level1' || a === '--level2' || a === '--day')) return runAdmin(argv, where);
    const words: string[] = [];
    const options = new Map<string, string>();
    for (let i = 0; i < argv.length; i++) {
      const arg = argv[i]!;
      if (arg.startsWith('--')) options.set(arg.slice(2), argv[++i] ?? '');
      else words.push(arg);
    }
    const long = words.slice(0, 3).join(' ');
    const name = isChannelCommand(long) ? long : words.slice(0, 2).join(' ');
    if (!isChannelCommand(name)) throw new Error(`not a channel command: ${name}`);
    const r = await runChannelCommand(name, { words, options, switches: new Set() }, { ...where, dataDir });
    return { exitCode: r.exitCode, output: r.exitCode === 0 ? (r.text ?? '') : `error: ${r.error}` };
  };
  const ok = async (...argv: string[]) => {
    const r = await admin(...argv);
    expect(r.exitCode, r.output).toBe(0);
    return r.output;
  };

  it('sets rates, runs and lists commissions through the running desk, and verifies them', async () => {
    const s = server!;
    const user = (email: string, referrer: number | null) =>
      s.store.users.insert({
        email, phone: null, password_hash: 'x', fund_password_hash: null, nickname: email, invite_code: email.slice(0, 6).toUpperCase(), referrer_id: referrer,
        real_name_status: 'none', credit_score: 100, frozen: 0, has_recharge: 0, created_at: now, updated_at: now,
      });
    const a = await user('aaaaaa@example.com', null);
    const b = await user('bbbbbb@example.com', a);
    const m = await user('mmmmmm@example.com', null);
    for (const u of [b, m]) {
      for (const [asset, amount] of [['USDT', '100000'], ['BTC', '5']] as const) {
        expect((await s.desks.spot.adjust({ user: u, asset, amount, action: 'credit', memo: 'test' })).ok).toBe(true);
      }
    }

    expect(await ok('invite', 'rates')).toBe('in force: level 1 0.2 (20%), level 2 0.1 (10%) (the default: never set)');
    // Refused, changing nothing: over 1 together, malformed, no reason.
    expect((await admin('invite', 'rates', 'set', '--level1', '0.8', '--level2', '0.3', '--reason', 'too much')).exitCode).toBe(2);
    expect((await admin('invite', 'rates', 'set', '--level1', '-0.1', '--level2', '0.1', '--reason', 'negative')).exitCode).toBe(2);
    expect((await admin('invite', 'rates', 'set', '--level1', '0.3', '--level2', '0.1')).exitCode).toBe(2);
    expect(await s.store.invites.rateHistory(10)).toEqual([]);
    // B trades on the 15th (rates set that day apply from the 16th).
    expect((await s.desks.spot.place({ type: 'limit', user: m, symbol: 'BTCUSDT', side: 'sell', price: '60000', qty: '0.5' })).ok).toBe(true);
    expect((await s.desks.spot.place({ type: 'limit', user: b, symbol: 'BTCUSDT', side: 'buy', price: '60000', qty: '0.2' })).ok).toBe(true);
    expect(await ok('invite', 'rates', 'set', '--level1', '0.3', '--level2', '0.05', '--reason', 'spring promo')).toContain('the first day paid at them is 2026-01-16');
    expect(await ok('invite', 'rates')).toContain('in force: level 1 0.3 (30%), level 2 0.05 (5%)');
    now += DAY;
    expect((await s.desks.spot.place({ type: 'limit', user: b, symbol: 'BTCUSDT', side: 'buy', price: '60000', qty: '0.1' })).ok).toBe(true);
    now += DAY;

    // The run through the channel, beside the server's own job (which may have paid some first): once each.
    const run = await ok('invite', 'commissions', 'run', '--reason', 'daily payout');
    expect(run).toMatch(/^commissions paid through 2026-01-16/);
    await s.store.invites.runs(); // the job's pass, if it ran, has finished by now or runs into the desk's check
    const listed = await ok('invite', 'commissions', '--email', 'aaaaaa@example.com');
    // 20% of 0.0002 BTC on the 15th, 30% of 0.0001 BTC on the 16th.
    expect(listed).toContain(`2026-01-15  L1  user ${a}  0.00004 BTC`);
    expect(listed).toContain(`2026-01-16  L1  user ${a}  0.00003 BTC`);
    expect(await ok('invite', 'commissions', '--day', '2026-01-16')).toMatch(/^1 commission payment\(s\) for 2026-01-16/);
    expect(await ok('invite', 'verify')).toMatch(/^commissions verified/);
    expect((await ok('invite', 'commissions', 'run', '--reason', 'again'))).toMatch(/^nothing to pay/);
    const payments = await s.store.invites.payments('invite:');
    expect(payments.map((p) => [p.ref, p.amount])).toEqual([[`invite:2026-01-15:${a}:1:BTC`, 4_000n], [`invite:2026-01-16:${a}:1:BTC`, 3_000n]]);
    const audit = (await s.store.audit.list(20)).filter((r) => r.command.startsWith('invite ') && r.status === 'done');
    expect(audit.map((r) => [r.command, r.reason, r.operator, r.via])).toEqual(expect.arrayContaining([
      ['invite rates set', 'spring promo', 'alice', 'server'],
      ['invite commissions run', 'daily payout', 'alice', 'server'],
    ]));

    // A payment the fee records don't support: verify says so and exits 1.
    expect((await s.desks.spot.payCommission({ user: b, asset: 'BTC', amount: '0.00000001', day: '2026-01-16', level: 1 })).ok).toBe(true);
    const bad = await admin('invite', 'verify', '--day', '2026-01-16');
    expect(bad.exitCode).toBe(1);
    expect(bad.output).toContain(`invite:2026-01-16:${b}:1:BTC: 0.00000001 BTC journalled but nothing is due`);
    expect((await admin('invite', 'verify', '--day', '2026-1-16')).exitCode).toBe(2);

    // No server: the CLI opens the spot desk under its lease; a new day is paid there, once.
    expect((await s.desks.spot.place({ type: 'limit', user: b, symbol: 'BTCUSDT', side: 'buy', price: '60000', qty: '0.1' })).ok).toBe(true);
    await s.close();
    server = undefined;
    now += DAY;
    expect(await ok('invite', 'commissions', 'run', '--reason', 'server down')).toContain('2026-01-17: 1 payment(s), 1 paid now');
    expect(await ok('invite', 'verify', '--day', '2026-01-17')).toMatch(/^commissions verified/);
    const store = await createStore({ dataDir, databaseUrl: target.databaseUrl });
    try {
      expect((await verifyLedger(store)).problems).toEqual([]);
    } finally {
      await store.close();
    }
  }, 60_000);
});
