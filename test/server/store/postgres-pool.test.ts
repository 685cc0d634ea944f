// The PostgreSQL store outlives a connection the server ends while it sits idle in the pool (a server restart,
// pg_terminate_backend, a database dropped with force): the pool's 'error' is handled (unhandled, it ended the whole
// process), a warning says what happened, and the next query runs on a new connection.
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, PG_SKIP_REASON, PG_URL, type TestStore } from '../dialects.ts';

const suite = PG_URL ? describe : describe.skip;

suite(`PostgreSQL store pool${PG_URL ? '' : ` ${PG_SKIP_REASON}`}`, () => {
  let t: TestStore | undefined;
  afterEach(async () => {
    await t?.dispose();
  });

  it('survives the server ending an idle connection, and the next query works', async () => {
    t = await openStore('postgres');
    const db = t.store.db;
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
    const pid = rows[0]!.pid;
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    try {
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      try {
        const ended = await admin.query('select pg_terminate_backend($1) as ok', [pid]);
        expect(ended.rows[0].ok).toBe(true);
      } finally {
        await admin.end();
      }
      await expect.poll(() => warnings.some((w) => w.includes('PostgreSQL ended an idle connection')), { timeout: 5_000 }).toBe(true);
      const again = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
      expect(again.rows[0]!.pid).not.toBe(pid);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
