// The fee-level job over a real store and real desks, with a hand-moved clock: trailing 30-day BTC-equivalent
// volume (both sides, USDT markets converted at the BTC/USDT daily close) → a pending level at 00:00 GMT+8 → in
// force at 04:00 GMT+8, when the desk charges the new rates. Running a pass twice changes nothing; a server that was
// down at 00:00 or 04:00 catches up when it starts.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { feeDesks, feeLevelTick, setUpFeeLevels, trailingVolumes } from '../../../server/jobs/fee-levels.ts';
import { DEFAULT_FEE_TABLE } from '../../../server/jobs/fee-table.ts';
import { feeLevelsInStore, loadFeeSchedule } from '../../../server/desks/fee-schedule.ts';
import type { FeeTableRow } from '../../../server/store/feeLevels.ts';
import { describeDialects } from '../dialects.ts';
import { openWorld, U1, U2, U3, value, type World } from '../desks/world.ts';

const HOUR = 3_600_000;
const BTC = 100_000_000n;
/** Unix ms of a GMT+8 wall-clock time. */
const gmt8 = (month: number, day: number, hour: number, minute = 0, second = 0) => Date.UTC(2026, month - 1, day, hour, minute, second) - 8 * HOUR;

// Small thresholds so a few test trades reach them: L1 from 0.5 BTC, L2 from 1 BTC.
const TABLE: FeeTableRow[] = [
  { level: 0, minVolume: 0n, makerPpm: 1000, takerPpm: 1000 },
  { level: 1, minVolume: BTC / 2n, makerPpm: 500, takerPpm: 600 },
  { level: 2, minVolume: BTC, makerPpm: 100, takerPpm: 200 },
];

describeDialects('fee-level job', (dialect) => {
  let w: World;
  const setTo = (t: number) => w.clock.advance(t - w.clock.now());
  /** The desks charge what they were handed: their setFeeLevels, in each one's sequence. */
  const apply = () => feeDesks(w.desks);
  const tick = () => feeLevelTick({ store: w.store, clock: w.clock.now, apply: apply() });
  /** A user's spot rates as the coin desk charges them, and the contract desk's. */
  const rates = { fees: (user: number) => w.desks.spot.feesOf(user) };
  /** The recompute each desk last applied, as it wrote it with that batch. */
  const appliedBy = async (wallet: 'coin' | 'contract') => (JSON.parse((await w.store.config.get(`fees.levels.${wallet}`)) ?? 'null') as { recomputeAt: number | null } | null)?.recomputeAt;
  const limit = (user: number, symbol: string, side: 'buy' | 'sell', price: string, qty: string) =>
    w.desks.spot.place({ type: 'limit', user, symbol, side, price, qty });

  beforeEach(async () => {
    w = await openWorld(dialect);
    await w.store.transaction((r) => r.feeLevels.setTable(TABLE, w.clock.now()));
    await w.credit(U1, 'BTC', '2');
    await w.credit(U1, 'ETH', '20');
    await w.credit(U2, 'USDT', '100000');
    await w.credit(U3, 'USDT', '100000');
    await w.credit(U3, 'BTC', '1');
  });
  afterEach(async () => w.dispose());

  /** Jan 15 20:00 GMT+8 (the clock's start): U1 sells 0.6 BTC to U2 at 60000; U1 sells 10 ETH (30000 USDT) to U3. */
  async function tradeOnJan15() {
    setTo(gmt8(1, 15, 20));
    value(await limit(U1, 'BTCUSDT', 'sell', '60000', '0.6'));
    value(await limit(U2, 'BTCUSDT', 'buy', '60000', '0.6'));
    value(await limit(U1, 'ETHUSDT', 'sell', '3000', '10'));
    value(await limit(U3, 'ETHUSDT', 'buy', '3000', '10'));
  }

  it('counts both sides, converts USDT volume at the BTC/USDT close, and applies levels only at 04:00 GMT+8', async () => {
    await tradeOnJan15();
    await tick();
    expect(rates.fees(U1)).toEqual({ makerPpm: 1000, takerPpm: 1000 });

    // 00:00 GMT+8 Jan 16 (+ settle): the recompute is stored, pending.
    setTo(gmt8(1, 16, 0, 0, 10));
    await tick();
    const run = await w.store.feeLevels.run(gmt8(1, 16, 0));
    expect(run).toMatchObject({ recomputeAt: gmt8(1, 16, 0), appliedAt: null, users: 3 });
    const levels = new Map((await w.store.feeLevels.levels(gmt8(1, 16, 0))).map((l) => [l.user, l]));
    // U1: 0.6 BTC + 30000 USDT / 60000 = 1.1 BTC; U2: 0.6 BTC; U3: 0.5 BTC (ETH bought for 30000 USDT).
    expect(levels.get(U1)).toEqual({ user: U1, volume: 110_000_000n, level: 2 });
    expect(levels.get(U2)).toEqual({ user: U2, volume: 60_000_000n, level: 1 });
    expect(levels.get(U3)).toEqual({ user: U3, volume: 50_000_000n, level: 1 });
    expect(rates.fees(U1)).toEqual({ makerPpm: 1000, takerPpm: 1000 });

    // Idempotent: the same pass again, and an hour later, writes nothing new.
    await tick();
    setTo(gmt8(1, 16, 3, 59, 59));
    await tick();
    expect(await w.store.feeLevels.run(gmt8(1, 16, 0))).toEqual(run);
    expect(rates.fees(U2)).toEqual({ makerPpm: 1000, takerPpm: 1000 });

    // 04:00 GMT+8: in force.
    setTo(gmt8(1, 16, 4));
    await tick();
    expect((await w.store.feeLevels.run(gmt8(1, 16, 0)))?.appliedAt).toBe(gmt8(1, 16, 4));
    expect(await appliedBy('coin')).toBe(gmt8(1, 16, 0));
    expect(await appliedBy('contract')).toBe(gmt8(1, 16, 0));
    expect(rates.fees(U1)).toEqual({ makerPpm: 100, takerPpm: 200 });
    expect(rates.fees(U2)).toEqual({ makerPpm: 500, takerPpm: 600 });
    expect(rates.fees(10_000_099)).toEqual({ makerPpm: 1000, takerPpm: 1000 });
    const applied = await w.store.feeLevels.run(gmt8(1, 16, 0));
    await tick();
    expect(await w.store.feeLevels.run(gmt8(1, 16, 0))).toEqual(applied);

    // The desk charges the new rates: U2 (level 1) rests a buy as maker, U1 (level 2) sells into it as taker.
    value(await limit(U2, 'BTCUSDT', 'buy', '60000', '0.1'));
    const sold = value(await limit(U1, 'BTCUSDT', 'sell', '60000', '0.1'));
    // Taker U1 receives 6000 USDT and pays 0.02%: 1.2 USDT.
    expect(sold.fills).toEqual([{ tradeId: 2, price: '60000', qty: '0.1', quote: '6000', fee: '1.2', feeAsset: 'USDT', maker: false }]);
    const [trade] = await w.store.spot.orderTrades(sold.order.orderId);
    // Maker U2 receives 0.1 BTC and pays 0.05%: 0.00005 BTC.
    expect(trade).toMatchObject({ takerFee: 120_000_000n, makerFee: 5_000n, makerFeeAsset: 'BTC' });
    await w.check();
  });

  it('leaves trades outside the 30-day window out, and the day of a trade picks its BTC/USDT close', async () => {
    // Dec 16 20:00 GMT+8: outside the window of Jan 16 00:00 ([Dec 17 00:00, Jan 16 00:00)).
    setTo(Date.UTC(2025, 11, 16, 12, 0, 0));
    value(await limit(U1, 'BTCUSDT', 'sell', '50000', '0.5'));
    value(await limit(U2, 'BTCUSDT', 'buy', '50000', '0.5'));
    // Jan 10 (GMT+8): BTC closes at 50000 that day; ETH trade of 15000 USDT → 0.3 BTC.
    setTo(gmt8(1, 10, 12));
    value(await limit(U1, 'ETHUSDT', 'sell', '3000', '5'));
    value(await limit(U3, 'ETHUSDT', 'buy', '3000', '5'));
    setTo(gmt8(1, 10, 23, 59));
    value(await limit(U1, 'BTCUSDT', 'sell', '50000', '0.01'));
    value(await limit(U3, 'BTCUSDT', 'buy', '50000', '0.01'));
    // Jan 12: BTC at 60000; another 15000 USDT of ETH → 0.25 BTC.
    setTo(gmt8(1, 12, 9));
    value(await limit(U1, 'BTCUSDT', 'sell', '60000', '0.01'));
    value(await limit(U3, 'BTCUSDT', 'buy', '60000', '0.01'));
    value(await limit(U1, 'ETHUSDT', 'sell', '3000', '5'));
    value(await limit(U3, 'ETHUSDT', 'buy', '3000', '5'));
    const volumes = await trailingVolumes(w.store, gmt8(1, 16, 0));
    // U2's Dec 16 trade is out; U3: 0.3 + 0.01 + 0.01 + 0.25 BTC.
    expect(volumes.get(U2)).toBeUndefined();
    expect(volumes.get(U3)).toBe(57_000_000n);
    expect(volumes.get(U1)).toBe(57_000_000n);
    // The window of Jan 15 00:00 starts Dec 16 00:00: there the Dec 16 trade counts.
    expect((await trailingVolumes(w.store, gmt8(1, 15, 0))).get(U2)).toBe(50_000_000n);
  });

  it('catches up at start: the recompute in force is made and applied at once, and a restart changes nothing', async () => {
    await tradeOnJan15();
    // Down over 00:00 and 04:00 of Jan 16 and Jan 17; starts Jan 17 05:00 GMT+8.
    setTo(gmt8(1, 17, 5));
    const stop = await setUpFeeLevels({ store: w.store, clock: w.clock.now, apply: apply(), pollMs: 60_000 });
    await stop();
    expect(await w.store.feeLevels.run(gmt8(1, 16, 0))).toBeUndefined();
    const run = await w.store.feeLevels.run(gmt8(1, 17, 0));
    expect(run).toMatchObject({ appliedAt: gmt8(1, 17, 5), users: 3 });
    expect(rates.fees(U1)).toEqual({ makerPpm: 100, takerPpm: 200 });
    // A restart: the desks open with the levels they applied, and the job writes nothing new.
    await w.restart();
    expect(rates.fees(U1)).toEqual({ makerPpm: 100, takerPpm: 200 });
    const stop2 = await setUpFeeLevels({ store: w.store, clock: w.clock.now, apply: apply(), pollMs: 60_000 });
    await stop2();
    expect(await w.store.feeLevels.run(gmt8(1, 17, 0))).toEqual(run);
    expect(rates.fees(U1)).toEqual({ makerPpm: 100, takerPpm: 200 });
  });

  it('catches up between 00:00 and 04:00: yesterday\'s recompute takes effect, today\'s waits', async () => {
    setTo(gmt8(1, 14, 10));
    value(await limit(U1, 'BTCUSDT', 'sell', '60000', '0.6'));
    value(await limit(U2, 'BTCUSDT', 'buy', '60000', '0.6'));
    setTo(gmt8(1, 15, 10));
    value(await limit(U1, 'BTCUSDT', 'sell', '60000', '0.5'));
    value(await limit(U2, 'BTCUSDT', 'buy', '60000', '0.5'));
    // First start ever at Jan 16 02:00: Jan 15's recompute (0.6 BTC each) is in force; Jan 16's (1.1) is pending.
    setTo(gmt8(1, 16, 2));
    const stop = await setUpFeeLevels({ store: w.store, clock: w.clock.now, apply: apply(), pollMs: 60_000 });
    expect(await w.store.feeLevels.run(gmt8(1, 15, 0))).toMatchObject({ appliedAt: gmt8(1, 16, 2) });
    expect(await w.store.feeLevels.run(gmt8(1, 16, 0))).toMatchObject({ appliedAt: null });
    expect(rates.fees(U2)).toEqual({ makerPpm: 500, takerPpm: 600 });
    setTo(gmt8(1, 16, 4));
    await tick();
    expect(rates.fees(U2)).toEqual({ makerPpm: 100, takerPpm: 200 });
    await stop();
  });

  it('uses the table of the recompute in force: a new table is charged from the next 04:00', async () => {
    await tradeOnJan15();
    setTo(gmt8(1, 16, 4));
    await tick();
    expect(rates.fees(U1)).toEqual({ makerPpm: 100, takerPpm: 200 });
    await w.store.transaction((r) => r.feeLevels.setTable(DEFAULT_FEE_TABLE, w.clock.now()));
    await tick();
    expect(rates.fees(U1)).toEqual({ makerPpm: 100, takerPpm: 200 });
    setTo(gmt8(1, 17, 4));
    await tick();
    // 1.1 BTC is level 0 of the default table.
    expect(rates.fees(U1)).toEqual({ makerPpm: 1000, takerPpm: 1000 });
  });
  it('is a command in each desk\'s sequence: orders sent before it pay the old rates, after it the new; malformed or older levels change nothing', async () => {
    await tradeOnJan15();
    setTo(gmt8(1, 16, 0, 0, 10));
    await tick(); // Jan 16's recompute stored, pending: U1 at level 2
    const run = (await w.store.feeLevels.run(gmt8(1, 16, 0)))!;
    const inForce = { recomputeAt: run.recomputeAt, table: run.table.map((r) => ({ makerPpm: r.makerPpm, takerPpm: r.takerPpm })) };
    // Sent together, nobody waiting in between: the desk applies them in the order sent.
    const [before, set, after] = await Promise.all([
      limit(U1, 'BTCUSDT', 'sell', '70000', '0.01'),
      w.desks.spot.setFeeLevels(inForce),
      limit(U1, 'BTCUSDT', 'sell', '70000', '0.01'),
    ]);
    expect(value(set)).toEqual(inForce);
    const stored = await w.store.db.selectFrom('spot_orders').select(['maker_ppm', 'taker_ppm']).where('id', 'in', [value(before).order.orderId, value(after).order.orderId]).orderBy('id').execute();
    expect(stored.map((o) => [o.maker_ppm, o.taker_ppm])).toEqual([[1000, 1000], [100, 200]]);
    const setting = await w.store.config.get('fees.levels.coin');
    expect(JSON.parse(setting!)).toEqual(inForce);
    const contractSetting = await w.store.config.get('fees.levels.contract'); // Jan 15's, from the pass
    expect(JSON.parse(contractSetting!)).toMatchObject({ recomputeAt: gmt8(1, 15, 0) });

    // Bad input: refused, nothing changes (memory, the setting, the contract desk).
    const bad: unknown[] = [
      null, 'levels', {}, { recomputeAt: 'x', table: inForce.table }, { recomputeAt: -1, table: inForce.table }, { recomputeAt: 1.5, table: inForce.table },
      { recomputeAt: inForce.recomputeAt + 1, table: [] }, { recomputeAt: inForce.recomputeAt + 1, table: [{ makerPpm: -1, takerPpm: 0 }] },
      { recomputeAt: inForce.recomputeAt + 1, table: [{ makerPpm: 1_000_001, takerPpm: 0 }] }, { recomputeAt: inForce.recomputeAt + 1, table: [{ makerPpm: '100', takerPpm: 0 }] },
      { recomputeAt: inForce.recomputeAt + 1, table: Array.from({ length: 51 }, () => ({ makerPpm: 0, takerPpm: 0 })) },
      // Well formed, but no such recompute is stored: a far-future one would hold every real one off until then.
      { recomputeAt: inForce.recomputeAt + 365 * 86_400_000, table: inForce.table },
    ];
    for (const req of bad) {
      expect(await w.desks.spot.setFeeLevels(req as typeof inForce)).toMatchObject({ ok: false, code: 'action.invalid' });
      expect(await w.desks.perp.setFeeLevels(req as typeof inForce)).toMatchObject({ ok: false, code: 'action.invalid' });
    }
    // A later recompute that is stored, sent with a table other than its own.
    const later = gmt8(1, 17, 0);
    await w.store.transaction((r) => r.feeLevels.insertRun({ recomputeAt: later, computedAt: later, table: run.table, users: 0 }, []));
    for (const desk of [w.desks.spot, w.desks.perp]) {
      expect(await desk.setFeeLevels({ recomputeAt: later, table: [{ makerPpm: 0, takerPpm: 0 }] })).toMatchObject({ ok: false, code: 'action.invalid' });
    }
    expect(rates.fees(U1)).toEqual({ makerPpm: 100, takerPpm: 200 });
    expect(await w.store.config.get('fees.levels.coin')).toBe(setting);
    expect(await w.store.config.get('fees.levels.contract')).toBe(contractSetting);

    // An older recompute (a job process that is behind) is answered with what is in force and changes nothing.
    const older = { recomputeAt: inForce.recomputeAt - 86_400_000, table: [{ makerPpm: 0, takerPpm: 0 }] };
    expect(value(await w.desks.spot.setFeeLevels(older))).toEqual(inForce);
    expect(rates.fees(U1)).toEqual({ makerPpm: 100, takerPpm: 200 });
    expect(await w.store.config.get('fees.levels.coin')).toBe(setting);
    // A restart keeps what the desk applied, not what the store has applied (Jan 16's is not applied there yet).
    await w.restart();
    expect(rates.fees(U1)).toEqual({ makerPpm: 100, takerPpm: 200 });
    expect((await w.store.feeLevels.run(gmt8(1, 16, 0)))?.appliedAt).toBeNull();
    // A setting that does not read (cut short, edited by hand) does not keep the desk shut: it opens with what the
    // store has in force (Jan 15's recompute, the latest applied) until the next command.
    await w.store.transaction((r) => r.config.set('fees.levels.coin', '{"recomputeAt":', w.clock.now()));
    await w.restart();
    const inStore = await loadFeeSchedule(w.store, await feeLevelsInStore(w.store));
    expect(inStore.inForce.recomputeAt).toBe(gmt8(1, 15, 0));
    expect(rates.fees(U1)).toEqual(inStore.rates(U1));
    expect(rates.fees(U1)).not.toEqual({ makerPpm: 100, takerPpm: 200 });
    await w.check();
  });
});
