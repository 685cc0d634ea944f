// A child process for transfer-crash.test.ts: opens the desks over the store, sends `count` transfers between the
// coin and contract wallets at once (each with its own client id), prints each one acknowledged, and kills itself
// (SIGKILL: nothing released, nothing flushed beyond what was acknowledged) right after the `killAfter`-th answer,
// with the rest still in flight: debits committed and not yet relayed, relays not yet credited.
// argv: JSON { dataDir?, databaseUrl?, user, count, killAfter }
import { createInProcessBus } from '../../../server/bus/in-process.ts';
import { createDesks } from '../../../server/desks/index.ts';
import type { DeskEvent } from '../../../server/desks/events.ts';
import { createStore } from '../../../server/store/index.ts';

const o = JSON.parse(process.argv[2] ?? '{}') as { dataDir?: string; databaseUrl?: string; user: number; count: number; killAfter: number };
const store = await createStore({ dataDir: o.dataDir, databaseUrl: o.databaseUrl });
const desks = await createDesks({ store, bus: createInProcessBus<DeskEvent>() });
let answered = 0;
await Promise.all(Array.from({ length: o.count }, async (_, i) => {
  const from = i % 2 === 0 ? 'coin' : 'contract';
  const r = await desks.transfers.transfer({ user: o.user, asset: 'USDT', amount: '1.5', from, to: from === 'coin' ? 'contract' : 'coin', clientId: `crash-${i}` });
  if (r.ok) process.stdout.write(`ack crash-${i} ${r.value.transferId} ${r.value.status}\n`);
  if (++answered >= o.killAfter) process.kill(process.pid, 'SIGKILL');
}));
process.stdout.write('finished without being killed\n');
// Reached only if the kill above never came: a non-zero exit, which the test reports as a failure (it expects SIGKILL).
process.exit(3);
