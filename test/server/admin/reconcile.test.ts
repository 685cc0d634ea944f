// What a start does with audit rows a crash left pending (deterministically, without a crash): a balance command
// whose entry is in the journal is settled done, one whose entry isn't is settled interrupted (it never happened),
// any other command interrupted; repeating an interrupted request with its id runs it, once.
import { outboxNotifier } from '../../../server/cli/channel-commands.ts';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createUser } from '../../../server/accounts/identity.ts';
import { createAdminExecutor, serverDesks, type AdminExecutor } from '../../../server/admin/commands.ts';
import { describeDialects } from '../dialects.ts';
import { openWorld, U1, value, type World } from '../desks/world.ts';

describeDialects('admin audit: settling what a stop left pending', (dialect) => {
  let w: World;
  let executor: AdminExecutor;
  beforeEach(async () => {
    w = await openWorld(dialect);
    const id = await w.store.transaction((tx) => createUser(tx, { email: 'u1@example.com', phone: null, passwordHash: 'x', referrerId: null, now: w.clock.now() }));
    expect(id).toBe(U1);
    executor = createAdminExecutor({ store: w.store, clock: w.clock.now, desks: serverDesks(w.desks, w.store), ...outboxNotifier(w.store) });
  });
  afterEach(async () => w.dispose());

  const pending = (requestId: string, command: string, args: Record<string, string>) =>
    w.store.audit.begin({ requestId, operator: 'op', command, args: JSON.stringify(args), reason: 'drill', via: 'server', createdAt: w.clock.now() });

  it('settles pending rows from the journal, and a repeat of an interrupted one runs it once', async () => {
    const credit = { amount: '5', asset: 'USDT', email: 'u1@example.com' };
    // Applied (the entry is journalled), but the row was never completed.
    await pending('crash-applied-1', 'balance credit', credit);
    value(await w.desks.spot.adjustOnce({ user: U1, asset: 'USDT', amount: '5', action: 'credit', memo: 'operator credit', requestId: 'crash-applied-1' }));
    // Audited, never applied; and a non-balance command cut off.
    await pending('crash-lost-1', 'balance credit', credit);
    await pending('crash-freeze-1', 'user freeze', { email: 'u1@example.com' });

    expect(await executor.reconcile()).toBe(3);
    expect(await w.store.audit.pending()).toEqual([]);
    const applied = await w.store.audit.find('crash-applied-1');
    expect(applied?.status).toBe('done');
    expect(JSON.parse(applied?.result ?? '{}')).toMatchObject({ data: { recovered: true, desk: 'coin', seq: 1 } });
    expect((await w.store.audit.find('crash-lost-1'))?.status).toBe('interrupted');
    expect((await w.store.audit.find('crash-freeze-1'))?.status).toBe('interrupted');

    // The applied one is answered from its row; the lost one now runs, once; so does the freeze.
    const run = (id: string, command: 'balance credit' | 'user freeze', args: Record<string, string>) => executor.execute({ id, operator: 'op', command, args, reason: 'drill' });
    expect(await run('crash-applied-1', 'balance credit', credit)).toMatchObject({ replayed: true, text: expect.stringMatching(/applied before a restart \(journal entry coin#1\)/) });
    expect(await run('crash-lost-1', 'balance credit', credit)).toMatchObject({ replayed: false, data: { available: '10' } });
    expect(await run('crash-lost-1', 'balance credit', credit)).toMatchObject({ replayed: true });
    expect(await run('crash-freeze-1', 'user freeze', { email: 'u1@example.com' })).toMatchObject({ replayed: false, data: { frozen: true } });
    expect(value(await w.desks.spot.balances(U1))).toEqual([{ wallet: 'coin', asset: 'USDT', available: '10', frozen: '0' }]);
    expect(await executor.reconcile()).toBe(0);
    await w.check();
  });
});
