// startServer listens on its public port only once its start is complete: while a late step of the start is held
// (the demo's earn products, written after the jobs and the seconds seeding, waiting on a lock the test holds on
// their table), nothing answers on the port, not even the ping; once the step goes on, startServer returns listening.
// PostgreSQL only: its table lock holds the step for as long as the test wants, and lets every read through.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { expect, it } from 'vitest';
import { startServer, type ServerHandle } from '../../server/server.ts';
import { createStore } from '../../server/store/index.ts';
import { describePostgres, newTarget } from './dialects.ts';
import { freePort } from './reliability/server-process.ts';

/** The ping's status, or null when nothing answers on the port. */
async function ping(port: number): Promise<number | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/v3/ping`, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return null;
  }
}

describePostgres('the embedded server listens once started', () => {
  it('answers nothing on its port while its start goes on, and the ping once startServer returned', { timeout: 60_000 }, async () => {
    const target = await newTarget('postgres');
    const dataDir = mkdtempSync(join(tmpdir(), 'openex-listen-'));
    const lock = new pg.Client({ connectionString: target.databaseUrl });
    let server: ServerHandle | undefined;
    try {
      // The schema first (the migrations), then a lock that lets reads through and holds the first write.
      await (await createStore({ databaseUrl: target.databaseUrl })).close();
      await lock.connect();
      await lock.query('begin');
      await lock.query('lock table earn_products in share mode');
      const port = await freePort();
      const starting = startServer({ port, host: '127.0.0.1', databaseUrl: target.databaseUrl, dataDir, logger: false, feeds: false, admin: false });
      starting.catch(() => undefined);
      // The start waits on the lock: the earn desk's commit of the demo's products, a late step.
      const waiting = async () =>
        Number((await lock.query<{ n: string }>(`select count(*) as n from pg_locks where not granted and relation = 'earn_products'::regclass`)).rows[0]!.n);
      await expect.poll(waiting, { timeout: 30_000, interval: 20 }).toBeGreaterThan(0);
      expect(await ping(port)).toBeNull();
      await lock.query('rollback');
      server = await starting;
      expect(server.port).toBe(port);
      expect(await ping(port)).toBe(200);
    } finally {
      await lock.end().catch(() => undefined);
      await server?.close();
      await target.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
