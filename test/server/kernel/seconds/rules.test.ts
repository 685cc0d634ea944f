// The seconds contracts' pure rules: the table's bounds, the stake's bounds (the spec's and the row's, the tighter
// of each), and the house's exposure: what each contract adds per direction, netting between directions, and the
// house's requirement as the sum of every market's worse direction.
import { describe, expect, it } from 'vitest';
import { checkStake, E8, Exposure, exposureOf, SPEC_MAX, SPEC_MIN, termsProblem } from '../../../../server/kernel/seconds/index.ts';

const usdt = (n: number) => BigInt(n) * E8;
const terms = { payoutRatio: 80_000_000n, lossRatio: E8, minAmount: SPEC_MIN, maxAmount: SPEC_MAX, feeRate: 100_000n };

describe('seconds rules', () => {
  it('accepts the demo row and refuses rows outside the bounds', () => {
    expect(termsProblem(terms)).toBeNull();
    expect(termsProblem({ ...terms, payoutRatio: 0n })).toMatch(/payout/);
    expect(termsProblem({ ...terms, lossRatio: E8 + 1n })).toMatch(/loss/);
    expect(termsProblem({ ...terms, minAmount: usdt(999) })).toMatch(/minimum/);
    expect(termsProblem({ ...terms, maxAmount: SPEC_MAX + 1n })).toMatch(/maximum/);
    expect(termsProblem({ ...terms, minAmount: usdt(5000), maxAmount: usdt(4000) })).toMatch(/exceed/);
    expect(termsProblem({ ...terms, feeRate: E8 / 10n + 1n })).toMatch(/fee/);
  });

  it('bounds the stake by the spec and by the row, naming the bound', () => {
    expect(checkStake(usdt(1000), terms)).toEqual({ ok: true });
    expect(checkStake(usdt(1000) - 1n, terms)).toEqual({ ok: false, code: 'seconds.amount.below.min', bound: usdt(1000) });
    expect(checkStake(usdt(9_999_999) + 1n, terms)).toEqual({ ok: false, code: 'seconds.amount.above.max', bound: usdt(9_999_999) });
    expect(checkStake(usdt(2000), { minAmount: usdt(2500), maxAmount: usdt(5000) })).toEqual({ ok: false, code: 'seconds.amount.below.min', bound: usdt(2500) });
    expect(checkStake(usdt(6000), { minAmount: usdt(2500), maxAmount: usdt(5000) })).toEqual({ ok: false, code: 'seconds.amount.above.max', bound: usdt(5000) });
  });

  it('counts a contract as the win the house would pay one way and the loss it would take the other', () => {
    expect(exposureOf('up', usdt(1000), 80_000_000n, E8)).toEqual({ up: usdt(800), down: -usdt(1000) });
    expect(exposureOf('down', usdt(1000), 85_000_000n, 90_000_000n)).toEqual({ up: -usdt(900), down: usdt(850) });
    // Rounding on the house's side: the win down, the loss taken up (as payoutOf does).
    expect(exposureOf('up', 3n, 50_000_000n, 50_000_000n)).toEqual({ up: 1n, down: -2n });
  });

  it('nets directions within a market and sums markets by their worse direction', () => {
    const e = new Exposure();
    e.apply('BTCUSDT', exposureOf('up', usdt(5000), 80_000_000n, E8));
    expect([e.of('BTCUSDT', 'up'), e.of('BTCUSDT', 'down'), e.required]).toEqual([usdt(4000), -usdt(5000), usdt(4000)]);
    e.apply('BTCUSDT', exposureOf('down', usdt(2000), 80_000_000n, E8));
    expect([e.of('BTCUSDT', 'up'), e.required]).toEqual([usdt(2000), usdt(2000)]);
    e.apply('ETHUSDT', exposureOf('down', usdt(1000), 80_000_000n, E8));
    expect(e.required).toBe(usdt(2800));
    const preview = e.preview('ETHUSDT', exposureOf('up', usdt(1000), 80_000_000n, E8));
    expect(preview).toEqual({ up: -usdt(200), down: -usdt(200), required: usdt(2000) });
    expect(e.required).toBe(usdt(2800)); // a preview changes nothing
    e.apply('BTCUSDT', exposureOf('up', usdt(5000), 80_000_000n, E8), -1n);
    e.apply('BTCUSDT', exposureOf('down', usdt(2000), 80_000_000n, E8), -1n);
    expect([e.of('BTCUSDT', 'up'), e.of('BTCUSDT', 'down'), e.required]).toEqual([0n, 0n, usdt(800)]);
  });
});
