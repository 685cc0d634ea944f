// The perpetuals' operator commands with no server running: `perp insurance fund` opens the perp desk itself under
// its lease (refused while another process holds it), exactly once per request id and audited; the reads (`perp
// insurance`, `perp positions`, `perp funding`, `perp marks`) work on the store, also beside a running desk. The
// same commands against a running server: test/server/admin/perp.test.ts.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createInProcessBus } from '../../../server/bus/index.ts';
import { runAdmin, type AdminOptions } from '../../../server/cli/admin.ts';
import { createDesks, verifyLedger, type DeskEvent, type LocalDesks, type Reply } from '../../../server/desks/index.ts';
import { formatDecimal, type Rate } from '../../../server/kernel/index.ts';
import { describeDialects, openStore, testClock, type TestStore } from '../dialects.ts';

const E8 = 100_000_000n;
const usdt = (n: number) => BigInt(n) * E8;
const R = ['--reason', 'ticket 12: seed the fund'];
const LONG = 'long@example.com';
const SHORT = 'short@example.com';
const d8 = (minor: bigint | null) => (minor === null || minor <= 0n ? null : formatDecimal(minor, 8, true));

function value<T>(reply: Reply<T>): T {
  if (!reply.ok) throw new Error(`refused: ${reply.code}`);
  return reply.value;
}

describeDialects('admin CLI: perpetuals on the store', (dialect) => {
  let t: TestStore;
  let where: AdminOptions;
  let clock = testClock();
  beforeEach(async () => {
    clock = testClock();
    t = await openStore(dialect, clock.now);
    where = { dataDir: t.target.dataDir, databaseUrl: t.target.databaseUrl, clock: () => clock.now(), operator: 'bob' };
    for (const email of [LONG, SHORT]) expect((await admin('user', 'create', '--email', email, '--password', 'Operator123')).exitCode).toBe(0);
  });
  afterEach(async () => t.dispose());

  const admin = (...argv: string[]) => runAdmin(argv, where);
  const json = async <T>(...argv: string[]): Promise<T> => {
    const r = await admin(...argv, '--json');
    expect(r.exitCode, r.output).toBe(0);
    return JSON.parse(r.output) as T;
  };
  const openDesks = () => createDesks({ store: t.store, bus: createInProcessBus<DeskEvent>(), clock: () => clock.now() });

  /** Two users trade 0.1 BTC on the perpetual (both cross), the mark moves to 49,000 and funding settles. */
  async function trade(desks: LocalDesks): Promise<{ long: number; short: number }> {
    const long = (await t.store.users.findByEmail(LONG))!.id;
    const short = (await t.store.users.findByEmail(SHORT))!.id;
    for (const [user, amount] of [[long, '1000'], [short, '10000']] as const) {
      value(await desks.contract.adjust({ user, asset: 'USDT', amount, action: 'credit', memo: 'test deposit' }));
    }
    const perp = desks.perp;
    value(await perp.mark({ symbol: 'BTCUSDT', mark: usdt(50_000), index: usdt(50_000), fundingRate: null }));
    value(await perp.setLeverage({ user: long, symbol: 'BTCUSDT', leverage: 10 }));
    value(await perp.place({ user: short, symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '50000', qty: '0.1' }));
    value(await perp.place({ user: long, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', qty: '0.1' }));
    clock.advance(1_000);
    value(await perp.mark({ symbol: 'BTCUSDT', mark: usdt(49_500), index: usdt(49_500), fundingRate: 5_000n as Rate }));
    clock.advance(1_000);
    value(await perp.mark({ symbol: 'BTCUSDT', mark: usdt(49_000), index: usdt(49_100), fundingRate: 10_000n as Rate }));
    clock.advance(1_000);
    value(await perp.funding({ symbol: 'BTCUSDT', rate: 10_000n as Rate, mark: usdt(49_000) }));
    clock.advance(1_000);
    return { long, short };
  }

  it('funds the insurance fund on the store under the desk lease, once per request id, and perp insurance shows it', async () => {
    const fund = ['perp', 'insurance', 'fund', '--amount', '500', '--memo', 'seed', '--request-id', 'cli-fund-0001', ...R];
    // While a process without an admin channel runs the perp desk: refused, nothing done.
    const desks = await openDesks();
    try {
      const refused = await admin(...fund);
      expect(refused.exitCode).toBe(1);
      expect(refused.output).toMatch(/^error: the contract desk is run by .+; stop that process first \(no server answered on the admin socket .+admin\.sock; /);
      expect(await desks.perp.insurance()).toBe(0n);
    } finally {
      await desks.close();
    }
    expect((await t.store.audit.find('cli-fund-0001'))?.status).toBe('failed');

    // A failed request id stays failed; a new one does it, once.
    expect((await admin(...fund)).output).toBe(`error: ${JSON.parse((await t.store.audit.find('cli-fund-0001'))!.result!).error}`);
    const again = fund.map((a) => (a === 'cli-fund-0001' ? 'cli-fund-0002' : a));
    const first = await admin(...again);
    expect(first.exitCode, first.output).toBe(0);
    expect(first.output).toBe('insurance fund credited 500 USDT from outside (journal entry contract#1): balance 500 USDT');
    const second = await admin(...again);
    expect(second.output).toBe(first.output);
    expect(second.log).toEqual(['admin: request cli-fund-0002 was answered before; this is its recorded outcome, nothing was done again']);
    expect(await t.store.ledger.lastSeq('contract')).toBe(1);
    expect(await t.store.audit.find('cli-fund-0002')).toMatchObject({ command: 'perp insurance fund', status: 'done', via: 'store', operator: 'bob', reason: 'ticket 12: seed the fund' });
    expect(await t.store.ledger.entry('contract', 1)).toMatchObject({
      reason: 'admin.insurance',
      ref: 'admin:seed#cli-fund-0002',
      lines: [{ account: 'system:external', asset: 'USDT', amount: -usdt(500) }, { account: 'system:insurance', asset: 'USDT', amount: usdt(500) }],
    });
    expect((await verifyLedger(t.store)).problems).toEqual([]);
    expect((await admin('ledger', 'verify')).exitCode).toBe(0);

    expect(await json('perp', 'insurance')).toEqual({
      asset: 'USDT', balance: '500', movements: 1,
      latest: [{ seq: 1, time: clock.now(), reason: 'admin.insurance', ref: 'admin:seed#cli-fund-0002', amount: '500', balance: '500' }],
    });
    expect((await admin('perp', 'insurance')).output).toBe(
      'insurance fund: 500 USDT (1 movement(s) in the journal)\nlatest movements, newest first:\n' +
        '  contract#1  2026-01-15 12:00:00.000  admin.insurance                  +500  → 500                 admin:seed#cli-fund-0002',
    );

    // A desk opened afterwards (a server's start) rebuilds the fund with it.
    const after = await openDesks();
    try {
      expect(await after.perp.insurance()).toBe(usdt(500));
      await after.perp.checkInvariants();
    } finally {
      await after.close();
    }
  });

  it('shows positions, funding and marks from the store, beside a running desk and without one', async () => {
    expect((await admin('perp', 'positions')).output).toBe('no open positions');
    expect((await admin('perp', 'insurance')).output).toBe('insurance fund: 0 USDT (0 movement(s) in the journal)');
    const desks = await openDesks();
    let expected: Array<Record<string, unknown>>;
    let users: { long: number; short: number };
    try {
      users = await trade(desks);
      const risk = async (user: number) => (await desks.perp.positions(user)).find((p) => p.symbol === 'BTCUSDT')!;
      const l = await risk(users.long);
      const s = await risk(users.short);
      expected = [
        {
          userId: users.long, email: LONG, symbol: 'BTCUSDT', side: 'long', size: '0.1', entryPrice: '50000', leverage: 10, marginMode: 'cross', margin: '500', orderMargin: '0',
          markPrice: '49000', unrealizedPnl: '-100', maintenanceMargin: formatDecimal(l.maintenance, 8, true), liquidationPrice: d8(l.liquidationPrice), adl: l.adl,
        },
        {
          userId: users.short, email: SHORT, symbol: 'BTCUSDT', side: 'short', size: '0.1', entryPrice: '50000', leverage: s.leverage, marginMode: 'cross',
          margin: formatDecimal(s.margin, 8, true), orderMargin: '0', markPrice: '49000', unrealizedPnl: '100', maintenanceMargin: formatDecimal(s.maintenance, 8, true),
          liquidationPrice: d8(s.liquidationPrice), adl: s.adl,
        },
      ];
      expect(l.liquidationPrice).toBeGreaterThan(0n);
      // Reads need no lease: fine while the desk runs (in a process without an admin channel).
      expect(await json('perp', 'positions')).toEqual(expected);
    } finally {
      await desks.close();
    }
    // And with no desk at all: the same figures, at the last recorded mark.
    const r = await admin('perp', 'positions', '--json', '--verbose');
    expect(r.exitCode, r.output).toBe(0);
    expect(r.log).toEqual([expect.stringMatching(/working on (the|this) store directly$/)]);
    expect(JSON.parse(r.output)).toEqual(expected);
    expect(await json('perp', 'positions', '--email', SHORT, '--symbol', 'btcusdt')).toEqual([expected[1]]);
    expect((await admin('perp', 'positions', '--email', LONG)).output).toBe(
      `1 open position(s) of user ${users.long} (${LONG})\n` +
        `  user ${users.long} (${LONG})  BTCUSDT  long 0.1  entry 50000  10x cross  margin 500  liq. ${expected[0]!['liquidationPrice'] as string}  uPnL -100  at mark 49000`,
    );
    expect((await admin('perp', 'positions', '--email', SHORT, '--symbol', 'ETHUSDT')).output).toBe(`no open positions of user ${users.short} (${SHORT}) in ETHUSDT`);
    expect(await admin('perp', 'positions', '--symbol', 'XYZUSDT')).toEqual({ exitCode: 1, output: 'error: no perpetual market XYZUSDT' });
    // Reads leave no audit row.
    expect(await t.store.audit.list(10)).toEqual([]);

    // Funding: the long paid 0.49, the short got it (0.1 × 49,000 × 0.01 %); the fund took the rounding residue (none).
    expect(await json('perp', 'funding', '--symbol', 'btcusdt')).toEqual([{ symbol: 'BTCUSDT', time: Date.UTC(2026, 0, 15, 12, 0, 3), rate: '0.0001', ratePercent: '0.01', mark: '49000', insurance: '0' }]);
    expect((await admin('perp', 'funding', '--symbol', 'BTCUSDT')).output).toBe(
      'BTCUSDT: 1 funding settlement(s), newest first (rate +: longs pay shorts; insurance: residue to (+) or from (−) the fund)\n' +
        '  2026-01-15 12:00:03.000  rate 0.01%       mark 49000           insurance 0',
    );
    expect((await admin('perp', 'funding', '--symbol', 'ETHUSDT')).output).toBe('ETHUSDT: no funding settled yet');

    // Marks, newest first (every market's mark is recorded, positions or not, with its index; funding's mark is kept
    // at its millisecond).
    const marks = await json<Array<{ time: number; mark: string; index: string | null; fundingRate: string | null }>>('perp', 'marks', '--symbol', 'BTCUSDT');
    expect(marks.slice(-3)).toEqual([
      { symbol: 'BTCUSDT', time: Date.UTC(2026, 0, 15, 12, 0, 2), mark: '49000', index: '49100', fundingRate: '0.0001' },
      { symbol: 'BTCUSDT', time: Date.UTC(2026, 0, 15, 12, 0, 1), mark: '49500', index: '49500', fundingRate: '0.00005' },
      { symbol: 'BTCUSDT', time: Date.UTC(2026, 0, 15, 12, 0, 0), mark: '50000', index: '50000', fundingRate: null },
    ]);
    const latest = await admin('perp', 'marks', '--symbol', 'BTCUSDT', '--limit', '1');
    expect(latest.output.split('\n')).toHaveLength(2);
    expect(latest.output).toMatch(/^BTCUSDT: 1 recorded mark\(s\), newest first\n {2}2026-01-15 12:00:0\d\.000  mark 49000/);
    expect((await admin('perp', 'marks', '--symbol', 'SOLUSDT')).output).toBe('SOLUSDT: no marks recorded yet (every mark the mark job computes is recorded: a changed one at once, an unchanged one once a minute)');

    // Markets: each one's newest mark with its index and predicted funding, its last settlement, its brackets (the
    // console's perpetuals screen reads the same command).
    const markets = await json<Array<{ symbol: string; mark: string | null; index: string | null; fundingRatePercent: string | null; lastFunding: unknown; maxLeverage: number; brackets: Array<{ bracket: number; maxLeverage: number }> }>>('perp', 'markets');
    const btc = markets.find((m) => m.symbol === 'BTCUSDT')!;
    expect(btc).toMatchObject({ mark: marks[0]!.mark, index: marks[0]!.index, lastFunding: { time: Date.UTC(2026, 0, 15, 12, 0, 3), ratePercent: '0.01', mark: '49000' } });
    expect(btc.maxLeverage).toBe(btc.brackets[0]!.maxLeverage);
    expect(btc.brackets.map((b) => b.bracket)).toEqual(btc.brackets.map((_, i) => i + 1));
    expect(markets.find((m) => m.symbol === 'SOLUSDT')).toMatchObject({ mark: null, lastFunding: null });
    expect((await admin('perp', 'markets')).output).toMatch(/^BTCUSDT: mark 49000 /m);

    // Usage errors.
    expect(await admin('perp', 'marks')).toMatchObject({ exitCode: 2, output: expect.stringMatching(/^error: --symbol is required/) });
    expect(await admin('perp', 'funding', '--symbol', 'BTCUSDT', '--limit', '1001')).toMatchObject({ exitCode: 2, output: expect.stringMatching(/^error: --limit must be an integer from 1 to 1000/) });
    expect(await admin('perp', 'insurance', '--limit', 'x')).toMatchObject({ exitCode: 2 });
    expect((await admin('perp', 'liquidate', '--email', LONG)).output).toMatch(/^error: unknown command "perp liquidate"/);
    expect((await admin('--help')).output).toContain('none chooses a user\'s outcome: there is no forced liquidation and no position edit');
    expect((await verifyLedger(t.store)).problems).toEqual([]);
  });
});
