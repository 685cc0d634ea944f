// startServer wires the fee-level job and the desks' fee hook: a server that was down over 00:00 and 04:00 GMT+8
// applies the missed levels when it starts, and its spot desk charges them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startServer, type ServerHandle } from '../../../server/server.ts';
import { describeDialects, newTarget, testClock, type Target } from '../dialects.ts';

const HOUR = 3_600_000;
const U1 = 10_000_001;
const U2 = 10_000_002;

describeDialects('fee levels in the server', (dialect) => {
  let target: Target;
  let staticDir: string;
  let server: ServerHandle | undefined;
  const clock = testClock(Date.UTC(2026, 0, 15, 12)); // Jan 15 20:00 GMT+8
  const start = async () =>
    (server = await startServer({
      port: 0, host: '127.0.0.1', dataDir: target.dataDir, databaseUrl: target.databaseUrl, staticDir,
      logger: false, clock: clock.now, feeds: false,
    }));
  beforeEach(async () => {
    target = await newTarget(dialect);
    staticDir = mkdtempSync(join(tmpdir(), 'openex-dist-'));
  });
  afterEach(async () => {
    await server?.close();
    await target.dispose();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('catches up at start and the desk charges the level in force', async () => {
    const s = await start();
    await s.store.transaction((r) => r.feeLevels.setTable([
      { level: 0, minVolume: 0n, makerPpm: 1000, takerPpm: 1000 },
      { level: 1, minVolume: 50_000_000n, makerPpm: 200, takerPpm: 400 },
    ], clock.now()));
    for (const [user, asset, amount] of [[U1, 'BTC', '1'], [U2, 'USDT', '100000']] as const) {
      expect((await s.desks.spot.adjust({ user, asset, amount, action: 'credit', memo: 'test' })).ok).toBe(true);
    }
    expect((await s.desks.spot.place({ type: 'limit', user: U1, symbol: 'BTCUSDT', side: 'sell', price: '60000', qty: '0.5' })).ok).toBe(true);
    const first = await s.desks.spot.place({ type: 'limit', user: U2, symbol: 'BTCUSDT', side: 'buy', price: '60000', qty: '0.5' });
    // Level 0 today: the taker's 0.5 BTC pays 0.1%.
    expect(first.ok && first.value.fills[0]?.fee).toBe('0.0005');
    await s.close();
    server = undefined;

    clock.advance(9 * HOUR); // Jan 16 05:00 GMT+8: down over 00:00 and 04:00
    const again = await start();
    expect(await again.store.feeLevels.run(Date.UTC(2026, 0, 16) - 8 * HOUR)).toMatchObject({ users: 2, appliedAt: clock.now() });
    expect((await again.desks.spot.place({ type: 'limit', user: U1, symbol: 'BTCUSDT', side: 'sell', price: '60000', qty: '0.1' })).ok).toBe(true);
    const second = await again.desks.spot.place({ type: 'limit', user: U2, symbol: 'BTCUSDT', side: 'buy', price: '60000', qty: '0.1' });
    // Level 1 now: the taker pays 0.04% of 0.1 BTC, and the maker 0.02% of 6000 USDT.
    expect(second.ok && second.value.fills[0]?.fee).toBe('0.00004');
    const [trade] = second.ok ? await again.store.spot.orderTrades(second.value.order.orderId) : [];
    expect(trade?.makerFee).toBe(120_000_000n);
  });
});
