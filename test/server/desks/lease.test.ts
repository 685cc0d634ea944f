// One writer per desk: a second set of desks on the same store is refused while the first runs, may start once
// it closed or its lease expired, and a desk that lost its lease can't commit anything.
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createInProcessBus } from '../../../server/bus/index.ts';
import { createDesks, LeaseHeldError, type DeskEvent } from '../../../server/desks/index.ts';
import { holderIsDead } from '../../../server/desks/lease.ts';
import { describeDialects } from '../dialects.ts';
import { openWorld, U1, value, type World } from './world.ts';

describeDialects('desk leases', (dialect) => {
  let w: World;
  beforeEach(async () => {
    w = await openWorld(dialect);
  });
  afterEach(async () => w.dispose());

  const second = () => createDesks({ store: w.store, bus: createInProcessBus<DeskEvent>(), clock: w.clock.now });

  it('refuses a second process while the first runs, and lets it in once the first closed', async () => {
    await expect(second()).rejects.toBeInstanceOf(LeaseHeldError);
    await expect(second()).rejects.toThrow(/the coin desk is run by .+ \(lease until .+\); stop that process first/);
    await w.desks.close();
    const next = await second();
    await next.close();
  });

  it('lets a new process take over an expired lease, after which the old desk can no longer commit', async () => {
    w.clock.advance(31_000);
    const next = await second();
    try {
      await expect(w.desks.spot.adjust({ user: U1, asset: 'USDT', amount: '1', action: 'credit', memo: 'late' })).rejects.toMatchObject({ code: 'desk.stopped' });
      expect(await w.store.ledger.lastSeq('coin')).toBe(0);
      value(await next.spot.adjust({ user: U1, asset: 'USDT', amount: '1', action: 'credit', memo: 'new owner' }));
    } finally {
      await next.close();
    }
  });

  it('tells a dead holder on this host from a live one, and takes over from a dead one at once', async () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    const started = Math.round(performance.timeOrigin);
    expect(holderIsDead(`${hostname()}:${gone}:1:abc`)).toBe(true);
    expect(holderIsDead(`other-host:${gone}:1:abc`)).toBe(false); // another host: we can't know
    expect(holderIsDead(`${hostname()}:${process.pid}:${started}:abc`)).toBe(false); // ourselves
    expect(holderIsDead(`${hostname()}:${process.pid}:${started - 60_000}:abc`)).toBe(true); // an earlier process with our pid
    await w.desks.close();
    await w.store.leases.acquire('coin', `${hostname()}:${gone}:1:crashed`, w.clock.now(), 30_000);
    const next = await second(); // no waiting for the expiry
    await next.close();
  });
});
