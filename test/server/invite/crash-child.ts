// A child process for the crash test (crash.test.ts): opens the store and the spot desk under its lease, runs the
// commissions at the given clock time, and kills itself (SIGKILL: no clean-up, no lease release, nothing flushed
// beyond what was acknowledged) right after the n-th payment the desk acknowledged.
// argv: JSON { dataDir?, databaseUrl?, now, killAfter }
import { runCommissions } from '../../../server/accounts/invite/commission.ts';
import { createInProcessBus } from '../../../server/bus/in-process.ts';
import { SpotDesk } from '../../../server/desks/spot/desk.ts';
import type { DeskEvent } from '../../../server/desks/events.ts';
import { createStore } from '../../../server/store/index.ts';

const o = JSON.parse(process.argv[2] ?? '{}') as { dataDir?: string; databaseUrl?: string; now: number; killAfter: number };
const clock = () => o.now;
const store = await createStore({ dataDir: o.dataDir, databaseUrl: o.databaseUrl, clock });
const spot = await SpotDesk.open({ store, bus: createInProcessBus<DeskEvent>(), clock });
let paid = 0;
await runCommissions({
  store,
  clock,
  pay: async (req) => {
    const reply = await spot.payCommission(req);
    if (reply.ok && !reply.value.duplicate && ++paid >= o.killAfter) {
      process.stdout.write(`killed after ${paid}\n`);
      process.kill(process.pid, 'SIGKILL');
    }
    return reply;
  },
});
process.stdout.write('finished without being killed\n');
// Not a crash: a distinct exit code, so crash.test.ts (which expects death by SIGKILL) fails instead of passing.
process.exit(3);
