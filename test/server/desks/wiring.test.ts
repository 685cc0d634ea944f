// startServer builds the desks over its store and bus, exposes them on the handle, and closes them (giving the
// leases back) so the next start on the same data runs them again.
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { DeskEvent } from '../../../server/desks/index.ts';
import { startServer } from '../../../server/server.ts';
import { describeDialects, newTarget, type Target } from '../dialects.ts';
import { U1, value } from './world.ts';

describeDialects('server wiring', (dialect) => {
  let target: Target;
  beforeEach(async () => {
    target = await newTarget(dialect);
  });
  afterEach(async () => target.dispose());

  const start = () =>
    startServer({ port: 0, host: '127.0.0.1', dataDir: target.dataDir, databaseUrl: target.databaseUrl, staticDir: join(target.dataDir ?? '/tmp', 'no-dist') });

  it('exposes the desks and the bus, and a restart finds what was committed', async () => {
    const first = await start();
    const seen: DeskEvent[] = [];
    first.bus.subscribe(`user.${U1}.>`, (e) => seen.push(e));
    value(await first.desks.spot.adjust({ user: U1, asset: 'USDT', amount: '100', action: 'credit', memo: 'wiring' }));
    value(await first.desks.spot.place({ type: 'limit', user: U1, symbol: 'BTCUSDT', side: 'buy', price: '50000', qty: '0.001' }));
    expect(seen.map((e) => e.type)).toEqual(['balance', 'order', 'balance']);
    await first.close();
    expect(await first.desks.spot.openOrders(U1).catch((e: { code: string }) => e.code)).toBe('desk.closed');

    const second = await start();
    try {
      expect(value(await second.desks.spot.openOrders(U1))).toMatchObject([{ price: '50000', openQty: '0.001' }]);
      expect(value(await second.desks.spot.balances(U1))).toEqual([{ wallet: 'coin', asset: 'USDT', available: '50', frozen: '50' }]);
    } finally {
      await second.close();
    }
  });
});
