// verifyLedger recomputes balances from the journal: it passes on what the desks write and names what a tampered
// store gets wrong.
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { verifyLedger } from '../../../server/desks/index.ts';
import { describeDialects } from '../dialects.ts';
import { openWorld, U1, U2, value, type World } from './world.ts';

describeDialects('ledger verification', (dialect) => {
  let w: World;
  beforeEach(async () => {
    w = await openWorld(dialect);
    await w.credit(U1, 'BTC', '2');
    await w.credit(U2, 'USDT', '100000');
    value(await w.desks.spot.place({ type: 'limit', user: U1, symbol: 'BTCUSDT', side: 'sell', price: '60000', qty: '1' }));
    value(await w.desks.spot.place({ type: 'limit', user: U2, symbol: 'BTCUSDT', side: 'buy', price: '60000', qty: '0.5' }));
  });
  afterEach(async () => w.dispose());

  it('finds a consistent ledger consistent, with every asset summing to zero', async () => {
    const report = await verifyLedger(w.store);
    expect(report).toMatchObject({ ok: true, problems: [] });
    expect(report.assets).toEqual([
      { asset: 'BTC', journal: '0', balances: '0' },
      { asset: 'USDT', journal: '0', balances: '0' },
    ]);
    expect(report.entries).toBeGreaterThan(3);
  });

  it('names a balance that disagrees with its journal lines', async () => {
    await sql`update balances set available = available + 1 where user_id = ${U2} and asset = 'USDT'`.execute(w.store.db);
    const report = await verifyLedger(w.store);
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([
      `user:${U2}:coin:available USDT: journal says 70000, balance is 70000.00000001`,
      'USDT: the balances sum to 0.00000001',
    ]);
  });

  it('names an entry whose lines do not balance, and a gap in the numbering', async () => {
    await sql`update ledger_lines set amount = amount + 5 where desk = 'coin' and seq = 1 and line = 0`.execute(w.store.db);
    await sql`delete from ledger_entries where desk = 'coin' and seq = 2`.execute(w.store.db);
    const problems = (await verifyLedger(w.store)).problems;
    expect(problems).toContain('entry coin#1 sums to 0.00000005 BTC');
    expect(problems.some((p) => /desk coin: \d+ entries numbered 1\.\.\d+ \(gaps\)/.test(p))).toBe(true);
  });
});
