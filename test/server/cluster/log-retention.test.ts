// Log retention (issue 26, server/cluster/log-retention.ts): the jobs delete each desk's commands below the entry its
// stored position resumes at. The desk goes on from its position as before; a store that is behind the floor (an
// older backup) makes the desk refuse to start instead of skipping commands. On PostgreSQL and the machine's NATS.
import { expect, it, vi } from 'vitest';
import { LogGapError, type CommandLog } from '../../../server/bus/index.ts';
import { hostDesk } from '../../../server/cluster/desk-host.ts';
import { askable, SPOT_DESK } from '../../../server/cluster/desks.ts';
import { trimDeskLogs } from '../../../server/cluster/log-retention.ts';
import { resumeAt } from '../../../server/cluster/protocol.ts';
import { uniquePrefix } from '../bus/nats-env.ts';
import { U1, U2, value, type World } from '../desks/world.ts';
import { describeLogWorlds } from './log-worlds.ts';

describeLogWorlds('log retention', (t) => {
  let log: CommandLog;

  const host = (w: World, prefix: string) =>
    hostDesk({ name: 'coin', desk: w.desks.spot, commands: SPOT_DESK.commands, queries: askable(SPOT_DESK), log, store: w.store, prefix });
  const appendOrders = async (from: number, count: number) => {
    for (let i = from; i < from + count; i++) {
      const call = { m: 'place', a: [{ type: 'limit', user: i % 2 === 0 ? U1 : U2, symbol: 'BTCUSDT', side: i % 2 === 0 ? 'buy' : 'sell', price: '50000', qty: '0.01' }], r: null, n: 0 };
      await log.append('coin', 'all', `o-${i}`, { c: [call] });
    }
  };
  const applied = async (w: World) => resumeAt(await w.store.leases.logPosition('coin')).seq;

  it('deletes what every desk committed; the desk goes on from its position; a store behind the floor refuses to start', async () => {
    const prefix = uniquePrefix('ret');
    log = await t.openLog(prefix);
    const w = await t.world();
    for (const [user, asset, amount] of [[U1, 'USDT', '100000'], [U2, 'BTC', '10']] as const) {
      await log.append('coin', 'all', `credit-${user}`, { c: [{ m: 'adjust', a: [{ user, asset, amount, action: 'credit', memo: 'test deposit' }], r: null, n: 0 }] });
    }
    await appendOrders(0, 10);
    let last = await log.lastSeq('coin', 'all');
    let h = await host(w, prefix);
    await vi.waitFor(async () => expect(await applied(w)).toBe(last), { timeout: 15_000, interval: 20 });
    await h.stop();

    // Every entry before the last one the desk applied goes; a desk that never committed anything (earn) keeps all.
    expect(await trimDeskLogs(log, w.store, ['coin', 'earn'])).toBe(last - 1);
    expect(await log.trimmedBefore('coin', 'all')).toBe(last);
    expect(await trimDeskLogs(log, w.store, ['coin', 'earn'])).toBe(0);

    // The desk resumes from its position and applies what comes after.
    await appendOrders(10, 6);
    last = await log.lastSeq('coin', 'all');
    h = await host(w, prefix);
    await vi.waitFor(async () => expect(await applied(w)).toBe(last), { timeout: 15_000, interval: 20 });
    await h.stop();
    expect(value(await w.desks.spot.openOrders(U1))).toHaveLength(0);
    expect((await w.store.db.selectFrom('spot_trades').select('trade_no').execute()).length).toBe(8);
    await w.check();

    // A store whose position is below the floor (here: a fresh one) can't be rebuilt from what is left.
    const behind = await t.world();
    await expect(host(behind, prefix)).rejects.toThrow(LogGapError);
  });
});
