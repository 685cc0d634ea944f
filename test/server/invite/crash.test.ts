// A real crash in the middle of a commission run: a child process pays through its own spot desk and is killed
// (SIGKILL) after its third acknowledged payment; the next start (desks rebuilt from the store, the dead holder's
// lease taken over) runs again and pays the rest once. Every payment then equals its recomputation from the fee
// records, to the last unit, and the ledger verifies. On SQLite and PostgreSQL.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { DEFAULT_RATES, verifyCommissions } from '../../../server/accounts/invite/commission.ts';
import { describeDialects } from '../dialects.ts';
import { expectedPayments, journalled, openInviteWorld, type InviteWorld } from './world.ts';

function runChild(args: object): Promise<{ signal: NodeJS.Signals | null; stdout: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [join(import.meta.dirname, 'crash-child.ts'), JSON.stringify(args)], { timeout: 60_000 }, (error, stdout) => {
      resolve({ signal: (error as { signal?: NodeJS.Signals } | null)?.signal ?? null, stdout });
    });
  });
}

describeDialects('invitation commissions across a crash', (dialect) => {
  let iw: InviteWorld;
  beforeEach(async () => {
    iw = await openInviteWorld(dialect);
  }, 60_000);
  afterEach(async () => iw.dispose());

  it('pays the rest once after the paying process is killed mid-run', async () => {
    await iw.spotFees();
    await iw.perpFees();
    await iw.nextDay();
    await iw.secondsFees();
    await iw.spotFees();
    await iw.nextDay();
    // This process's desks stop (as if on another machine); the child takes the coin desk's lease.
    await iw.w.desks.close();
    const t = iw.w.t.target;
    const child = await runChild({ dataDir: t.dataDir, databaseUrl: t.databaseUrl, now: iw.w.clock.now(), killAfter: 3 });
    expect(child.stdout).toContain('killed after 3');
    expect(child.signal).toBe('SIGKILL');
    const want = await expectedPayments(iw.w, () => [DEFAULT_RATES.level1Ppm, DEFAULT_RATES.level2Ppm]);
    expect(want.size).toBeGreaterThan(3);
    expect((await journalled(iw.w)).size).toBe(3);
    // The restart: desks rebuilt from the store (the killed holder's lease taken over), the job's catch-up run.
    await iw.w.restart();
    const report = await iw.run();
    expect(report.days.reduce((s, d) => s + d.duplicates, 0)).toBe(3);
    expect(report.days.reduce((s, d) => s + d.paid, 0)).toBe(want.size - 3);
    expect(await journalled(iw.w)).toEqual(want);
    const verified = await verifyCommissions(iw.w.store);
    expect(verified.ok).toBe(true);
    expect((await iw.w.store.invites.runs()).map((r) => r.state)).toEqual(['done', 'done']);
    await iw.w.check();
  }, 120_000);
});
