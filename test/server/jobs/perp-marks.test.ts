// The perpetuals' mark and funding job against a real perp desk: the index from its sources (a deviating one left
// out), the mark as the median of Binance's three prices, marks recorded while positions are open, and funding
// settled at the 8-hour boundary from the time-weighted premium (a book bid above the index makes longs pay).
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startPerpMarks, type PerpMarks } from '../../../server/jobs/perp-marks.ts';
import type { IndexSource } from '../../../server/kernel/index.ts';
import { describeDialects } from '../dialects.ts';
import { openWorld, U1, U2, value, type World } from '../desks/world.ts';

const E8 = 100_000_000n;
const usdt = (n: number) => BigInt(n) * E8;
const HOUR = 3_600_000;

describeDialects('perpetual marks and funding', (dialect) => {
  let w: World;
  let job: PerpMarks;
  let sources: IndexSource[];
  beforeEach(async () => {
    w = await openWorld(dialect);
    // Start just after a funding boundary: 08:00:01 UTC.
    w.clock.advance(Date.UTC(2026, 0, 16, 8, 0, 1) - w.clock.now());
    for (const u of [U1, U2]) value(await w.desks.contract.adjust({ user: u, asset: 'USDT', amount: '100000', action: 'credit', memo: 'test' }));
    sources = [
      { price: usdt(50_000), weight: 2n, updatedAt: w.clock.now() },
      { price: usdt(50_010), weight: 1n, updatedAt: w.clock.now() },
      // Far off (more than 5 % from the median): weight 0.
      { price: usdt(60_000), weight: 1n, updatedAt: w.clock.now() },
    ];
    job = startPerpMarks({ desk: w.desks.perp, clock: w.clock.now, bus: w.bus, timer: false, indexSources: (s) => (s === 'BTCUSDT' ? sources.map((x) => ({ ...x, updatedAt: w.clock.now() })) : []), onError: (e) => { throw e; } });
  });
  afterEach(async () => {
    job.stop();
    await w.dispose();
  });

  it('marks from the index sources, records marks while positions are open, and settles funding at 16:00', async () => {
    await job.tick();
    // Index = (2 × 50,000 + 50,010) / 3 = 50,003.33…; no book, no trade: mark = P2 = index (no basis yet).
    const first = w.events.filter((e) => e.topic === 'perp.BTCUSDT.mark').at(-1)?.event;
    expect(first).toMatchObject({ type: 'perp.mark', mark: '50003.33333333', index: '50003.33333333' });
    expect(await w.store.perp.lastMark('BTCUSDT')).toBeUndefined();

    value(await w.desks.perp.place({ user: U2, symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '50000', qty: '1' }));
    value(await w.desks.perp.place({ user: U1, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', qty: '1' }));
    // A bid above the index: the impact bid (200 USDT × 125 = 25,000 USDT) fills at 50,500, 1 % over the index.
    value(await w.desks.perp.place({ user: U2, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50500', qty: '1' }));
    value(await w.desks.perp.place({ user: U1, symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '51000', qty: '1' }));
    w.clock.advance(5_000);
    await job.tick();
    expect(await w.store.perp.lastMark('BTCUSDT')).toMatchObject({ symbol: 'BTCUSDT' });
    const info = job.funding('BTCUSDT')!;
    expect(info.nextFundingTime).toBe(Date.UTC(2026, 0, 16, 16));
    // Premium ≈ +0.99 %, far past the ±0.05 % clamp: the rate is capped at 75 % × (1/125 − 0.4 %) = 0.3 %.
    expect(info.rate).toBe(300_000n);

    const wallet = async (u: number) => {
      const b = value(await w.desks.perp.balances(u)).find((x) => x.asset === 'USDT')!;
      return usdt(0) + BigInt(Math.round(Number(b.available) * 1e8)) + BigInt(Math.round(Number(b.frozen) * 1e8));
    };
    const before = { long: await wallet(U1), short: await wallet(U2) };
    w.clock.advance(8 * HOUR);
    await job.tick();
    const funding = await w.store.perp.funding({ symbol: 'BTCUSDT', limit: 5 });
    expect(funding).toHaveLength(1);
    expect(funding[0]).toMatchObject({ rate: 300_000n });
    // The long paid 0.3 % of 1 BTC at the funding mark (rounded up), the short received it (rounded down).
    const exact = funding[0]!.mark * 3n;
    expect(before.long - (await wallet(U1))).toBe((exact + 999n) / 1000n);
    expect((await wallet(U2)) - before.short).toBe(exact / 1000n);
    await w.check();
    await w.desks.perp.checkInvariants();
    expect(job.funding('BTCUSDT')!.lastRate).toBe(300_000n);
  });

  it('settles, once, the funding period a stop missed, at the last mark and rate recorded before its boundary', async () => {
    value(await w.desks.perp.place({ user: U2, symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '50000', qty: '1' }));
    value(await w.desks.perp.place({ user: U1, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', qty: '1' }));
    // The last mark before the stop, with the rate predicted then: 0.02 %.
    value(await w.desks.perp.mark({ symbol: 'BTCUSDT', mark: usdt(50_000), index: usdt(50_000), fundingRate: 20_000n as never }));
    job.stop();
    // Down across 16:00; back at 16:30.
    w.clock.advance(8 * HOUR + 30 * 60_000);
    const restarted = startPerpMarks({ desk: w.desks.perp, clock: w.clock.now, timer: false, indexSources: () => [], onError: (e) => { throw e; } });
    await restarted.tick();
    const funding = await w.store.perp.funding({ symbol: 'BTCUSDT', limit: 5 });
    expect(funding).toEqual([expect.objectContaining({ time: Date.UTC(2026, 0, 16, 16), rate: 20_000n, mark: usdt(50_000) })]);
    // Another start settles nothing more.
    const again = startPerpMarks({ desk: w.desks.perp, clock: w.clock.now, timer: false, indexSources: () => [], onError: (e) => { throw e; } });
    await again.tick();
    expect(await w.store.perp.funding({ symbol: 'BTCUSDT', limit: 5 })).toHaveLength(1);
    restarted.stop();
    again.stop();
    await w.check();
  });
});
