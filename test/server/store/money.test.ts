// Money columns on both dialects: exact bigints past 2^53 in and out, timestamps still plain numbers, balance
// deltas applied to existing rows, and the database refusing a negative user balance.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { toAmount } from '../../../server/store/money.ts';
import { describeDialects, openStore, type TestStore } from '../dialects.ts';

const BIG = 2n ** 53n + 1n; // the first integer a double can't hold
const MAX = 2n ** 63n - 1n;
const LATER = 4_102_444_800_000; // 2100-01-01

describeDialects('money columns', (dialect) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await openStore(dialect);
  });
  afterEach(async () => t.dispose());

  const entry = (seq: number, amount: bigint) => ({
    seq,
    reason: 'test',
    ref: `t:${seq}`,
    time: LATER,
    lines: [
      { account: 'system:external', asset: 'USDT', amount: -amount },
      { account: 'user:10000001:coin:available', asset: 'USDT', amount },
    ],
  });

  it('round-trips amounts above 2^53 exactly as bigint, and keeps timestamps as numbers', async () => {
    await t.store.ledger.write({
      desk: 'coin',
      now: LATER,
      entries: [entry(1, BIG)],
      balances: [{ user: 10_000_001, wallet: 'coin', asset: 'USDT', available: BIG, frozen: MAX - BIG }],
      system: [{ account: 'system:external', asset: 'USDT', amount: -MAX }],
    });
    const e = await t.store.ledger.entry('coin', 1);
    expect(e?.lines.map((l) => l.amount)).toEqual([-BIG, BIG]);
    expect(e?.time).toBe(LATER);
    expect(await t.store.ledger.userBalances(10_000_001)).toEqual([{ user: 10_000_001, wallet: 'coin', asset: 'USDT', available: BIG, frozen: MAX - BIG }]);
    expect(await t.store.ledger.systemBalances()).toEqual([{ account: 'system:external', asset: 'USDT', amount: -MAX }]);
    expect(await t.store.ledger.journalTotals()).toEqual([
      { account: 'system:external', asset: 'USDT', amount: -BIG },
      { account: 'user:10000001:coin:available', asset: 'USDT', amount: BIG },
    ]);
  });

  it('adds deltas to existing balances, including negative ones', async () => {
    const write = (available: bigint, frozen: bigint) =>
      t.store.ledger.write({ desk: 'coin', now: LATER, entries: [], balances: [{ user: 10_000_001, wallet: 'coin', asset: 'BTC', available, frozen }], system: [] });
    await write(BIG, 0n);
    await write(-BIG + 5n, BIG - 5n);
    expect(await t.store.ledger.userBalances(10_000_001)).toMatchObject([{ available: 5n, frozen: BIG - 5n }]);
  });

  it('refuses a negative user balance in the database itself, changing nothing', async () => {
    const b = { user: 10_000_001, wallet: 'coin', asset: 'BTC', frozen: 0n };
    await t.store.ledger.write({ desk: 'coin', now: LATER, entries: [], balances: [{ ...b, available: 10n }], system: [] });
    await expect(
      t.store.transaction((repos) => repos.ledger.write({ desk: 'coin', now: LATER, entries: [entry(1, 1n)], balances: [{ ...b, available: -11n }], system: [] })),
    ).rejects.toThrow();
    expect(await t.store.ledger.userBalances(10_000_001)).toMatchObject([{ available: 10n }]);
    expect(await t.store.ledger.entry('coin', 1)).toBeUndefined();
  });

  it('adds one batch of deltas to balances that exist and balances seen for the first time, 1,200 at once', async () => {
    const user = (i: number) => 10_000_001 + i;
    const first = [...Array(600).keys()].map((i) => ({ user: user(i), wallet: 'coin', asset: 'USDT', available: BigInt(i + 1), frozen: 0n }));
    await t.store.ledger.write({ desk: 'coin', now: LATER, entries: [], balances: first, system: [] });
    // The same 600 moved (half of each to frozen, the last past 2^53) and 600 new ones, interleaved.
    const mixed = [...Array(600).keys()].flatMap((i) => [
      { user: user(i), wallet: 'coin', asset: 'USDT', available: -BigInt(i + 1) + (i === 599 ? BIG : 0n), frozen: BigInt(i + 1) },
      { user: user(i), wallet: 'coin', asset: 'BTC', available: 7n, frozen: 0n },
    ]);
    await t.store.ledger.write({ desk: 'coin', now: LATER + 1, entries: [], balances: mixed, system: [] });
    const rows = await t.store.ledger.walletBalances('coin');
    expect(rows).toHaveLength(1_200);
    const of = (i: number, asset: string) => rows.find((r) => r.user === user(i) && r.asset === asset);
    expect(of(0, 'USDT')).toMatchObject({ available: 0n, frozen: 1n });
    expect(of(599, 'USDT')).toMatchObject({ available: BIG, frozen: 600n });
    expect(of(300, 'BTC')).toMatchObject({ available: 7n, frozen: 0n });
  });

  it('refuses a first balance that would start negative, with the batch around it', async () => {
    const b = { user: 10_000_001, wallet: 'coin', asset: 'BTC', frozen: 0n };
    await t.store.ledger.write({ desk: 'coin', now: LATER, entries: [], balances: [{ ...b, available: 10n }], system: [] });
    await expect(
      t.store.transaction((repos) =>
        repos.ledger.write({ desk: 'coin', now: LATER, entries: [entry(1, 1n)], balances: [{ ...b, available: -3n }, { ...b, user: 10_000_002, available: -1n }], system: [] }),
      ),
    ).rejects.toThrow();
    expect(await t.store.ledger.walletBalances('coin')).toMatchObject([{ user: 10_000_001, available: 10n }]);
    expect(await t.store.ledger.entry('coin', 1)).toBeUndefined();
  });

  it('reads the seeded market rules exactly (max notional is past 2^53)', async () => {
    const btc = await t.store.markets.config('BTCUSDT');
    expect(btc).toMatchObject({ tickSize: 1_000_000n, lotSize: 1_000n, minNotional: 500_000_000n, maxNotional: 10n ** 16n, priceBandBps: 500, isOpen: 0 });
    expect((await t.store.markets.configs('spot')).map((m) => m.symbol)).toHaveLength(12);
  });

  it('parses only integer text', () => {
    expect(toAmount('-9223372036854775808')).toBe(-(2n ** 63n));
    expect(toAmount(null)).toBe(0n);
    expect(() => toAmount('1.5')).toThrow(RangeError);
  });
});
