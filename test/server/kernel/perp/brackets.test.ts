import { describe, expect, it } from 'vitest';
import {
  BTC_BRACKETS_2024,
  bracketFor,
  defineBrackets,
  maintenanceMargin,
  maxLeverageFor,
  maxNotionalFor,
  type BracketSpec,
  type Brackets,
} from '../../../../server/contract/perp-math/brackets.ts';
import { divCeil, E8, notionalOf, parseRate, rate } from '../../../../server/kernel/perp/units.ts';
import { mulberry32 } from '../../../tools/random.ts';
import { BTC_2020, BTC_2023, ETH_2020, randBig, show, u } from './fixtures.ts';

const BTC24 = defineBrackets(BTC_BRACKETS_2024);
const BTC20 = defineBrackets(BTC_2020);
const BTC23 = defineBrackets(BTC_2023);
const ETH20 = defineBrackets(ETH_2020);
const ALL: Array<[string, Brackets]> = [['2024', BTC24], ['2020', BTC20], ['2023', BTC23], ['eth', ETH20]];

const cums = (b: Brackets): string[] => b.map((x) => show(x.cum, 0));

/** The tax-bracket view (§1): Σ over slices of (slice width × slice rate), exact, then rounded up. */
function mmBySlices(brackets: Brackets, notional: bigint): bigint {
  let scaled = 0n;
  brackets.forEach((b, i) => {
    const top = i === brackets.length - 1 || notional < b.cap ? notional : b.cap;
    if (top > b.floor) scaled += (top - b.floor) * b.mmr;
  });
  return divCeil(scaled, E8);
}

describe('brackets: cum', () => {
  it('reproduces the cum column of the 2024 BTCUSDT table (§10 (a))', () => {
    expect(cums(BTC24)).toEqual(
      ['0', '50', '950', '11450', '131450', '481450', '2981450', '14481450', '26481450', '41481450', '121481450', '421481450'],
    );
    expect(BTC24.map((b) => b.bracket)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('reproduces the 2020 table (e): level-3 amount = 250,000 × (1% − 0.5%) + 50 = 1,300 (Binance example [LIQ])', () => {
    expect(BTC20[2]!.cum).toBe(u('1300'));
    expect(cums(BTC20)).toEqual(['0', '50', '1300', '16300', '141300', '641300', '1141300', '2016300', '7016300']);
  });

  it('reproduces the 2023 table (c) and the ETH tier cum 135,365 of the [LIQ] example', () => {
    expect(cums(BTC23)).toEqual(['0', '50', '1300', '46300', '546300', '2546300', '5046300', '8046300', '28046300', '103046300']);
    const eth = bracketFor(ETH20, u('4918775.081'));
    expect([eth.floor, eth.cap, eth.mmr, eth.cum]).toEqual([u('2000000'), u('5000000'), parseRate('0.10'), u('135365')]);
  });
});

describe('brackets: maintenance margin', () => {
  it('puts a 264,000 USDT BTCUSDT position in the 1 % bracket; 500,000 has amount 1,300 (Binance example [LIQ])', () => {
    expect(bracketFor(BTC20, u('264000')).mmr).toBe(parseRate('0.01'));
    expect(bracketFor(BTC20, u('500000')).cum).toBe(u('1300'));
  });

  it('MM of BTCUSDT = 3,500,032.458 × 2.5 % − 16,300 = 71,200.811 (Binance example [LIQ])', () => {
    expect(show(maintenanceMargin(BTC20, u('3500032.458')), 3)).toBe('71200.811');
    expect(maintenanceMargin(BTC20, u('3500032.458'))).toBe(u('71200.81145'));
    // from the position: 109.488 BTC at mark 31,967.27
    expect(show(maintenanceMargin(BTC20, notionalOf(u('109.488'), u('31967.27'), 'ceil')), 3)).toBe('71200.811');
  });

  it('MM of ETHUSDT = 4,918,775.081 × 10 % − 135,365 = 356,512.508 (Binance example [LIQ])', () => {
    expect(maintenanceMargin(ETH20, u('4918775.081'))).toBe(u('356512.5081'));
    expect(show(maintenanceMargin(ETH20, notionalOf(u('3683.979'), u('1335.18'), 'ceil')), 3)).toBe('356512.508');
  });

  it('agrees with the slice sums of §1: 500,000 → 2,450 and 150,000,000 → 4,518,550 (2024 table); not ccxt’s 2,500', () => {
    expect(maintenanceMargin(BTC24, u('500000'))).toBe(u('2450'));
    expect(mmBySlices(BTC24, u('500000'))).toBe(u('2450'));
    expect(maintenanceMargin(BTC24, u('150000000'))).toBe(u('4518550'));
    expect(mmBySlices(BTC24, u('150000000'))).toBe(u('4518550'));
    const ccxt = (u('500000') * bracketFor(BTC24, u('500000')).mmr) / E8; // mmr × |N| without cum
    expect(ccxt).toBe(u('2500'));
  });

  it('uses |N| for shorts', () => {
    expect(maintenanceMargin(BTC24, -u('500000'))).toBe(u('2450'));
  });

  it('property: MM equals the sum over slices (tax-bracket view) for many notionals (seeded)', () => {
    const rng = mulberry32(1);
    for (const [name, table] of ALL) {
      const top = table.at(-1)!.cap * 2n;
      for (let i = 0; i < 1_500; i++) {
        // half uniform over the table, half near small sizes where most positions live
        const n = i % 2 === 0 ? randBig(rng, 0n, top) : randBig(rng, 0n, u('5000000'));
        expect(maintenanceMargin(table, n), `${name} ${n}`).toBe(mmBySlices(table, n));
      }
    }
  });

  it('property: MM is continuous and non-decreasing across every bracket edge', () => {
    for (const [name, table] of ALL) {
      for (const b of table.slice(1)) {
        const prev = table[b.bracket - 2]!;
        const e = b.floor;
        // the same edge priced with either bracket gives the same MM (BTC 2024: 50,000 × 0.4 % − 0 = 50,000 × 0.5 % − 50 = 200)
        expect((e * prev.mmr) / E8 - prev.cum, `${name} edge ${e}`).toBe((e * b.mmr) / E8 - b.cum);
        const below = maintenanceMargin(table, e - 1n);
        const at = maintenanceMargin(table, e);
        const above = maintenanceMargin(table, e + 1n);
        expect(below <= at && at <= above && above - below <= 2n, `${name} edge ${e}`).toBe(true);
      }
    }
    expect(maintenanceMargin(BTC24, u('50000'))).toBe(u('200'));
  });
});

describe('brackets: lookup and leverage', () => {
  it('treats the floor as inclusive and holds the last bracket past its cap', () => {
    expect(bracketFor(BTC24, u('49999.99999999')).bracket).toBe(1);
    expect(bracketFor(BTC24, u('50000')).bracket).toBe(2);
    expect(bracketFor(BTC24, 0n).bracket).toBe(1);
    expect(bracketFor(BTC24, u('5000000000')).bracket).toBe(12);
  });

  it('caps notional per leverage with the cap inclusive (§1 (a))', () => {
    expect(maxNotionalFor(BTC24, 125)).toBe(u('50000'));
    expect(maxNotionalFor(BTC24, 101)).toBe(u('50000'));
    expect(maxNotionalFor(BTC24, 100)).toBe(u('600000'));
    expect(maxNotionalFor(BTC24, 20)).toBe(u('100000000'));
    expect(maxNotionalFor(BTC24, 1)).toBe(u('1800000000'));
    expect(maxNotionalFor(BTC24, 126)).toBeUndefined();
    expect(maxLeverageFor(BTC24, u('50000'))).toBe(125);
    expect(maxLeverageFor(BTC24, u('50000.00000001'))).toBe(100);
    expect(maxLeverageFor(BTC24, -u('600000'))).toBe(100);
    expect(maxLeverageFor(BTC24, u('1800000000.00000001'))).toBeUndefined();
  });

  it('property: maxNotionalFor(maxLeverageFor(N)) ≥ N, and one more leverage would not fit', () => {
    const rng = mulberry32(2);
    for (let i = 0; i < 1_000; i++) {
      const n = randBig(rng, 0n, u('1800000000'));
      const l = maxLeverageFor(BTC24, n)!;
      expect(maxNotionalFor(BTC24, l)! >= n).toBe(true);
      const more = maxNotionalFor(BTC24, l + 1);
      expect(more === undefined || more < n).toBe(true);
    }
  });

  it('rejects malformed tables', () => {
    const ok: BracketSpec[] = [
      { floor: 0n, cap: u('100'), maxLeverage: 50, mmr: parseRate('0.01') },
      { floor: u('100'), cap: u('200'), maxLeverage: 20, mmr: parseRate('0.02') },
    ];
    expect(defineBrackets(ok)[1]!.cum).toBe(u('1'));
    const bad = (patch: Partial<BracketSpec>, at = 1): BracketSpec[] => ok.map((b, i) => (i === at ? { ...b, ...patch } : b));
    expect(() => defineBrackets([])).toThrow(/empty/);
    expect(() => defineBrackets(bad({ floor: 1n }, 0))).toThrow(/first floor/);
    expect(() => defineBrackets(bad({ floor: u('101') }))).toThrow(/previous cap/);
    expect(() => defineBrackets(bad({ mmr: parseRate('0.01') }))).toThrow(/mmr must increase/);
    expect(() => defineBrackets(bad({ maxLeverage: 75 }))).toThrow(/must not increase/);
    expect(() => defineBrackets(bad({ maxLeverage: 2.5 }))).toThrow(/integer/);
    expect(() => defineBrackets(bad({ maxLeverage: 0 }))).toThrow(/integer/);
    expect(() => defineBrackets(bad({ cap: u('100') }))).toThrow(/cap must exceed/);
    expect(() => defineBrackets(bad({ mmr: rate(E8) }))).toThrow(/100 %/);
    expect(() => defineBrackets(bad({ floor: 1n }, 1).map((b, i) => (i === 0 ? { ...b, cap: 1n } : b)))).toThrow(/whole number/);
  });
});
