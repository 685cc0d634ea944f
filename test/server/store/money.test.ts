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
