// The jobs process of a cluster (issue 26): `node server/cluster/jobs-main.ts`, with DATABASE_URL, NATS_URL and
// optional CLUSTER_PREFIX. The jobs run once in the cluster: a process runs them only while it holds the `jobs` lease
// (desk_leases, 2 s, renewed every third of it); a second process waits as a standby and takes over when the lease
// is released, expires, or its holder died on this host. A process that can't renew the lease stops at once.
// One JSON line per step on stdout: standby, active, stopped.
import { parseArgs } from 'node:util';
import { createCommandLog, createNatsBus } from '../bus/index.ts';
import { systemClock } from '../clock.ts';
import type { DeskEvent } from '../desks/events.ts';
import { holderIsDead, newHolderId } from '../desks/lease.ts';
import { createStore } from '../store/index.ts';
import { connectDesks } from './desk-client.ts';
import { CLUSTER_LEASE_TTL_MS, STANDBY_POLL_MS } from './desks.ts';
import { closeOnSignal, exitFailed, runMain, say } from './process-main.ts';
import { startClusterJobs } from './jobs.ts';
import { openRemoteDesks } from './remote-desks.ts';

const LEASE = 'jobs';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { prefix: { type: 'string' } } });
  const natsUrl = process.env.NATS_URL;
  const databaseUrl = process.env.DATABASE_URL;
  if (!natsUrl || !databaseUrl) throw new Error('the jobs process needs NATS_URL and DATABASE_URL');
  const prefix = values.prefix ?? process.env.CLUSTER_PREFIX ?? 'ex';
  const ttl = Number(process.env.DESK_LEASE_TTL_MS ?? CLUSTER_LEASE_TTL_MS);
  const store = await createStore({ databaseUrl });
  const holder = newHolderId('jobs-');
  say('standby', { holder });
  const take = async () => {
    const current = await store.leases.find(LEASE);
    const takeOver = current && holderIsDead(current.holder) ? current.holder : undefined;
    return store.leases.acquire(LEASE, holder, Date.now(), ttl, takeOver);
  };
  while (!(await take())) await new Promise((done) => setTimeout(done, STANDBY_POLL_MS));

  const bus = await createNatsBus<DeskEvent>({ servers: natsUrl, prefix: `${prefix}.ev`, name: `jobs-${process.pid}` });
  const log = await createCommandLog({ servers: natsUrl, prefix, name: `jobs-log-${process.pid}` });
  const client = connectDesks({ log, prefix, gateway: `jobs_${process.pid}` });
  const desks = await openRemoteDesks(client, store);
  const onError = (error: unknown, what: string) => say('error', { what, error: error instanceof Error ? error.message : String(error) });
  // Renewed every third of the lease; a renewal refused (another process has it) ends this one before it can act twice.
  const renew = setInterval(() => {
    store.leases.acquire(LEASE, holder, Date.now(), ttl).then(
      (held) => {
        if (held) return;
        exitFailed('stopped', { reason: 'the jobs lease was taken' });
      },
      (error: unknown) => onError(error, 'lease renewal'),
    );
  }, Math.max(10, Math.floor(ttl / 3)));
  const jobs = await startClusterJobs({ store, bus, desks, clock: systemClock, onError });
  say('active', { holder, markets: jobs.markets.length });
  closeOnSignal(async () => {
    clearInterval(renew);
    await jobs.stop();
    await store.leases.release(LEASE, holder);
    await desks.close();
    await client.close();
    await bus.close();
    await log.close();
    await store.close();
  });
}

runMain(main);
