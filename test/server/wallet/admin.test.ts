// The wallet's operator commands (server/admin/wallet.ts) against a running in-process server, through its admin
// channel, and on the store with no server: withdrawals listed, approved and rejected (audited with their reasons;
// the rejection's reason is the user's; the funds come back through the desk once), malformed requests refused
// with usage errors and nothing changed, a user's deposits listed, the wallet's status. SQLite and PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createAccounts } from '../../../server/accounts/service.ts';
import { createUser } from '../../../server/accounts/identity.ts';
import { runAdmin, type AdminOptions } from '../../../server/cli/admin.ts';
import { runChannelCommand } from '../../../server/cli/channel-commands.ts';
import { verifyLedger } from '../../../server/desks/index.ts';
import { createNotifier } from '../../../server/notify/notifier.ts';
import { startServer, type ServerHandle } from '../../../server/server.ts';
import { createStore } from '../../../server/store/index.ts';
import { createWalletService } from '../../../server/wallet/service.ts';
import { describeDialects, newTarget, type Target } from '../dialects.ts';
import { ETH_ADDR, FUND, messages, plainHasher, PRICES, testChain } from './world.ts';

describeDialects('wallet operator commands', (dialect) => {
  let target: Target;
  let dataDir: string;
  let server: ServerHandle | undefined;
  let where: AdminOptions;
  const now = Date.UTC(2026, 0, 15, 12);

  beforeEach(async () => {
    target = await newTarget(dialect);
    dataDir = target.dataDir ?? mkdtempSync(join(tmpdir(), 'openex-admin-wallet-'));
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

  /** runAdmin, except for --network, which its option list (server/cli/admin.ts) doesn't take yet: sent as runAdmin sends channel commands. */
  const admin = async (...argv: string[]) => {
    if (!argv.includes('--network')) return runAdmin(argv, where);
    const words: string[] = [];
    const options = new Map<string, string>();
    for (let i = 0; i < argv.length; i++) {
      const arg = argv[i]!;
      if (arg.startsWith('--')) options.set(arg.slice(2), argv[++i] ?? '');
      else words.push(arg);
    }
    const r = await runChannelCommand('withdrawal list', { words, options, switches: new Set() }, { ...where, dataDir });
    return { exitCode: r.exitCode, output: r.exitCode === 0 ? (r.text ?? '') : `error: ${r.error}` };
  };
  const ok = async (...argv: string[]) => {
    const r = await admin(...argv);
    expect(r.exitCode, r.output).toBe(0);
    return r.output;
  };

  it('lists, approves and rejects withdrawals over the channel and on the store, audited', async () => {
    const s = server!;
    const store = s.store;
    const user = await store.transaction((tx) => createUser(tx, { email: 'carol@example.com', phone: null, passwordHash: 'x', referrerId: null, now, realNameStatus: 'certified' }));
    await store.users.setFundPassword(user, `plain:${FUND}`, now);
    expect((await s.desks.spot.adjust({ user, asset: 'USDT', amount: '1000', action: 'credit', memo: 'test' })).ok).toBe(true);
    const notifier = createNotifier({ outbox: store.outbox, clock: () => now });
    const accounts = createAccounts({ store, clock: () => now, notifier, messages, hasher: plainHasher, sessionTtlMs: 3_600_000 });
    const wallet = createWalletService({
      store, clock: () => now, chain: testChain(), desk: s.desks.spot, price: (a) => PRICES[a] ?? null, verifyFundPassword: accounts.verifyFundPassword,
      verifyTotp: async () => undefined, notifier, messages,
    });
    const apply = (amount: string) => wallet.apply({ user, asset: 'USDT', network: 'ETH', address: ETH_ADDR, amount, proof: { kind: 'secrets', fundPassword: FUND } });
    const a = await apply('100');
    const b = await apply('200');
    const c = await apply('300');

    const listed = await ok('withdrawal', 'list', '--status', 'applied');
    expect(listed).toMatch(/^3 of 3 withdrawal\(s\) applied/);
    expect(listed).toContain(`#${a.id}`);
    expect(await ok('withdrawal', 'list', '--email', 'carol@example.com', '--asset', 'usdt', '--network', 'eth', '--limit', '2')).toMatch(/^2 of 3 withdrawal/);
    expect(await ok('withdrawal', 'list', '--status', 'confirmed')).toBe('no withdrawals');

    // Usage errors (exit 2) change nothing.
    for (const argv of [
      ['withdrawal', 'approve', '--reason', 'ok'], ['withdrawal', 'approve', '--id', 'abc', '--reason', 'ok'], ['withdrawal', 'approve', '--id', String(a.id)],
      ['withdrawal', 'list', '--status', 'nope'], ['withdrawal', 'list', '--limit', '0'], ['deposit', 'list'], ['withdrawal', 'reject', '--id', '1e3', '--reason', 'x'],
    ]) {
      expect((await admin(...argv)).exitCode, argv.join(' ')).toBe(2);
    }
    expect((await admin('withdrawal', 'approve', '--id', '999999', '--reason', 'ok')).exitCode).toBe(1);

    expect(await ok('withdrawal', 'approve', '--id', String(a.id), '--reason', 'checked the address')).toContain(`approved withdrawal #${a.id}`);
    expect((await store.wallet.get(a.id))!).toMatchObject({ status: 'approved', reviewedBy: 'alice' });
    expect(await ok('withdrawal', 'reject', '--id', String(b.id), '--reason', 'Sanctioned address')).toContain('back to their balance; the user was told');
    expect((await store.wallet.get(b.id))!).toMatchObject({ status: 'rejected', reason: 'Sanctioned address' });
    // 100 approved and 300 waiting stay held; the rejected 200 is back.
    expect(await s.desks.spot.balances(user)).toMatchObject({ ok: true, value: [{ asset: 'USDT', available: '600', frozen: '400' }] });
    // An approved one can't be rejected while the signer may be sending it; a rejected one can't be approved.
    const refused = await admin('withdrawal', 'reject', '--id', String(a.id), '--reason', 'changed my mind');
    expect(refused.exitCode).toBe(1);
    expect(refused.output).toContain('the signer has not given up on it');
    expect((await admin('withdrawal', 'approve', '--id', String(b.id), '--reason', 'x')).exitCode).toBe(1);
    const audit = (await store.audit.list(20)).filter((r) => r.command.startsWith('withdrawal '));
    expect(audit.filter((r) => r.status === 'done').map((r) => [r.command, r.reason, r.operator, r.via])).toEqual(expect.arrayContaining([
      ['withdrawal approve', 'checked the address', 'alice', 'server'],
      ['withdrawal reject', 'Sanctioned address', 'alice', 'server'],
    ]));
    // The user reads the reason.
    expect((await wallet.get(user, b.id)).reason).toBe('Sanctioned address');

    // Deposits of a user, and the wallet's status.
    await store.db.insertInto('chain_deposits').values({
      user_id: user, network: 'ETH', chain_id: 31337, asset: 'USDT', tx_hash: `0x${'7'.repeat(64)}`, idx: 0, address: ETH_ADDR, amount: 500_000_000n, chain_amount: '5000000',
      block_number: 10, block_hash: `0x${'1'.repeat(64)}`, confirmations: 4, required: 12, status: 'pending', created_at: now, credited_at: null,
    }).execute();
    expect(await ok('deposit', 'list', '--email', 'carol@example.com')).toMatch(/^1 of 1 deposit\(s\)[\s\S]*pending +5 USDT on ETH  4\/12/);
    const status = await ok('wallet', 'status');
    expect(status).toContain('withdrawals: applying 0, applied 1, approved 1, broadcast 0, confirmed 0, rejected 1, cancelled 0');
    expect(status).toContain('ETH not started');

    // No server: the reject opens the spot desk under its lease; the funds come back once.
    await s.close();
    server = undefined;
    expect(await ok('withdrawal', 'reject', '--id', String(c.id), '--reason', 'offline review')).toContain(`rejected withdrawal #${c.id}`);
    const again = await ok('withdrawal', 'reject', '--id', String(c.id), '--reason', 'offline review, again');
    expect(again).toContain('was already rejected');
    const check = await createStore({ dataDir, databaseUrl: target.databaseUrl });
    try {
      expect((await verifyLedger(check)).problems).toEqual([]);
      expect((await check.wallet.get(c.id))!).toMatchObject({ status: 'rejected', reason: 'offline review' });
      expect((await check.wallet.get(c.id))!.releasedAt).not.toBeNull();
      const types = (await check.records.page({ user, asset: 'USDT' }, 0, 100)).rows.map((r) => r.type);
      expect(types.filter((t) => t.startsWith('withdrawal')).sort()).toEqual(['withdrawal', 'withdrawal', 'withdrawal', 'withdrawal_rejected', 'withdrawal_rejected']);
      const audit2 = (await check.audit.list(30)).filter((r) => r.command === 'withdrawal reject' && r.status === 'done');
      expect(audit2.map((r) => r.via)).toEqual(expect.arrayContaining(['server', 'store']));
    } finally {
      await check.close();
    }
  }, 90_000);
});
