// The perpetuals' mark and funding job against a real perp desk: the index from its sources (a deviating one left
// out, our own book never in it), the mark as the median of Binance's three prices (P1 with the predicted funding
// rate, P2 over a 30-sample basis window, one sample a second), every market's marks recorded, funding
// settled at the 8-hour boundary from the time-weighted premium (a book bid above the index makes longs pay), and
// every period a stop (or a missing index) skipped settled afterwards, oldest first, once.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { DeskUnavailableError } from '../../../server/desks/codes.ts';
import type { PerpFace } from '../../../server/desks/faces.ts';
import { startPerpMarks, type PerpMarks } from '../../../server/jobs/perp-marks.ts';
import { divHalfUp, formatDecimal, rate, type IndexSource } from '../../../server/kernel/index.ts';
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
    await job.stop();
    await w.dispose();
  });

  it('marks from the index sources, records every mark, positions or not, and settles funding at 16:00', async () => {
    await job.tick();
    // Index = (2 × 50,000 + 50,010) / 3 = 50,003.33…; no book, no trade: mark = P2 = index (no basis yet).
    const first = w.events.filter((e) => e.topic === 'perp.BTCUSDT.mark').at(-1)?.event;
    expect(first).toMatchObject({ type: 'perp.mark', mark: '50003.33333333', index: '50003.33333333' });
    // No position anywhere: recorded all the same (the mark line and any recompute need every mark).
    expect(await w.store.perp.lastMark('BTCUSDT')).toEqual({ symbol: 'BTCUSDT', time: w.clock.now(), mark: 5_000_333_333_333n, indexPrice: 5_000_333_333_333n, fundingRate: 10_000n });

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
    value(await w.desks.perp.mark({ symbol: 'BTCUSDT', mark: usdt(50_000), index: usdt(50_000), fundingRate: rate(20_000n) }));
    await job.stop();
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
    await restarted.stop();
    await again.stop();
    await w.check();
  });

  const start = (sourcesOf: (symbol: string) => IndexSource[] = () => []) =>
    startPerpMarks({ desk: w.desks.perp, clock: w.clock.now, bus: w.bus, timer: false, indexSources: sourcesOf, onError: (e) => { throw e; } });
  const contractWallet = async (u: number): Promise<bigint> => {
    const b = value(await w.desks.perp.balances(u)).find((x) => x.asset === 'USDT')!;
    return BigInt(Math.round(Number(b.available) * 1e8)) + BigInt(Math.round(Number(b.frozen) * 1e8));
  };
  const lastMarkEvent = () => w.events.filter((e) => e.topic === 'perp.BTCUSDT.mark').at(-1)?.event;

  it('settles every period a stop missed, oldest first, each at its boundary with the last mark and rate recorded, once', async () => {
    value(await w.desks.perp.place({ user: U2, symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '50000', qty: '1' }));
    value(await w.desks.perp.place({ user: U1, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', qty: '1' }));
    // The last mark before the stop, with the rate predicted then: 0.02 %.
    value(await w.desks.perp.mark({ symbol: 'BTCUSDT', mark: usdt(50_000), index: usdt(50_000), fundingRate: rate(20_000n) }));
    const before = { long: await contractWallet(U1), short: await contractWallet(U2) };
    job.stop();
    // Down across 16:00, 00:00 and 08:00; the process (desks and job) back at 08:30 the next day.
    w.clock.advance(24 * HOUR + 30 * 60_000);
    await w.restart();
    const restarted = start();
    await restarted.tick();
    const rows = (await w.store.perp.funding({ symbol: 'BTCUSDT', limit: 10 })).reverse();
    expect(rows.map((r) => r.time)).toEqual([Date.UTC(2026, 0, 16, 16), Date.UTC(2026, 0, 17, 0), Date.UTC(2026, 0, 17, 8)]);
    expect(rows.map((r) => [r.rate, r.mark])).toEqual(Array.from({ length: 3 }, () => [20_000n, usdt(50_000)]));
    // 1 BTC × 50,000 × 0.02 % = 10 USDT a period, three times.
    expect(before.long - (await contractWallet(U1))).toBe(usdt(30));
    expect((await contractWallet(U2)) - before.short).toBe(usdt(30));
    expect(restarted.funding('BTCUSDT')).toMatchObject({ lastRate: 20_000n, nextFundingTime: Date.UTC(2026, 0, 17, 16) });
    // Another start settles nothing more.
    await w.restart();
    const again = start();
    await again.tick();
    expect(await w.store.perp.funding({ symbol: 'BTCUSDT', limit: 10 })).toHaveLength(3);
    expect(before.long - (await contractWallet(U1))).toBe(usdt(30));
    restarted.stop();
    again.stop();
    await w.check();
    await w.desks.perp.checkInvariants();
  });

  it('settles each boundary a running job passed without an index when the index is back, oldest first', async () => {
    value(await w.desks.perp.place({ user: U2, symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '50000', qty: '1' }));
    value(await w.desks.perp.place({ user: U1, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', qty: '1' }));
    await job.tick();
    const all = sources;
    sources = [];
    // No index at 16:00:01 nor at 00:00:01: nothing is marked or settled.
    w.clock.advance(8 * HOUR);
    await job.tick();
    w.clock.advance(8 * HOUR);
    await job.tick();
    expect(await w.store.perp.funding({ symbol: 'BTCUSDT', limit: 10 })).toEqual([]);
    // Back at 01:00:01: 16:00 at the live mark and predicted rate, then 00:00 at what that settlement recorded.
    sources = all;
    w.clock.advance(HOUR);
    await job.tick();
    const rows = (await w.store.perp.funding({ symbol: 'BTCUSDT', limit: 10 })).reverse();
    expect(rows.map((r) => r.time)).toEqual([Date.UTC(2026, 0, 16, 16), Date.UTC(2026, 0, 17, 0)]);
    expect(rows[1]).toMatchObject({ rate: rows[0]!.rate, mark: rows[0]!.mark });
    expect(job.funding('BTCUSDT')!.nextFundingTime).toBe(Date.UTC(2026, 0, 17, 8));
    await w.check();
  });

  it('prices P1 with the predicted funding rate, the one it publishes, not the last settled one', async () => {
    value(await w.desks.perp.place({ user: U2, symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '50000', qty: '1' }));
    value(await w.desks.perp.place({ user: U1, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', qty: '1' }));
    // A bid 1 % over the index: the premium caps the predicted rate at 0.3 %; nothing was settled yet (last rate 0).
    value(await w.desks.perp.place({ user: U2, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50500', qty: '1' }));
    value(await w.desks.perp.place({ user: U1, symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '51000', qty: '1' }));
    await job.tick();
    const info = job.funding('BTCUSDT')!;
    expect([info.rate, info.lastRate]).toEqual([300_000n, 0n]);
    // P1 = index × (1 + 0.3 % × (16:00 − 08:00:01) / 8 h).
    const index = 5_000_333_333_333n;
    const left = BigInt(Date.UTC(2026, 0, 16, 16) - w.clock.now());
    const p1 = index + divHalfUp(index * 300_000n * left, E8 * BigInt(8 * HOUR));
    expect(lastMarkEvent()).toMatchObject({ index: formatDecimal(index, 8, true), fundingRate: '0.003', price1: formatDecimal(p1, 8, true) });
    expect((await w.store.perp.lastMark('BTCUSDT'))?.fundingRate).toBe(300_000n);
  });

  it('restores the last settled rate at a start, and publishes no funding before it has', async () => {
    value(await w.desks.perp.funding({ symbol: 'BTCUSDT', rate: rate(12_345n), mark: usdt(50_000), fundingTime: Date.UTC(2026, 0, 16, 8) }));
    await job.stop();
    await w.restart();
    const restarted = start((s) => (s === 'BTCUSDT' ? sources.map((x) => ({ ...x, updatedAt: w.clock.now() })) : []));
    expect(restarted.funding('BTCUSDT')).toBeUndefined();
    await restarted.tick();
    // The predicted rate starts over (no premium sample before the start is recorded): the interest alone here.
    expect(restarted.funding('BTCUSDT')).toEqual({ rate: 10_000n, lastRate: 12_345n, nextFundingTime: Date.UTC(2026, 0, 16, 16) });
    await restarted.stop();
  });

  it('keeps a funding\'s mark in the record when it settles in the very millisecond of its boundary (the backfill\'s ticks)', async () => {
    value(await w.desks.perp.place({ user: U2, symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '50000', qty: '1' }));
    value(await w.desks.perp.place({ user: U1, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', qty: '1' }));
    // A bid 1 % over the index: the period's rate is capped at 0.3 %, the next one predicted from the interest alone.
    value(await w.desks.perp.place({ user: U2, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50500', qty: '1' }));
    value(await w.desks.perp.place({ user: U1, symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '51000', qty: '1' }));
    await job.tick();
    const boundary = Date.UTC(2026, 0, 16, 16);
    w.clock.advance(boundary - w.clock.now());
    await job.tick();
    const [funding] = await w.store.perp.funding({ symbol: 'BTCUSDT', limit: 1 });
    expect(funding).toMatchObject({ time: boundary, rate: 300_000n });
    // The mark in force at the boundary is the one the payments were computed at, with its rate.
    const [inForce] = await w.store.perp.marks({ symbol: 'BTCUSDT', to: boundary, limit: 1 });
    expect(inForce).toMatchObject({ time: boundary, mark: funding!.mark, fundingRate: funding!.rate });
    // Then the marks go on as usual, with the rate predicted for the next period.
    w.clock.advance(1_000);
    await job.tick();
    const next = await w.store.perp.marks({ symbol: 'BTCUSDT', from: boundary + 1, limit: 5 });
    expect(next.map((m) => m.time)).toEqual([boundary + 1_000]);
    expect(next[0]!.fundingRate).not.toBe(300_000n);
    await w.check();
  });

  it('ticks paused until resumed; tickApplied answers once the desk applied the marks, their commit not awaited', async () => {
    const paused = startPerpMarks({ desk: w.desks.perp, clock: w.clock.now, paused: true, intervalMs: 20, indexSources: (s) => (s === 'BTCUSDT' ? sources.map((x) => ({ ...x, updatedAt: w.clock.now() })) : []), onError: (e) => { throw e; } });
    try {
      await new Promise((r) => setTimeout(r, 100));
      expect(await w.store.perp.lastMark('BTCUSDT')).toBeUndefined();
      await paused.tickApplied();
      // Applied: the desk's memory has the mark (an order is now checked against its band) …
      expect(await w.desks.perp.place({ user: U1, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '40000', qty: '0.01' })).toEqual({ ok: false, code: 'order.price.out.of.band' });
      // … and committed with what follows it.
      expect(await w.store.perp.lastMark('BTCUSDT')).toMatchObject({ mark: 5_000_333_333_333n });
      const marked = w.clock.now();
      w.clock.advance(5_000);
      sources = sources.map((x) => ({ ...x, price: x.price! + usdt(10) }));
      paused.resume();
      await expect.poll(async () => (await w.store.perp.lastMark('BTCUSDT'))?.time, { timeout: 5_000 }).toBeGreaterThan(marked);
    } finally {
      await paused.stop();
    }
  });

  it('averages the basis over the last 30 samples, one a second', async () => {
    // Book mid 50,200 against the index 50,003.33333333: basis 196.66666667.
    const bid = value(await w.desks.perp.place({ user: U1, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50100', qty: '1' })).order.id;
    const ask = value(await w.desks.perp.place({ user: U2, symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '50300', qty: '1' })).order.id;
    for (let i = 0; i < 10; i++) {
      await job.tick();
      w.clock.advance(1_000);
    }
    expect(lastMarkEvent()).toMatchObject({ basisSamples: 10, basisAverage: '196.66666667' });
    // A second round within the same second takes no sample.
    w.clock.advance(-500);
    await job.tick();
    expect(lastMarkEvent()).toMatchObject({ basisSamples: 10 });
    w.clock.advance(500);
    // Mid 50,000: basis −3.33333333. After 30 more seconds the window holds only those.
    value(await w.desks.perp.cancel({ user: U1, orderId: bid }));
    value(await w.desks.perp.cancel({ user: U2, orderId: ask }));
    value(await w.desks.perp.place({ user: U1, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '49900', qty: '1' }));
    value(await w.desks.perp.place({ user: U2, symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '50100', qty: '1' }));
    for (let i = 0; i < 29; i++) {
      await job.tick();
      w.clock.advance(1_000);
    }
    expect(lastMarkEvent()).toMatchObject({ basisSamples: 30, basisAverage: formatDecimal(divHalfUp(-333_333_333n * 29n + 19_666_666_667n, 30n), 8, true) });
    await job.tick();
    expect(lastMarkEvent()).toMatchObject({ basisSamples: 30, basisAverage: '-3.33333333' });
  });

  it('waits at stop for the round in progress; a mark refused meanwhile (a desk client closing) is no unhandled rejection', async () => {
    // A cluster's jobs process closing: the round has sent the first market's mark and reads the second market's
    // book when the desk client closes, refusing every call in flight (desk-client.ts close).
    const [first, second] = w.desks.perp.markets();
    expect(second).toBeDefined();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    let refuseMark: (error: unknown) => void = () => undefined;
    let reading: () => void = () => undefined;
    const readingSecond = new Promise<void>((resolve) => (reading = resolve));
    let refuseRead: (error: unknown) => void = () => undefined;
    const perp = w.desks.perp;
    const desk = Object.create(perp, {
      mark: { value: (req: Parameters<PerpFace['mark']>[0]) => (req.symbol === first!.symbol ? new Promise<never>((_, reject) => (refuseMark = reject)) : perp.mark(req)) },
      appliedBook: {
        value: (symbol: string, levels: number) => {
          if (symbol !== second!.symbol) return perp.appliedBook(symbol, levels);
          reading();
          return new Promise<never>((_, reject) => (refuseRead = reject));
        },
      },
    }) as PerpFace;
    const closing = startPerpMarks({
      desk, clock: w.clock.now, timer: false, indexSources: () => sources.map((x) => ({ ...x, updatedAt: w.clock.now() })), onError: (e) => { throw e; },
    });
    try {
      const round = closing.tick();
      round.catch(() => undefined);
      await readingSecond;
      const closed = (desk: string) => new DeskUnavailableError('desk.unreachable', `no answer from the ${desk} desk (the gateway closed)`);
      // The client refuses the mark waiting for its answer at once; the read fails when the connection closes after.
      refuseMark(closed('contract'));
      let stopped = false;
      const stopping = closing.stop().then(() => (stopped = true));
      await new Promise((done) => setTimeout(done, 20));
      expect(stopped).toBe(false); // the round is still in progress
      refuseRead(closed('contract'));
      await stopping;
      await expect(round).rejects.toThrow(/the gateway closed/);
      await new Promise((done) => setTimeout(done, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await closing.stop();
    }
  });
});
