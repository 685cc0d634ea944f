// The exchange started in-process for a browser test: its own data folder, any free port, a movable clock.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type ServerHandle } from '../../server/server.ts';

export interface TestServer {
  handle: ServerHandle;
  url: string;
  dataDir: string;
  /** Moves the server's clock forward. */
  advance(ms: number): void;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Run the demo markets' market-maker bot, so books and trades fill in as on a live server. */
  bots?: boolean;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'openex-e2e-'));
  let offset = 0;
  // E2E_DIST: a build directory other than dist/ (parallel work builds with `vite build --outDir`).
  const staticDir = process.env['E2E_DIST'];
  const handle = await startServer({ port: 0, host: '127.0.0.1', dataDir, logger: false, ...(staticDir ? { staticDir } : {}), clock: () => Date.now() + offset, bots: options.bots ?? false });
  return {
    handle,
    url: handle.url,
    dataDir,
    advance(ms) {
      offset += ms;
    },
    async close() {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
