// A desk process of a cluster (issue 26): `node server/cluster/desk-main.ts --desk=coin` (or `spot`; `contract` or
// `perp`; `earn`, `fiat`, `seconds`), with DATABASE_URL (PostgreSQL) and NATS_URL. It waits as a standby until it
// holds the desk's lease (free, expired, or held by a process that died on this host), then rebuilds the desk from
// the store, resumes the command log right after the position the store has, and serves. A desk that stops (a failed
// commit, a lost lease) ends the process: memory may be ahead of the store, and a fresh process rebuilds from it
// (`npm run cluster` starts one again).
// Each step is one JSON line on stdout: { event: 'standby' | 'active' | 'stopped', desk, at, … }.
import { parseArgs } from 'node:util';
import { createCommandLog, createNatsBus } from '../bus/index.ts';
import { systemClock } from '../clock.ts';
import { LeaseHeldError, newHolderId } from '../desks/lease.ts';
import type { DeskEvent } from '../desks/events.ts';
import { createStore } from '../store/index.ts';
import { hostDesk } from './desk-host.ts';
import { Interest, interestBus } from './interest.ts';
import { closeOnSignal, exitFailed, runMain, say } from './process-main.ts';
import { askable, CLUSTER_LEASE_TTL_MS, DESK_ALIASES, DESK_SPECS, deskSpecNamed, STANDBY_POLL_MS } from './desks.ts';


async function main(): Promise<void> {
  const { values } = parseArgs({ options: { desk: { type: 'string' }, prefix: { type: 'string' } } });
  const spec = deskSpecNamed(values.desk ?? '');
  if (spec === undefined) throw new Error(`--desk must be one of ${[...Object.keys(DESK_SPECS), ...Object.keys(DESK_ALIASES)].join(', ')}`);
  const natsUrl = process.env.NATS_URL;
  const databaseUrl = process.env.DATABASE_URL;
  if (!natsUrl || !databaseUrl) throw new Error('a desk process needs NATS_URL and DATABASE_URL');
  const prefix = values.prefix ?? process.env.CLUSTER_PREFIX ?? 'ex';
  const ttl = Number(process.env.DESK_LEASE_TTL_MS ?? CLUSTER_LEASE_TTL_MS);

  const store = await createStore({ databaseUrl });
  const events = await createNatsBus<DeskEvent>({ servers: natsUrl, prefix: `${prefix}.ev`, name: `desk-${spec.name}-${process.pid}` });
  // A user's events are built only while a gateway watches the user (interest.ts).
  const interest = new Interest();
  const bus = interestBus(events, interest);
  const log = await createCommandLog({ servers: natsUrl, prefix, name: `desk-log-${spec.name}-${process.pid}` });
  const holder = newHolderId(`${spec.name}-`);
  say('standby', { desk: spec.name, holder });
  const stop = (error: unknown): void => {
    // The desk refuses everything from now on; only a new process, rebuilt from the store, may go on.
    exitFailed('stopped', { desk: spec.name, error: error instanceof Error ? error.message : String(error) });
  };
  for (;;) {
    try {
      const t0 = performance.now();
      const desk = await spec.open({ store, bus, clock: systemClock, holder, leaseTtlMs: ttl, onStop: stop });
      const t1 = performance.now();
      const host = await hostDesk({ name: spec.name, desk, commands: spec.commands, queries: askable(spec), log, store, prefix, interest });
      // How long the takeover took: rebuilding the desk from the store, then joining its log.
      say('active', { desk: spec.name, resumedAfter: host.resumedAfter, rebuildMs: Math.round(t1 - t0), joinMs: Math.round(performance.now() - t1) });
      host.done.catch(stop);
      const caughtUp = await host.caughtUp;
      say('caught-up', { desk: spec.name, seq: caughtUp });
      closeOnSignal(async () => {
        await host.stop();
        await desk.close();
        await bus.close();
        await log.close();
        await store.close();
      });
      return;
    } catch (error) {
      if (!(error instanceof LeaseHeldError)) throw error;
      await new Promise((done) => setTimeout(done, STANDBY_POLL_MS));
    }
  }
}

runMain(main);
