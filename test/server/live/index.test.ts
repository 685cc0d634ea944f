// The running index: simulated ticks become hash-chained records; the last ones are saved and a restart continues
// each chain (seq + 1, prev = the saved hash) and the price from there.
import { describe, expect, it } from 'vitest';
import { kernelMarket } from '../../../server/desks/spot/market.ts';
import { startLiveIndex, INDEX_STATE_KEY } from '../../../server/feeds/live-index.ts';
import { sha256Hex, verifyChain, type IndexRecord } from '../../../server/feeds/index.ts';
import { formatPrice } from '../../../server/kernel/index.ts';
import { BTC } from '../market/fixtures.ts';
import { testClock } from '../dialects.ts';
import { sleep } from './ws-client.ts';

function memoryConfig() {
  const rows = new Map<string, string>();
  return { rows, get: async (key: string) => rows.get(key) ?? null, set: async (key: string, value: string) => void rows.set(key, value) };
}

const XYZ = kernelMarket({
  symbol: 'XYZUSDT', base: 'XYZ', quote: 'USDT', kind: 'spot', sort: 1, isOpen: 0, maintenance: false, tickSize: 1_000_000n, lotSize: 100_000_000n,
  minQty: 100_000_000n, maxQty: 100_000_000_000n, minNotional: 0n, maxNotional: 100_000_000_000_000n, priceBandBps: 500,
});

describe('live index', () => {
  it('records, saves, and resumes each chain where it stopped', async () => {
    const clock = testClock();
    const config = memoryConfig();
    const open = () => startLiveIndex({ config, markets: [BTC, XYZ], clock: clock.now, seed: 5, intervalMs: 10, onError: (e) => { throw e; } });
    const first = await open();
    expect(first.price('BTCUSDT')).toBeNull();
    for (let i = 0; i < 3; i++) {
      clock.advance(10);
      await sleep(25);
    }
    const last = first.last('BTCUSDT')!;
    expect(last.seq).toBeGreaterThanOrEqual(2);
    expect(formatPrice(BTC, first.price('BTCUSDT')!, true)).toBe(last.price);
    expect(first.price('XYZUSDT')).toBeNull(); // no demo profile: no simulated index, and no crash
    await first.close();
    const saved = JSON.parse(config.rows.get(INDEX_STATE_KEY)!) as IndexRecord[];
    expect(saved).toEqual([last]);

    const second = await open();
    expect(second.price('BTCUSDT')).toBe(first.price('BTCUSDT'));
    clock.advance(10);
    await sleep(25);
    const next = second.last('BTCUSDT')!;
    expect(next.seq).toBe(last.seq + 1);
    expect(verifyChain(sha256Hex, [next], last)).toEqual({ ok: true });
    await second.close();
  });

  it('does without the simulator, keeping the saved prices', async () => {
    const clock = testClock();
    const config = memoryConfig();
    const live = await startLiveIndex({ config, markets: [BTC], clock: clock.now, simulate: false, onError: (e) => { throw e; } });
    clock.advance(1000);
    await sleep(20);
    expect(live.price('BTCUSDT')).toBeNull();
    await live.close();
    expect(config.rows.has(INDEX_STATE_KEY)).toBe(false);
  });
});
