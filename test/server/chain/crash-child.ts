// A child process for the watcher's crash test (crash.test.ts): opens the store and the spot desk under its lease,
// runs one poll of the EVM deposit watcher against the node at rpcUrl, and kills itself (SIGKILL: no clean-up,
// nothing flushed beyond what was acknowledged) right after the n-th credit the desk acknowledged, before the
// watcher marks that deposit credited.
// argv: JSON { dataDir?, databaseUrl?, rpcUrl, usdt, now, killAfter }
import { createInProcessBus } from '../../../server/bus/in-process.ts';
import { loadChainConfig } from '../../../server/chain/config.ts';
import { evmClient, evmSource } from '../../../server/chain/evm-watcher.ts';
import { assetRules } from '../../../server/chain/index.ts';
import { Watcher } from '../../../server/chain/watcher.ts';
import type { DeskEvent } from '../../../server/desks/events.ts';
import { SpotDesk } from '../../../server/desks/spot/desk.ts';
import { createStore } from '../../../server/store/index.ts';

const o = JSON.parse(process.argv[2] ?? '{}') as { dataDir?: string; databaseUrl?: string; rpcUrl: string; usdt: `0x${string}`; now: number; killAfter: number };
const clock = () => o.now;
const store = await createStore({ dataDir: o.dataDir, databaseUrl: o.databaseUrl, clock });
const spot = await SpotDesk.open({ store, bus: createInProcessBus<DeskEvent>(), clock });
const rules = new Map(assetRules(loadChainConfig({}), o.usdt).filter((r) => r.network === 'ETH').map((r) => [r.asset as string, r]));
let credited = 0;
const watcher = new Watcher({
  store, clock, rules, confirmations: 12,
  source: evmSource({ client: evmClient(o.rpcUrl), chainId: 31337, usdt: o.usdt }),
  log: (error, context) => process.stdout.write(`error: ${context}: ${(error as Error).message}\n`),
  credit: async (req) => {
    const reply = await spot.deposit(req);
    if (reply.ok && !reply.value.duplicate && ++credited >= o.killAfter) {
      process.stdout.write(`killed after ${credited}\n`);
      process.kill(process.pid, 'SIGKILL');
    }
    return reply;
  },
});
await watcher.poll();
process.stdout.write('finished without being killed\n');
// Not a crash: a distinct exit code, so crash.test.ts (which expects death by SIGKILL) fails instead of passing.
process.exit(3);
