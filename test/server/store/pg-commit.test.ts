// A desk's commit on PostgreSQL in two combined statements (store/pg-commit.ts): the rows are exactly those the
// repositories write one statement at a time (the same commits of a spot desk written both ways on two stores), a
// lost lease or a balance that would start negative writes nothing, and a commit behind a failed one rolls back.
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createInProcessBus } from '../../../server/bus/index.ts';
import type { DeskEvent } from '../../../server/desks/events.ts';
import { SpotDesk } from '../../../server/desks/spot/desk.ts';
import { EarlierCommitFailedError, writeDeskRepos, type DeskWrites } from '../../../server/store/desk-writes.ts';
import { LeaseLostError } from '../../../server/store/leases.ts';
import { combinable, writeDeskPg } from '../../../server/store/pg-commit.ts';
import type { Store } from '../../../server/store/index.ts';
import { describePostgres, openStore, type TestStore } from '../dialects.ts';
import { openWorld, U1, U2, U3, value } from '../desks/world.ts';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const TABLES = [
  'ledger_entries', 'ledger_lines', 'balances', 'system_balances', 'asset_records', 'spot_orders', 'spot_order_events', 'spot_trades', 'transfers',
  'perp_orders', 'perp_positions', 'perp_trades', 'perp_funding', 'perp_liquidations', 'perp_marks',
] as const;
/** Numbered by the database in commit order, which two desks committing side by side may interleave either way. */
const NUMBERED = new Set(['asset_records', 'spot_order_events']);

describePostgres('a desk commit in two statements on PostgreSQL', () => {
  let a: TestStore;
  let b: TestStore;
  beforeEach(async () => {
    a = await openStore('postgres');
    b = await openStore('postgres');
  });
  afterEach(async () => {
    await a.dispose();
    await b.dispose();
  });

  /** Every row of the tables a spot desk writes, in key order, as text. */
  async function rows(store: Store): Promise<Record<string, string[]>> {
    const out: Record<string, string[]> = {};
    for (const t of TABLES) {
      const row = NUMBERED.has(t) ? sql`(to_jsonb(t) - 'id')::text` : sql`t::text`;
      const r = await sql<{ row: string }>`select ${row} as row from ${sql.table(t)} t order by 1`.execute(store.db);
      out[t] = r.rows.map((x) => x.row);
    }
    return out;
  }

  it('writes the rows the repositories write, commit for commit', async () => {
    const writes: DeskWrites[] = [];
    const store: Store = { ...a.store, commitDesk: (w, after) => (writes.push(w), a.store.commitDesk(w, after)) };
    const desk = await SpotDesk.open({ store, bus: createInProcessBus<DeskEvent>(), holder: 'h', leaseTtlMs: 60_000 });
    const users = [1_000_001, 1_000_002, 1_000_003, 1_000_004];
    await Promise.all(users.flatMap((user) => [
      desk.adjust({ user, asset: 'USDT', amount: '100000', action: 'credit', memo: 'test' }),
      desk.adjust({ user, asset: 'BTC', amount: '2', action: 'credit', memo: 'test' }),
    ]));
    // Orders that rest, trade in part and in full, a cancel, a market order, a transfer (not combinable) among them.
    const placed = [];
    for (let group = 0; group < 4; group++) {
      placed.push(...(await Promise.all([...Array(10).keys()].map((k) => {
        const i = group * 10 + k;
        return desk.place({ type: 'limit', user: users[i % 4]!, symbol: 'BTCUSDT', side: i % 2 === 0 ? 'buy' : 'sell', price: String(50_000 + (i % 5) * 10), qty: '0.01' });
      }))));
    }
    const resting = placed.map((r) => (r.ok ? r.value.order : null)).find((o) => o !== null && o.status === 'new');
    if (resting) await desk.cancel({ user: resting.user, orderId: resting.orderId });
    await desk.place({ type: 'market', user: users[0]!, symbol: 'BTCUSDT', side: 'sell', reference: '50000', by: 'base', qty: '0.05' });
    await desk.transferOut({ user: users[1]!, asset: 'USDT', amount: '10', to: 'contract', clientId: 't-1' });
    await desk.close();
    expect(writes.filter(combinable).length).toBeGreaterThan(3);
    expect(writes.some((w) => !combinable(w))).toBe(true);
    // The same commits through the repositories, one statement at a time, on the other store.
    await b.store.leases.acquire('coin', 'h', writes[0]!.lease.now, 60_000);
    for (const w of writes) await b.store.transaction((repos) => writeDeskRepos(repos, w));
    const [left, right] = [await rows(a.store), await rows(b.store)];
    expect(left['spot_trades']!.length).toBeGreaterThan(5);
    expect(left['balances']!.length).toBe(8);
    expect(left).toEqual(right);
  });

  it("writes a perp desk's rows as the repositories do: transfers in, trades into positions, a liquidation, marks", async () => {
    const w = await openWorld('postgres');
    try {
      const writes: DeskWrites[] = [];
      await w.restart({ store: { ...w.store, commitDesk: (x, after) => (writes.push(x), w.store.commitDesk(x, after)) } });
      const E8 = 100_000_000n;
      for (const u of [U1, U2, U3]) {
        await w.credit(u, 'USDT', '10000');
        value(await w.desks.transfers.transfer({ user: u, asset: 'USDT', amount: '5000', from: 'coin', to: 'contract' }));
      }
      value(await w.desks.perp.mark({ symbol: 'BTCUSDT', mark: 50_000n * E8, index: 50_000n * E8, fundingRate: null }));
      value(await w.desks.perp.setMarginMode({ user: U1, symbol: 'BTCUSDT', mode: 'isolated' }));
      value(await w.desks.perp.setLeverage({ user: U1, symbol: 'BTCUSDT', leverage: 20 }));
      value(await w.desks.perp.place({ user: U2, symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '50000', qty: '0.5', clientOrderId: 'ask-1' }));
      await Promise.all([
        w.desks.perp.place({ user: U1, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', qty: '0.2' }),
        w.desks.perp.place({ user: U3, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '49000', qty: '0.3' }),
      ]);
      // The mark falls through U1's isolated long's liquidation price: the desk closes it at the book.
      value(await w.desks.perp.mark({ symbol: 'BTCUSDT', mark: 47_000n * E8, index: 47_000n * E8, fundingRate: null }));
      value(await w.desks.perp.mark({ symbol: 'BTCUSDT', mark: 49_500n * E8, index: 49_500n * E8, fundingRate: null }));
      await w.check();
      const perp = writes.filter((x) => x.perp !== null);
      expect(perp.filter(combinable).length).toBeGreaterThan(2);
      expect(writes.some((x) => !combinable(x))).toBe(true);
      const liquidations = await sql<{ n: number }>`select count(*)::int as n from perp_liquidations`.execute(w.store.db);
      expect(liquidations.rows[0]!.n).toBeGreaterThan(0);
      for (const desk of new Set(writes.map((x) => x.lease))) await b.store.leases.acquire(desk.desk, desk.holder, desk.now, 60_000);
      for (const x of writes) await b.store.transaction((repos) => writeDeskRepos(repos, x));
      const [left, right] = [await rows(w.store), await rows(b.store)];
      expect(left['perp_trades']!.length).toBeGreaterThan(1);
      expect(left).toEqual(right);
    } finally {
      await w.dispose();
    }
  });

  const commit = (over: Partial<DeskWrites> = {}, seq = 1): DeskWrites => ({
    lease: { desk: 'coin', holder: 'h', now: NOW, ttlMs: 60_000 },
    ledger: {
      desk: 'coin', now: NOW,
      entries: [{ seq, reason: 'admin.credit', ref: `admin:t#${seq}`, time: NOW, lines: [
        { account: 'system:external', asset: 'USDT', amount: -5n },
        { account: 'user:7:coin:available', asset: 'USDT', amount: 5n },
      ] }],
      balances: [{ user: 7, wallet: 'coin', asset: 'USDT', available: 5n, frozen: 0n }],
      system: [{ account: 'system:external', asset: 'USDT', amount: -5n }],
    },
    records: [], transfersOut: [], transfersIn: [], spot: null, perp: null, log: { desk: 'coin', seq: 3 },
    ...over,
  });
  const written = async () => ({
    entries: (await sql<{ n: number }>`select count(*)::int as n from ledger_entries`.execute(a.store.db)).rows[0]!.n,
    balances: await a.store.ledger.walletBalances('coin'),
    position: await a.store.leases.logPosition('coin'),
  });

  it('runs as two named statements, and writes nothing when the lease is lost or a balance would start negative', async () => {
    await a.store.leases.acquire('coin', 'h', NOW, 60_000);
    const named = await a.store.db.transaction().execute(async (trx) => {
      await writeDeskPg(trx, a.store, commit());
      return (await sql<{ statement: string }>`select statement from pg_prepared_statements where statement like 'with %'`.execute(trx)).rows.length;
    });
    expect(named).toBe(2);
    expect(await written()).toEqual({ entries: 1, balances: [{ user: 7, wallet: 'coin', asset: 'USDT', available: 5n, frozen: 0n }], position: 3 });
    const before = await written();
    await expect(a.store.commitDesk(commit({ lease: { desk: 'coin', holder: 'someone else', now: NOW, ttlMs: 60_000 }, log: { desk: 'coin', seq: 4 } }, 2)))
      .rejects.toThrow(LeaseLostError);
    const negative = commit({ log: { desk: 'coin', seq: 5 } }, 3);
    const refused: DeskWrites = { ...negative, ledger: { ...negative.ledger, balances: [
      { user: 7, wallet: 'coin', asset: 'USDT', available: -1n, frozen: 1n },
      { user: 8, wallet: 'coin', asset: 'USDT', available: -1n, frozen: 0n },
    ] } };
    await expect(a.store.commitDesk(refused)).rejects.toThrow();
    expect(await written()).toEqual(before);
    await expect(a.store.commitDesk(commit({ log: { desk: 'coin', seq: 6 } }, 4), Promise.resolve(false))).rejects.toThrow(EarlierCommitFailedError);
    expect(await written()).toEqual(before);
  });
});
