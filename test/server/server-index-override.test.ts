// The test-only index of a perpetual (startServer's indexOverride, test/e2e/server.ts setIndex): the mark job takes
// it on its next tick, so a browser test can move the mark and watch a liquidation happen through the normal path;
// and nothing a running exchange reads (main.ts, its configuration, any other server module) can set it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { topics } from '../../server/desks/index.ts';
import { startTestServer, type TestServer } from '../e2e/server.ts';

const E8 = 100_000_000n;
const U1 = 9_001;
const U2 = 9_002;

/** Polls `check` until it answers true (the mark job ticks once a second). */
async function until(check: () => Promise<boolean> | boolean, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let t: TestServer;
const marks = new Map<string, string>();
beforeAll(async () => {
  t = await startTestServer();
  t.handle.bus.subscribe(topics.perpMark('*'), (e) => {
    if (e.type === 'perp.mark') marks.set(e.symbol, `${e.mark}/${e.index}`);
  });
});
afterAll(async () => t.close());

it('moves a perpetual\'s index and so its mark on the next tick, and the mark job liquidates an isolated position it reaches', async () => {
  const { desks, store } = t.handle;
  t.setIndex('BTCUSDT', '50000');
  await until(() => marks.get('BTCUSDT') === '50000/50000', 'the mark at the set index');
  // The app shows it as the market's index too.
  expect(t.handle.trading.indexPrice('BTCUSDT')).toBe(5_000_000); // ticks of 0.01
  for (const user of [U1, U2]) {
    const r = await desks.contract.adjust({ user, asset: 'USDT', amount: '10000', action: 'credit', memo: 'index override test' });
    expect(r.ok).toBe(true);
  }
  expect((await desks.perp.setMarginMode({ user: U1, symbol: 'BTCUSDT', mode: 'isolated' })).ok).toBe(true);
  expect((await desks.perp.place({ user: U2, symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '50000', qty: '0.1' })).ok).toBe(true);
  const long = await desks.perp.place({ user: U1, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', qty: '0.1' });
  expect(long.ok && long.value.fills.length).toBe(1);
  const [position] = await desks.perp.positions(U1);
  expect(position).toMatchObject({ mode: 'isolated', lots: 10_000, margin: 250n * E8 });
  expect(position!.liquidationPrice! > 45_000n * E8).toBe(true);

  // 10 % down: past the isolated long's liquidation price (20x). The job marks it and the engine liquidates.
  t.setIndex('BTCUSDT', '45000');
  await until(() => marks.get('BTCUSDT')?.endsWith('/45000') === true, 'the mark at the new index');
  // With the last trade at 50,000 above and no basis (P2 = index), the mark is P1 = index × (1 + predicted rate ×
  // time to funding / 8 h): the interest alone (0.01 %) from an empty book, so at most 4.5 over the index.
  const mark = Number(marks.get('BTCUSDT')!.split('/')[0]);
  expect(mark).toBeGreaterThanOrEqual(45_000);
  expect(mark).toBeLessThanOrEqual(45_004.5);
  await until(async () => (await desks.perp.positions(U1)).every((p) => p.lots === 0), 'the liquidation');
  const [liquidation] = await store.perp.liquidations({ user: U1, limit: 10 });
  expect(liquidation).toMatchObject({ symbol: 'BTCUSDT', mode: 'isolated', size: 10_000_000n });
  expect(Number(liquidation!.mark) / 1e8).toBeGreaterThanOrEqual(45_000);
  expect(Number(liquidation!.mark) / 1e8).toBeLessThanOrEqual(45_004.5);

  // Given back, the index is the simulated feed's again.
  t.setIndex('BTCUSDT', null);
  await until(() => marks.get('BTCUSDT')?.endsWith('/45000') === false, 'the feed\'s index');
});

it('can be set only by an in-process test: main.ts passes no override, and no other server module names it', () => {
  const main = readFileSync(join('server', 'main.ts'), 'utf8');
  expect(main).toContain('startServer(');
  expect(main).not.toMatch(/indexOverride/);
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(ts|tsx|cjs|mjs|js|json)$/.test(name)) files.push(path);
    }
  };
  walk('server');
  // Only startServer's option itself: no route, CLI, environment or configuration reader reaches it.
  expect(files.filter((f) => readFileSync(f, 'utf8').includes('indexOverride'))).toEqual([join('server', 'server.ts')]);
});
