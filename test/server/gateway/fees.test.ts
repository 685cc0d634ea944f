// /app/fees/*: the public rate table of /rateStandard (the table in force, rates as percent text) and the signed-in
// user's level, trailing volume and pending level, as the fee-level job leaves them.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API } from '../../../server/contract/api.ts';
import { feeLevelTick } from '../../../server/jobs/fee-levels.ts';
import { describeDialects } from '../dialects.ts';
import { openSpotHarness, PASSWORD, type SpotHarness } from './spot/harness.ts';

const HOUR = 3_600_000;
const gmt8 = (day: number, hour: number) => Date.UTC(2026, 0, day, hour) - 8 * HOUR;

describeDialects('fee routes', (dialect) => {
  let h: SpotHarness;
  beforeEach(async () => {
    h = await openSpotHarness(dialect);
  });
  afterEach(async () => h.dispose());
  const setTo = (t: number) => h.clock.advance(t - h.clock.now());
  const tick = () => feeLevelTick({ store: h.store, clock: h.clock.now });

  it('lists the rate table for everyone, with the next recompute and apply times', async () => {
    const r = await h.call('GET', API.feeRateStandard);
    expect(r.status).toBe(200);
    expect(r.body.code).toBe('success');
    expect(r.body.data.levels).toHaveLength(8);
    expect(r.body.data.levels[0]).toEqual({ level: 0, minVolumeBtc: '0', makerPercent: '0.1', takerPercent: '0.1' });
    expect(r.body.data.levels[7]).toEqual({ level: 7, minVolumeBtc: '500000', makerPercent: '0.01', takerPercent: '0.03' });
    // The harness clock starts Jan 15 20:00 GMT+8.
    expect(r.body.data).toMatchObject({ nextRecomputeAt: gmt8(16, 0), nextApplyAt: gmt8(16, 4), windowDays: 30 });
  });

  it('shows a user their level: pending after 00:00 GMT+8, in force from 04:00', async () => {
    const a = await h.signUp('a@example.com');
    const b = await h.signUp('b@example.com');
    expect((await h.call('GET', API.feeMyLevel)).body.code).toBe('login.user.not.login');
    const level0 = { level: 0, volumeBtc: '0', makerPercent: '0.1', takerPercent: '0.1', computedAt: null, pending: null };
    expect((await h.call('GET', API.feeMyLevel, { ticket: a.ticket })).body.data).toEqual(level0);

    await h.store.transaction((r) => r.feeLevels.setTable([
      { level: 0, minVolume: 0n, makerPpm: 1000, takerPpm: 1000 },
      { level: 1, minVolume: 50_000_000n, makerPpm: 750, takerPpm: 900 },
    ], h.clock.now()));
    // Before any recompute took effect the configured table is the one shown.
    expect((await h.call('GET', API.feeRateStandard)).body.data.levels[1]).toEqual({ level: 1, minVolumeBtc: '0.5', makerPercent: '0.075', takerPercent: '0.09' });

    await h.credit(a.id, 'BTC', '1');
    await h.credit(b.id, 'USDT', '100000');
    expect((await h.desks.spot.place({ type: 'limit', user: a.id, symbol: 'BTCUSDT', side: 'sell', price: '60000', qty: '0.75' })).ok).toBe(true);
    expect((await h.desks.spot.place({ type: 'limit', user: b.id, symbol: 'BTCUSDT', side: 'buy', price: '60000', qty: '0.75' })).ok).toBe(true);

    setTo(gmt8(16, 1));
    await tick();
    const pending = (await h.call('GET', API.feeMyLevel, { ticket: a.ticket })).body.data;
    expect(pending).toEqual({ ...level0, computedAt: gmt8(15, 0), pending: { level: 1, volumeBtc: '0.75', applyAt: gmt8(16, 4) } });

    setTo(gmt8(16, 4));
    await tick();
    expect((await h.call('GET', API.feeMyLevel, { ticket: b.ticket })).body.data).toEqual({
      level: 1, volumeBtc: '0.75', makerPercent: '0.075', takerPercent: '0.09', computedAt: gmt8(16, 0), pending: null,
    });

    // A new table shows (and is charged) once a recompute with it takes effect.
    await h.store.transaction((r) => r.feeLevels.setTable([{ level: 0, minVolume: 0n, makerPpm: 2000, takerPpm: 2000 }], h.clock.now()));
    expect((await h.call('GET', API.feeRateStandard)).body.data.levels).toHaveLength(2);
    setTo(gmt8(17, 4));
    await tick();
    expect((await h.call('GET', API.feeRateStandard)).body.data.levels).toEqual([{ level: 0, minVolumeBtc: '0', makerPercent: '0.2', takerPercent: '0.2' }]);
    // Sessions last a day here: sign in again.
    const login = await h.call('POST', API.login, { body: { account: 'b@example.com', password: PASSWORD } });
    expect((await h.call('GET', API.feeMyLevel, { ticket: login.body.data.token })).body.data).toMatchObject({ level: 0, volumeBtc: '0.75', makerPercent: '0.2' });
  });
});
