// The exchange started in-process for a browser test: its own data folder, any free port, a movable clock.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDecimal } from '../../server/kernel/index.ts';
import { startServer, type ServerHandle } from '../../server/server.ts';
import { loadChainConfig } from '../../server/chain/config.ts';

export interface TestServer {
  handle: ServerHandle;
  url: string;
  dataDir: string;
  /** Moves the server's clock forward. */
  advance(ms: number): void;
  /**
   * Sets a perpetual's index (decimal text, e.g. "41000.5") in place of the simulated feed's, or gives it back to
   * the feed (null): the mark job moves the mark to it on its next tick (about a second) and liquidates what that
   * puts under maintenance, as on a live server. Only this harness can do it (startServer's indexOverride).
   */
  setIndex(symbol: string, price: string | null): void;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Run the demo markets' market-maker bot, so books and trades fill in as on a live server. */
  bots?: boolean;
  /** Seconds contracts: credit the house account this much USDT at start (what it pays wins from). */
  secondsHouseFund?: string;
  /**
   * Deposits and withdrawals (issue 22): a local Hardhat chain on a free port, the generated wallet (its seed in a
   * temporary folder beside the data folder), the watcher (polling every 200 ms), the signer process and the wallet
   * job. `handle.custody.evm.rpcUrl` is the chain's address (send, mine with hardhat_mine).
   */
  custody?: boolean;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'openex-e2e-'));
  const secrets = options.custody ? mkdtempSync(join(tmpdir(), 'openex-e2e-secrets-')) : null;
  let offset = 0;
  const index = new Map<string, bigint>();
  // E2E_DIST: a build directory other than dist/ (parallel work builds with `vite build --outDir`).
  const staticDir = process.env['E2E_DIST'];
  const handle = await startServer({
    port: 0, host: '127.0.0.1', dataDir, logger: false, ...(staticDir ? { staticDir } : {}), clock: () => Date.now() + offset, bots: options.bots ?? false,
    indexOverride: (symbol) => index.get(symbol) ?? null,
    ...(options.secondsHouseFund ? { secondsDemo: { houseFund: options.secondsHouseFund } } : {}),
    ...(secrets === null
      ? {}
      : {
          custody: {
            config: loadChainConfig({ LOCAL_CHAIN_PORT: '0', EVM_POLL_MS: '200' }),
            seedFile: join(secrets, 'hot-wallet.json'),
            signerPollMs: 300,
            walletPollMs: 300,
          },
        }),
  });
  return {
    handle,
    url: handle.url,
    dataDir,
    advance(ms) {
      offset += ms;
    },
    setIndex(symbol, price) {
      if (price === null) {
        index.delete(symbol.toUpperCase());
        return;
      }
      const parsed = parseDecimal(price);
      if (!parsed.ok || parsed.value <= 0n) throw new RangeError(`setIndex: not a price: ${price}`);
      index.set(symbol.toUpperCase(), parsed.value);
    },
    async close() {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (secrets !== null) rmSync(secrets, { recursive: true, force: true });
    },
  };
}
