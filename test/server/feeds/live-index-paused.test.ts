// The demo's past: a paused live index is stepped by hand (advance) on a driven clock, its records carry the past
// times and chain as live ones do, and resume() continues the same chain from the timer.
import { describe, expect, it } from 'vitest';
import { startLiveIndex } from '../../../server/feeds/live-index.ts';
import { sha256Hex, verifyChain, type IndexRecord } from '../../../server/feeds/index.ts';
import { virtualClock } from '../../../server/virtual-clock.ts';
import { BTC } from '../market/fixtures.ts';
import { sleep } from '../live/ws-client.ts';

const memoryConfig = () => {
  const rows = new Map<string, string>();
  return { get: async (key: string) => rows.get(key) ?? null, set: async (key: string, value: string) => void rows.set(key, value) };
};

describe('paused live index', () => {
  it('records a stepped past, then continues the same chain live', async () => {
    let real = 1_800_000_000_000;
    const clock = virtualClock(() => real);
    const past = real - 3_600_000;
    clock.set(past);
    const records: IndexRecord[] = [];
    const index = await startLiveIndex({ config: memoryConfig(), markets: [BTC], clock: clock.now, seed: 3, intervalMs: 10, paused: true, onRecord: (r) => records.push(r), onError: (e) => { throw e; } });
    // Paused: the timer does nothing however long we wait.
    await sleep(40);
    expect(records).toEqual([]);
    for (let t = past + 10_000; t <= real; t += 10_000) {
      clock.set(t);
      index.advance(t);
    }
    expect(records).toHaveLength(360);
    expect(records[0]).toMatchObject({ seq: 1, time: past + 10_000 });
    expect(index.price('BTCUSDT')).not.toBeNull();
    clock.release();
    index.resume();
    expect(() => index.advance(real + 5)).toThrow();
    for (let i = 0; i < 4; i++) {
      real += 10;
      await sleep(25);
    }
    await index.close();
    expect(records.length).toBeGreaterThan(360);
    expect(records.at(-1)!.time).toBeGreaterThan(past + 3_600_000);
    expect(verifyChain(sha256Hex, records)).toEqual({ ok: true });
  });
});
