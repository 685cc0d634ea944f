// A desks world (../desks/world.ts) with an invitation tree and real trading fees: A invited B and E, B invited C
// (so A is C's level 2), M trades against them and was invited by nobody. Spot trades (fees in BTC and USDT),
// perpetual trades (USDT) and seconds contracts (USDT, one refunded), each by the real desks, with the clock moved
// by hand; `expectedPayments` recomputes what each inviter is owed from the fee records, independently of the code
// under test (a plain loop over the records, day by day).
import { expect } from 'vitest';
import { runCommissions, type RunReport } from '../../../server/accounts/invite/commission.ts';
import { startPriceRecord, type PriceRecord } from '../../../server/jobs/price-record.ts';
import { openWorld, value, type World } from '../desks/world.ts';
import type { DialectName } from '../dialects.ts';

export const A = 10_000_001;
export const B = 10_000_002;
export const C = 10_000_003;
export const M = 10_000_004;
export const E = 10_000_005;
export const DAY = 86_400_000;
const E8 = 100_000_000n;

export interface InviteWorld {
  readonly w: World;
  /** Moves the clock (in record ticks, so seconds contracts open and settle on the way). */
  pass(ms: number): Promise<void>;
  /** Moves the clock to `hh:mm` UTC of the next day (ticking). */
  nextDay(hour?: number): Promise<void>;
  spotFees(): Promise<void>;
  perpFees(): Promise<void>;
  /** C's contract (fee kept) and B's (refunded: no price comes within the wait). */
  secondsFees(): Promise<void>;
  run(): Promise<RunReport>;
  dispose(): Promise<void>;
}

export async function openInviteWorld(dialect: DialectName): Promise<InviteWorld> {
  const w = await openWorld(dialect);
  const now = w.clock.now();
  const referrer: Record<number, number | null> = { [A]: null, [B]: A, [C]: B, [M]: null, [E]: A };
  for (const id of [A, B, C, M, E]) {
    const got = await w.store.users.insert({
      email: `u${id}@example.com`, phone: null, password_hash: 'x', fund_password_hash: null, nickname: `u${id}`, invite_code: `CODE${id}`,
      referrer_id: referrer[id] ?? null, real_name_status: 'none', credit_score: 100, frozen: 0, has_recharge: 0, created_at: now, updated_at: now,
    });
    expect(got).toBe(id);
  }
  const price = new Map<string, bigint>([['BTCUSDT', 50_000n * E8], ['ETHUSDT', 3_000n * E8]]);
  const record: PriceRecord = await startPriceRecord({
    store: w.store, clock: w.clock.now, markets: ['BTCUSDT', 'ETHUSDT'], timer: false, onError: (e) => { throw e; },
    sources: (m) => [{ name: 'ext', price: price.get(m) ?? null, weight: 1n, updatedAt: w.clock.now() }],
  });
  record.onAppend(() => w.desks.seconds.kick());
  w.desks.seconds.attachRecord(record);
  await record.tick();
  await w.desks.seconds.seedDefaults(['BTCUSDT', 'ETHUSDT']);
  value(await w.desks.seconds.fundHouse({ action: 'credit', amount: '1000000', memo: 'test-house', requestId: 'house-0001' }));
  for (const u of [B, C, M, E]) {
    await w.credit(u, 'USDT', '200000');
    await w.credit(u, 'BTC', '10');
    await w.credit(u, 'USDT', '10000', 'seconds');
    value(await w.desks.transfers.transfer({ user: u, asset: 'USDT', amount: '20000', from: 'coin', to: 'contract' }));
  }
  value(await w.desks.perp.mark({ symbol: 'BTCUSDT', mark: 50_000n * E8, index: 50_000n * E8, fundingRate: null }));

  const pass = async (ms: number) => {
    for (let left = ms; left > 0; left -= 1000) {
      w.clock.advance(Math.min(1000, left));
      await record.tick();
    }
    await w.desks.seconds.runDue();
  };
  const spot = (user: number, side: 'buy' | 'sell', p: string, qty: string) =>
    w.desks.spot.place({ type: 'limit', user, symbol: 'BTCUSDT', side, price: p, qty });
  const perp = (user: number, side: 'buy' | 'sell', p: string, qty: string) =>
    w.desks.perp.place({ user, symbol: 'BTCUSDT', side, type: 'limit', price: p, qty });

  return {
    w,
    pass,
    async nextDay(hour = 1) {
      const t = w.clock.now();
      const target = Math.floor(t / DAY) * DAY + DAY + hour * 3_600_000;
      // Big steps first (no contracts are open across days here), then the last minute in record ticks.
      w.clock.advance(target - t - 60_000);
      await pass(60_000);
    },
    async spotFees() {
      value(await spot(M, 'sell', '60000', '0.3'));
      value(await spot(B, 'buy', '60000', '0.1')); // B pays 0.0001 BTC (taker), M 6 USDT
      value(await spot(E, 'buy', '60000', '0.2')); // E pays 0.0002 BTC
      value(await spot(M, 'buy', '59000', '0.05'));
      value(await spot(C, 'sell', '59000', '0.05')); // C pays 2.95 USDT
    },
    async perpFees() {
      value(await perp(C, 'sell', '50000', '0.1'));
      value(await perp(B, 'buy', '50000', '0.1')); // both pay a fee in USDT (maker C, taker B)
      value(await perp(B, 'sell', '50000', '0.1'));
      value(await perp(C, 'buy', '50000', '0.1')); // both close: close fees
    },
    async secondsFees() {
      value(await w.desks.seconds.place({ user: C, market: 'BTCUSDT', direction: 'up', durationS: 60, amount: '1234' }));
      price.delete('ETHUSDT');
      value(await w.desks.seconds.place({ user: B, market: 'ETHUSDT', direction: 'down', durationS: 60, amount: '2000' }));
      await pass(70_000); // C's settles; B's is refunded (no ETHUSDT entry within the wait), fee and all
      price.set('ETHUSDT', 3_000n * E8);
    },
    run: () => runCommissions({ store: w.store, clock: w.clock.now, pay: (r) => w.desks.spot.payCommission(r) }),
    async dispose() {
      await record.stop();
      await w.dispose();
    },
  };
}

const FEE_TYPES = new Set(['fee', 'open_long_fee', 'open_short_fee', 'close_long_fee', 'close_short_fee', 'seconds_fee']);

/** What is owed per `day:user:level:asset` (minor units), from every invitee's fee records, at the given rates (ppm) per day. */
export async function expectedPayments(w: World, rates: (day: number) => [number, number]): Promise<Map<string, bigint>> {
  const parents = new Map<number, number>([[B, A], [C, B], [E, A]]);
  const sums = new Map<string, bigint>();
  for (const user of parents.keys()) {
    const records = (await w.store.records.page({ user }, 0, 10_000)).rows;
    for (const r of records) {
      if (!FEE_TYPES.has(r.type)) continue;
      const day = Math.floor(r.time / DAY) * DAY;
      const d = new Date(day).toISOString().slice(0, 10);
      const [r1, r2] = rates(day);
      const l1 = parents.get(user)!;
      const l2 = parents.get(l1);
      const add = (to: number, level: number, amount: bigint) => {
        const key = `${d}:${to}:${level}:${r.asset}`;
        sums.set(key, (sums.get(key) ?? 0n) + amount);
      };
      add(l1, 1, (-r.amount * BigInt(r1)) / 1_000_000n);
      if (l2 !== undefined) add(l2, 2, (-r.amount * BigInt(r2)) / 1_000_000n);
    }
  }
  for (const [k, v] of sums) if (v <= 0n) sums.delete(k);
  return sums;
}

/** Every journalled commission payment as `day:user:level:asset` → amount; fails on a reference paid twice. */
export async function journalled(w: World): Promise<Map<string, bigint>> {
  const out = new Map<string, bigint>();
  for (const p of await w.store.invites.payments('invite:')) {
    const key = p.ref.slice('invite:'.length);
    expect(out.has(key), `${p.ref} paid twice`).toBe(false);
    out.set(key, p.amount);
  }
  return out;
}
