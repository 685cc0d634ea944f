// Transfers between wallets across a SIGKILL (transfer-crash-child.ts): 200 sent at once, the process killed after
// the 40th answer. After a restart every acknowledged transfer is credited, once; none is left debited (the start-up
// recovery has the source desks relay what the crash cut off); the ledger verifies; and sending all 200 again with
// their client ids moves nothing more and answers each acknowledged one with its first id.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createInProcessBus } from '../../../server/bus/in-process.ts';
import { createDesks, verifyLedger, type DeskEvent } from '../../../server/desks/index.ts';
import { createStore, type Store } from '../../../server/store/index.ts';
import { describeDialects, newTarget, type Target } from '../dialects.ts';

const USER = 10_000_001;
const COUNT = 200;

function runChild(target: Target): Promise<string> {
  const args = { dataDir: target.dataDir, databaseUrl: target.databaseUrl, user: USER, count: COUNT, killAfter: 40 };
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [join(import.meta.dirname, 'transfer-crash-child.ts'), JSON.stringify(args)], { timeout: 60_000 }, (error, stdout) => {
      if (error?.signal === 'SIGKILL') resolve(stdout);
      else reject(new Error(`the child did not die by SIGKILL: ${error?.message ?? 'it exited'}\n${stdout}`));
    });
  });
}

describeDialects('transfers across a SIGKILL', (dialect) => {
  let target: Target;
  let store: Store;
  beforeEach(async () => {
    target = await newTarget(dialect);
    store = await createStore({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
  });
  afterEach(async () => {
    await store.close();
    await target.dispose();
  });

  const open = () => createDesks({ store, bus: createInProcessBus<DeskEvent>() });
  const usdt = async (desks: Awaited<ReturnType<typeof open>>) => {
    const out: Record<string, string> = {};
    for (const w of ['coin', 'contract'] as const) {
      const r = await desks.byWallet[w].balances(USER);
      out[w] = r.ok ? (r.value.find((b) => b.asset === 'USDT')?.available ?? '0') : 'refused';
    }
    return out;
  };

  it('credits every acknowledged transfer once after a kill mid-flight, and a resend of all of them moves nothing', { timeout: 120_000 }, async () => {
    let desks = await open();
    for (const w of ['coin', 'contract'] as const) {
      const r = await desks.byWallet[w].adjust({ user: USER, asset: 'USDT', amount: '1000', action: 'credit', memo: 'crash test' });
      expect(r.ok).toBe(true);
    }
    await desks.close();

    const stdout = await runChild(target);
    const acked = new Map(stdout.split('\n').filter((l) => l.startsWith('ack ')).map((l) => {
      const [, clientId, id] = l.split(' ');
      return [clientId!, id!] as const;
    }));
    expect(acked.size).toBeGreaterThanOrEqual(40 - 1);

    // What the kill left: debits committed (some never answered), some not yet credited.
    const rowsAtKill = (await store.db.selectFrom('transfers').select('id').execute()).length;
    const pendingAtKill = (await store.transfers.pending()).length;
    console.log(`transfer crash [${dialect}]: ${acked.size} acknowledged, ${rowsAtKill} debited by the kill, ${pendingAtKill} of them not yet credited`);
    expect(rowsAtKill).toBeGreaterThanOrEqual(acked.size);

    desks = await open(); // start-up: the recovery relays what the kill cut off
    try {
      expect(await store.transfers.pending()).toEqual([]);
      for (const id of acked.values()) expect((await store.transfers.find(id))?.status).toBe('credited');
      // Each transfer credited once: one credit entry per transfer row, one debit entry per row.
      const rows = await store.db.selectFrom('transfers').select('id').execute();
      const credits = await store.db.selectFrom('ledger_entries').select('ref').where('reason', '=', 'transfer.credit').execute();
      const debits = await store.db.selectFrom('ledger_entries').select('ref').where('reason', '=', 'transfer.debit').execute();
      expect(credits.length).toBe(rows.length);
      expect(debits.length).toBe(rows.length);
      expect(new Set(credits.map((c) => c.ref)).size).toBe(rows.length);
      const report = await verifyLedger(store);
      expect(report.problems).toEqual([]);
      const total = (b: Record<string, string>) => Number(b.coin) + Number(b.contract);
      const before = await usdt(desks);
      expect(total(before)).toBe(2000);

      // Every one sent again with its client id: an acknowledged one answers its first transfer; none moves twice.
      const again = await Promise.all(Array.from({ length: COUNT }, (_, i) => {
        const from = i % 2 === 0 ? 'coin' : 'contract';
        return desks.transfers.transfer({ user: USER, asset: 'USDT', amount: '1.5', from, to: from === 'coin' ? 'contract' : 'coin', clientId: `crash-${i}` });
      }));
      for (const [i, r] of again.entries()) {
        expect(r.ok).toBe(true);
        if (!r.ok) continue;
        expect(r.value.status).toBe('credited');
        const first = acked.get(`crash-${i}`);
        if (first !== undefined) expect(r.value.transferId).toBe(first);
      }
      expect((await store.db.selectFrom('transfers').select('id').execute()).length).toBe(COUNT);
      expect(await store.transfers.pending()).toEqual([]);
      expect((await verifyLedger(store)).problems).toEqual([]);
      // 100 each way of 1.5: the balances end where they began.
      expect(await usdt(desks)).toEqual({ coin: '1000', contract: '1000' });
    } finally {
      await desks.close();
    }
  });
});
