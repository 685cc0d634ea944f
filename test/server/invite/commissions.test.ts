// Invitation commissions over the real desks and store: three days of spot, perpetual and seconds fees (one seconds
// contract refunded) paid once per day, inviter, level and asset, exactly the amounts recomputed from the fee
// records; the ledger verifies and sums to zero; a run cut off mid-way and a restart pay the rest once; two runners
// at once pay once; a clock jump over three days pays each day once; a rate change applies from the next day; the
// operator's verify finds a payment that disagrees with the fee records. On SQLite and PostgreSQL.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { DEFAULT_RATES, runCommissions, verifyCommissions } from '../../../server/accounts/invite/commission.ts';
import { startCommissions } from '../../../server/jobs/commissions.ts';
import { assetRecords } from '../../../server/desks/queries.ts';
import { describeDialects } from '../dialects.ts';
import { value } from '../desks/world.ts';
import { A, B, C, DAY, expectedPayments, journalled, openInviteWorld, type InviteWorld } from './world.ts';

const defaults = (): [number, number] => [DEFAULT_RATES.level1Ppm, DEFAULT_RATES.level2Ppm];

describeDialects('invitation commissions', (dialect) => {
  let iw: InviteWorld;
  beforeEach(async () => {
    iw = await openInviteWorld(dialect);
  }, 60_000);
  afterEach(async () => iw.dispose());

  /** Day 1: spot and perp; day 2: seconds (one refunded) and spot; day 3: perp. Leaves the clock on day 4, 01:00. */
  const threeDays = async () => {
    await iw.spotFees();
    await iw.perpFees();
    await iw.nextDay();
    await iw.secondsFees();
    await iw.spotFees();
    await iw.nextDay();
    await iw.perpFees();
    await iw.nextDay();
  };

  it('pays three days of spot, perp and seconds fees exactly as recomputed from the fee records, once', async () => {
    await threeDays();
    const report = await iw.run();
    expect(report.days.map((d) => d.day)).toEqual(['2026-01-15', '2026-01-16', '2026-01-17']);
    const want = await expectedPayments(iw.w, defaults);
    expect(await journalled(iw.w)).toEqual(want);
    // By hand, for one of them: B's spot fee 0.0001 BTC and E's 0.0002 BTC on day 1, 20% each to A.
    expect(want.get(`2026-01-15:${A}:1:BTC`)).toBe(6_000n);
    // C's seconds fee counts for B (level 1) and A (level 2); B's refunded one counts for nothing.
    expect([...want.keys()].filter((k) => k.startsWith('2026-01-16:'))).toEqual(expect.arrayContaining([`2026-01-16:${B}:1:USDT`, `2026-01-16:${A}:2:USDT`]));
    expect(report.days.every((d) => d.waiting === 0 && d.duplicates === 0)).toBe(true);
    // The inviters' asset records show each payment, typed invite_commission, in the coin account.
    const records = value(await assetRecords(iw.w.store, { user: A, types: ['invite_commission'] }));
    const aSum = [...want].filter(([k]) => k.split(':')[1] === String(A)).reduce((s, [, v]) => s + v, 0n);
    expect(records.list.every((r) => r.wallet === 'coin')).toBe(true);
    expect(records.list.length).toBe([...want.keys()].filter((k) => k.split(':')[1] === String(A)).length);
    expect(aSum).toBeGreaterThan(0n);
    // Again: nothing more.
    expect((await iw.run()).days).toEqual([]);
    expect(await journalled(iw.w)).toEqual(want);
    expect((await verifyCommissions(iw.w.store)).ok).toBe(true);
    await iw.w.check();
  }, 120_000);

  it('pays the rest once after a run cut off mid-way and a restart, to the last unit', async () => {
    await threeDays();
    let calls = 0;
    const crashing = runCommissions({
      store: iw.w.store, clock: iw.w.clock.now,
      pay: async (r) => {
        if (++calls > 3) throw new Error('killed mid-run');
        return iw.w.desks.spot.payCommission(r);
      },
    });
    await expect(crashing).rejects.toThrow('killed mid-run');
    expect((await journalled(iw.w)).size).toBe(3);
    expect((await iw.w.store.invites.runs()).map((r) => r.state)).toEqual(['started']);
    // The process restarts: desks rebuilt from the store (their memory of pending payments gone).
    await iw.w.restart();
    const report = await iw.run();
    expect(report.days[0]!.duplicates).toBe(3);
    expect(await journalled(iw.w)).toEqual(await expectedPayments(iw.w, defaults));
    expect((await iw.w.store.invites.runs()).map((r) => r.state)).toEqual(['done', 'done', 'done']);
    const verified = await verifyCommissions(iw.w.store);
    expect(verified.ok).toBe(true);
    expect(verified.days.map((d) => d.mismatches)).toEqual([[], [], []]);
    await iw.w.check();
  }, 120_000);

  it('pays once with two runners at once (two jobs, and a run beside them)', async () => {
    await threeDays();
    const pay = (r: Parameters<typeof iw.w.desks.spot.payCommission>[0]) => iw.w.desks.spot.payCommission(r);
    const one = startCommissions({ store: iw.w.store, clock: iw.w.clock.now, pay, pollMs: 0 });
    const two = startCommissions({ store: iw.w.store, clock: iw.w.clock.now, pay, pollMs: 0 });
    const [r1, r2, r3] = await Promise.all([one.tick(), two.tick(), iw.run()]);
    await one.stop();
    await two.stop();
    const paid = [r1, r2, r3].flatMap((r) => r?.days ?? []).reduce((s, d) => s + d.paid, 0);
    const want = await expectedPayments(iw.w, defaults);
    expect(paid).toBe(want.size);
    expect(await journalled(iw.w)).toEqual(want);
    await iw.w.check();
  }, 120_000);

  it('pays each day once when the clock jumps over three days, and again nothing until the next day ends', async () => {
    const job = startCommissions({ store: iw.w.store, clock: iw.w.clock.now, pay: (r) => iw.w.desks.spot.payCommission(r), pollMs: 0 });
    try {
      await iw.spotFees();
      expect((await job.tick())?.days).toEqual([]); // today is not over
      await iw.nextDay(0);
      // 00:00:00 of the next day: within the settle margin, nothing yet.
      expect(await job.tick()).toBeNull();
      // To 00:00 of the 19th: the 18th is still within its settle margin.
      iw.w.clock.advance(3 * DAY);
      const report = (await job.tick())!;
      // Day 1: A's share of B's and E's BTC fees, B's of C's USDT fee, A's (level 2) of C's.
      expect(report.days.map((d) => [d.day, d.paid])).toEqual([['2026-01-15', 3], ['2026-01-16', 0], ['2026-01-17', 0]]);
      expect(await job.tick()).toBeNull(); // the 18th: not due before its margin has passed
      iw.w.clock.advance(60_000);
      expect((await job.tick())?.days.map((d) => [d.day, d.paid])).toEqual([['2026-01-18', 0]]);
      expect(await job.tick()).toBeNull(); // not due before tomorrow's end
      expect((await job.tick(true))?.days).toEqual([]); // and forced, nothing left
      expect((await iw.w.store.invites.runs()).map((r) => r.state)).toEqual(['done', 'done', 'done', 'done']);
      expect(await journalled(iw.w)).toEqual(await expectedPayments(iw.w, defaults));
    } finally {
      await job.stop();
    }
    await iw.w.check();
  }, 120_000);

  it('applies a rate change from the next day on, and keeps the rates each day was paid at', async () => {
    await iw.spotFees();
    await iw.nextDay();
    await iw.spotFees();
    // Changed during day 2: day 2 still pays at the rates in force at its start.
    const changedAt = iw.w.clock.now();
    await iw.w.store.invites.setRates({ level1Ppm: 300_000, level2Ppm: 50_000, effectiveAt: changedAt, operator: 'test', reason: 'promo', createdAt: changedAt });
    await iw.nextDay();
    await iw.spotFees();
    await iw.perpFees();
    await iw.nextDay();
    await iw.run();
    const day3 = Date.UTC(2026, 0, 17);
    const want = await expectedPayments(iw.w, (day) => (day >= day3 ? [300_000, 50_000] : defaults()));
    expect(await journalled(iw.w)).toEqual(want);
    expect(want.get(`2026-01-16:${A}:1:BTC`)).toBe(6_000n); // 20% of 0.0003 BTC
    expect(want.get(`2026-01-17:${A}:1:BTC`)).toBe(9_000n); // 30%
    expect((await iw.w.store.invites.runs()).map((r) => [r.level1Ppm, r.level2Ppm])).toEqual([[200_000, 100_000], [200_000, 100_000], [300_000, 50_000]]);
    expect((await verifyCommissions(iw.w.store)).ok).toBe(true);
    await iw.w.check();
  }, 120_000);

  it('verify finds a journalled payment that disagrees with the fee records', async () => {
    await iw.spotFees();
    await iw.nextDay();
    await iw.run();
    expect((await verifyCommissions(iw.w.store, Date.UTC(2026, 0, 15))).ok).toBe(true);
    // A payment no fee record supports (a bug, or a hand-made entry): paid through the desk under a real reference.
    value(await iw.w.desks.spot.payCommission({ user: C, asset: 'BTC', amount: '0.00000001', day: '2026-01-15', level: 1 }));
    const report = await verifyCommissions(iw.w.store, Date.UTC(2026, 0, 15));
    expect(report.ok).toBe(false);
    expect(report.days[0]!.mismatches).toEqual([`invite:2026-01-15:${C}:1:BTC: 0.00000001 BTC journalled but nothing is due`]);
    await iw.w.check();
  }, 120_000);

  it('pays from fee income other desks credited (perpetual fees), which the spot desk never saw in memory', async () => {
    await iw.perpFees();
    await iw.nextDay();
    const report = await iw.run();
    expect(report.days[0]).toMatchObject({ day: '2026-01-15', waiting: 0 });
    const want = await expectedPayments(iw.w, defaults);
    expect([...want.keys()].every((k) => k.endsWith(':USDT'))).toBe(true);
    expect(want.size).toBe(3); // B → A, C → B, C → A (level 2)
    expect(await journalled(iw.w)).toEqual(want);
    await iw.w.check();
  }, 60_000);

  it('refuses a payment the fee income cannot cover, changing nothing, and a malformed one', async () => {
    expect(await iw.w.desks.spot.payCommission({ user: B, asset: 'BTC', amount: '1', day: '2026-01-15', level: 1 })).toEqual({ ok: false, code: 'funds.insufficient' });
    expect(await iw.w.desks.spot.payCommission({ user: B, asset: 'BTC', amount: '1', day: '2026-13-01', level: 1 })).toEqual({ ok: false, code: 'request.id.invalid' });
    expect(await iw.w.desks.spot.payCommission({ user: B, asset: 'BTC', amount: '-1', day: '2026-01-15', level: 1 })).toMatchObject({ ok: false });
    expect(await iw.w.store.invites.payments('invite:')).toEqual([]);
    await iw.w.check();
  }, 60_000);
});
