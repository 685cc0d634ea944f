// The embedded mode's local chain, as its own process (started by local-chain.ts, never by hand): Hardhat 3's
// simulated network (EDR) served over HTTP and WebSocket JSON-RPC on 127.0.0.1, with Hardhat's usual 20 funded test
// accounts (the public "test test … junk" mnemonic). A block is mined for every transaction and one more every
// --block-ms (default 1000), so confirmations accrue by themselves. No Hardhat project or config file is needed:
// the runtime is created here from an inline config and runs Hardhat's own `node` task.
//   node server/chain/local-node.ts --port 8545 [--block-ms 1000]
// The chain lives in memory: it starts empty every time. It exits when its parent (the server) goes away.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createHardhatRuntimeEnvironment } from 'hardhat/hre';

export const LOCAL_CHAIN_ID = 31337;

if (import.meta.main) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '8545' }, 'block-ms': { type: 'string', default: '1000' } } });
  const port = Number(values.port);
  const blockMs = Number(values['block-ms']);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0…65535, got ${values.port}`);
  if (!Number.isInteger(blockMs) || blockMs < 0) throw new Error(`--block-ms must be a non-negative integer, got ${values['block-ms']}`);
  // Started with an IPC channel: when the server dies (even by SIGKILL) the channel closes and so do we, so no
  // orphaned node keeps the port.
  process.on('disconnect', () => process.exit(0));
  // Hardhat's node task watches <artifacts>/build-info for contracts to show in its logs; keep that out of the repo.
  const scratch = join(tmpdir(), 'openex-local-chain');
  const hre = await createHardhatRuntimeEnvironment({
    networks: { node: { type: 'edr-simulated', chainId: LOCAL_CHAIN_ID, mining: { auto: true, interval: blockMs } } },
    paths: { artifacts: join(scratch, 'artifacts'), cache: join(scratch, 'cache') },
  });
  await hre.tasks.getTask('node').run({ port, hostname: '127.0.0.1' });
}
