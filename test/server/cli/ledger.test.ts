// The operator's balance, market and ledger commands, in-process against the store a server would use.
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
  const json = async (...argv: string[]) => {
    const result = await admin(...argv, '--json');
    expect(result.exitCode).toBe(0);
    return JSON.parse(result.output);
  };

  it('credits through the desk, shows the balances, and the ledger verifies', async () => {
    const credit = await admin('balance', 'credit', '--email', 'op@example.com', '--asset', 'usdt', '--amount', '1500.25', '--memo', 'welcome');
    expect(credit).toEqual({ exitCode: 0, output: 'credited 1500.25 USDT to user 10000001 (op@example.com), coin account: available 1500.25, frozen 0' });
    await admin('balance', 'credit', '--email', 'op@example.com', '--asset', 'BTC', '--amount', '0.5', '--account', 'contract');
    await admin('balance', 'freeze', '--email', 'op@example.com', '--asset', 'USDT', '--amount', '0.25');
    expect(await json('balance', 'show', '--email', 'op@example.com')).toEqual({
      userId: 10_000_001,
      balances: [
        { account: 'coin', asset: 'USDT', available: '1500', frozen: '0.25' },
        { account: 'contract', asset: 'BTC', available: '0.5', frozen: '0' },
      ],
    });
    const records = await t.store.records.page({ user: 10_000_001 }, 0, 10);
    expect(records.rows.map((r) => `${r.type} ${r.ref}`)).toEqual(['admin_freeze admin:operator freeze', 'admin_credit admin:operator credit', 'admin_credit admin:welcome']);
    const verified = await admin('ledger', 'verify');
    expect(verified.exitCode).toBe(0);
    expect(verified.output).toBe('ledger OK: 3 entries\n  BTC    journal 0, balances 0\n  USDT   journal 0, balances 0');
  });

  it('refuses what the desk refuses, and unknown users, assets and accounts', async () => {
    expect(await admin('balance', 'debit', '--email', 'op@example.com', '--asset', 'USDT', '--amount', '1')).toEqual({ exitCode: 1, output: 'error: refused: funds.insufficient' });
    expect((await admin('balance', 'credit', '--email', 'op@example.com', '--asset', 'XYZ', '--amount', '1')).output).toMatch(/^error: unknown asset XYZ; known: ADA, AVAX, BNB/);
    expect((await admin('balance', 'credit', '--email', 'op@example.com', '--asset', 'BTC', '--amount', '1', '--account', 'margin')).exitCode).toBe(2);
    expect(await admin('balance', 'credit', '--email', 'no@example.com', '--asset', 'BTC', '--amount', '1')).toEqual({ exitCode: 1, output: 'error: no user with e-mail no@example.com' });
    expect(await admin('balance', 'credit', '--email', 'op@example.com', '--asset', 'BTC', '--amount', '0.000000001')).toEqual({ exitCode: 1, output: 'error: refused: decimal.too.precise' });
  });

  it('refuses balance changes while a server runs the desk, and says why', async () => {
    const desks = await createDesks({ store: t.store, bus: createInProcessBus<DeskEvent>(), clock: clock.now, marketRefreshMs: 0 });
    try {
      const refused = await admin('balance', 'credit', '--email', 'op@example.com', '--asset', 'BTC', '--amount', '1');
      expect(refused.exitCode).toBe(1);
      expect(refused.output).toMatch(/^error: the coin desk is run by .+; stop that process first \(balance commands need the server stopped\)$/);
      expect(await t.store.ledger.lastSeq('coin')).toBe(0);
      // Reads are fine meanwhile.
      expect((await admin('ledger', 'verify')).exitCode).toBe(0);
    } finally {
      await desks.close();
    }
  });

  it('lists markets and opens, closes and pauses them; a running desk picks the change up', async () => {
    const list = await json('market', 'list');
    expect(list).toHaveLength(12);
    expect(list[0]).toEqual({
      symbol: 'BTCUSDT', kind: 'spot', status: 'open', tickSize: '0.01', lotSize: '0.00001', minQty: '0.00001', maxQty: '9000',
      minNotional: '5', maxNotional: '100000000', priceBandPercent: 5,
    });
    const desks = await createDesks({ store: t.store, bus: createInProcessBus<DeskEvent>(), clock: clock.now, marketRefreshMs: 0 });
    try {
      expect((await admin('market', 'close', 'btcusdt')).output).toBe('BTCUSDT closed (a running server applies it within a few seconds)');
      await admin('market', 'maintenance', 'ETHUSDT');
      await desks.spot.refreshMarkets();
      const place = (symbol: string) => desks.spot.place({ type: 'limit', user: 10_000_001, symbol, side: 'buy', price: '1', qty: '10' });
      expect(await place('BTCUSDT')).toEqual({ ok: false, code: 'market.not.open' });
      expect(await place('ETHUSDT')).toEqual({ ok: false, code: 'market.maintenance' });
      expect((await json('market', 'list')).slice(0, 2).map((m: { status: string }) => m.status)).toEqual(['closed', 'maintenance']);
      await admin('market', 'open', 'ETHUSDT');
      await desks.spot.refreshMarkets();
      expect(await place('ETHUSDT')).toEqual({ ok: false, code: 'funds.insufficient' });
    } finally {
      await desks.close();
    }
    expect(await admin('market', 'open', 'NOPE')).toEqual({ exitCode: 1, output: 'error: no market NOPE' });
  });
});
