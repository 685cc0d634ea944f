// A stand-in for the server in node.test.ts: starts the local chain, prints its URL, and waits to be killed.
import { startLocalChain } from '../../../server/chain/local-chain.ts';

const chain = await startLocalChain({ port: 0, blockMs: 3_600_000, log: () => undefined });
process.stdout.write(`URL ${chain.rpcUrl}\n`);
setInterval(() => undefined, 60_000);
