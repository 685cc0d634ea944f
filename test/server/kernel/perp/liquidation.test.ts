import { describe, expect, it } from 'vitest';
import { BTC_BRACKETS_2024, bracketFor, defineBrackets, maintenanceMargin, type Brackets } from '../../../../server/contract/perp-math/brackets.ts';
import { bankruptcyPrice, isLiquidatable, liquidationPoint, liquidationPrice } from '../../../../server/contract/perp-math/liquidation.ts';
import { positionMaintenance, unrealizedPnl } from '../../../../server/contract/perp-math/margin.ts';
import { E8, mulDiv, notionalOf, parseRate } from '../../../../server/kernel/perp/units.ts';
import { mulberry32 } from '../../../tools/random.ts';
import { BTC_2020, ETH_2020, randBig, randMagnitude, show, u } from './fixtures.ts';

const BTC24 = defineBrackets(BTC_BRACKETS_2024);
const BTC20 = defineBrackets(BTC_2020);
const ETH20 = defineBrackets(ETH_2020);

/** §2's [LIQ] account. */
const WB = u('1535443.01');
const BTC = { size: u('109.488'), cost: notionalOf(u('109.488'), u('32481.98'), 'halfUp') };
const ETH = { size: u('3683.979'), cost: notionalOf(u('3683.979'), u('1456.84'), 'halfUp') };
const BTC_MARK = u('31967.27');
const ETH_MARK = u('1335.18');
const BTC_MM = positionMaintenance(BTC20, BTC.size, BTC_MARK);
const ETH_MM = positionMaintenance(ETH20, ETH.size, ETH_MARK);
const BTC_UPNL = unrealizedPnl(BTC, BTC_MARK);
const ETH_UPNL = unrealizedPnl(ETH, ETH_MARK);

const lp2 = (p: bigint | null): string | null => (p === null ? null : show(p, 2));

describe('liquidation price (§3)', () => {
  it('cross, one position: WB 500, long 0.02 BTC at 50,000 → 25,100.40 (Binance example 1 [AVOID])', () => {
    const point = liquidationPoint({ size: u('0.02'), cost: u('1000'), walletBalance: u('500'), brackets: BTC24 })!;
    expect(lp2(point.price)).toBe('25100.40');
    expect(point.bracket.bracket).toBe(1);
  });

  it('adding 1,000 USDT at 45,000 gives 35,668.99, not the page’s 35,857.67 (§3: not reproducible)', () => {
    const q2 = u('0.02222222');
    const pos = { size: u('0.02') + q2, cost: u('1000') + notionalOf(q2, u('45000'), 'halfUp') };
    expect(lp2(liquidationPrice({ ...pos, walletBalance: u('500'), brackets: BTC24 }))).toBe('35668.99');
  });

  it('cross BTC 26,316.89 and ETH 1,153.26 (Binance example 2 [LIQ] = [FT] test values)', () => {
    const btc = liquidationPoint({ ...BTC, walletBalance: WB, otherMaintenance: ETH_MM, otherUpnl: ETH_UPNL, brackets: BTC20 })!;
    const eth = liquidationPoint({ ...ETH, walletBalance: WB, otherMaintenance: BTC_MM, otherUpnl: BTC_UPNL, brackets: ETH20 })!;
    expect([lp2(btc.price), lp2(eth.price)]).toEqual(['26316.89', '1153.26']);
    // solved in the bracket of the notional at LP: BTC 2.5 % cum 16,300, ETH 10 % cum 135,365
    expect([btc.bracket.mmr, btc.bracket.cum]).toEqual([parseRate('0.025'), u('16300')]);
    expect([eth.bracket.mmr, eth.bracket.cum]).toEqual([parseRate('0.10'), u('135365')]);
    // the notes' rounded inputs give the same cents
    const notes = { walletBalance: WB, otherMaintenance: u('356512.508'), otherUpnl: u('-448192.885'), brackets: BTC20 };
    expect(lp2(liquidationPrice({ ...BTC, ...notes }))).toBe('26316.89');
    // the third-party copy's UPNL1 of −447,482.100 would give 26,310.23 (§3)
    expect(lp2(liquidationPrice({ ...BTC, ...notes, otherUpnl: u('-447482.100') }))).toBe('26310.23');
  });

  it('isolated with the same WB: BTC 18,778.73 and ETH 1,114.78 (Binance example 2 [LIQ])', () => {
    expect(lp2(liquidationPrice({ ...BTC, walletBalance: WB, brackets: BTC20 }))).toBe('18778.73');
    expect(lp2(liquidationPrice({ ...ETH, walletBalance: WB, brackets: ETH20 }))).toBe('1114.78');
  });

  it('∂LP/∂UPNL1 = 1/(Q×MMR − Q): 1,000 USDT more loss elsewhere raises the BTC LP by ≈ 9.37 (§3)', () => {
    const base = { ...BTC, walletBalance: WB, otherMaintenance: ETH_MM, brackets: BTC20 };
    const a = liquidationPrice({ ...base, otherUpnl: ETH_UPNL })!;
    const b = liquidationPrice({ ...base, otherUpnl: ETH_UPNL - u('1000') })!;
    expect(show(b - a, 2)).toBe('9.37');
  });

  it('returns null for a flat position or a long that cannot be liquidated, 0 for a short liquidatable at any price', () => {
    expect(liquidationPrice({ size: 0n, cost: 0n, walletBalance: u('1'), brackets: BTC24 })).toBeNull();
    expect(liquidationPrice({ size: u('0.02'), cost: u('1000'), walletBalance: u('1000'), brackets: BTC24 })).toBeNull();
    expect(liquidationPrice({ size: u('0.02'), cost: u('1000'), walletBalance: u('999.99999999'), brackets: BTC24 })).toBe(51n); // 10^-8 short of cover: LP = 10^-8 / (0.02 × 0.996) = 50.2 minor units, rounded up
    expect(liquidationPrice({ size: -u('0.02'), cost: u('1000'), walletBalance: -u('1000'), brackets: BTC24 })).toBe(0n);
    expect(liquidationPrice({ size: -u('0.02'), cost: u('1000'), walletBalance: u('5'), otherMaintenance: u('2000'), brackets: BTC24 })).toBe(0n);
  });
});

describe('bankruptcy price (§4)', () => {
  it('isolated long 0.02 @ 50,000, 20x, WB 50: LP 47,690.76, BP 47,500; at LP margin balance = MM = 3.815 (illustration)', () => {
    const pos = { size: u('0.02'), cost: u('1000'), walletBalance: u('50') };
    const lp = liquidationPrice({ ...pos, brackets: BTC24 })!;
    expect(lp2(lp)).toBe('47690.76');
    expect(bankruptcyPrice(pos)).toBe(u('47500'));
    expect(bankruptcyPrice(pos)).toBe(mulDiv(u('50000'), 19n, 20n, 'floor')); // EP × (1 − 1/L)
    const lpCents = u('47690.76');
    expect(show(u('50') + unrealizedPnl(pos, lpCents), 3)).toBe('3.815');
    expect(show(maintenanceMargin(BTC24, notionalOf(pos.size, lpCents, 'ceil')), 3)).toBe('3.815');
    // a 1.25 % clearance fee on 953.82 USDT would be 11.92 > 3.815: bankrupt on entering liquidation
    expect(show(mulDiv(notionalOf(pos.size, lpCents, 'floor'), parseRate('0.0125'), E8, 'halfUp'), 2)).toBe('11.92');
  });

  it('short mirror: LP 52,290.84, BP 52,500 = EP × (1 + 1/L) (illustration)', () => {
    const pos = { size: -u('0.02'), cost: u('1000'), walletBalance: u('50') };
    expect(lp2(liquidationPrice({ ...pos, brackets: BTC24 }))).toBe('52290.84');
    expect(bankruptcyPrice(pos)).toBe(u('52500'));
  });

  it('rounds a long BP up and a short BP down; null / 0 at the extremes', () => {
    expect(bankruptcyPrice({ size: u('3'), cost: u('100'), walletBalance: 0n })).toBe(u('33.33333334'));
    expect(bankruptcyPrice({ size: -u('3'), cost: u('100'), walletBalance: 0n })).toBe(u('33.33333333'));
    expect(bankruptcyPrice({ size: u('1'), cost: u('100'), walletBalance: u('100') })).toBeNull();
    expect(bankruptcyPrice({ size: -u('1'), cost: u('100'), walletBalance: -u('100') })).toBe(0n);
    expect(bankruptcyPrice({ size: 0n, cost: 0n, walletBalance: 0n })).toBeNull();
    // cross: other positions' UPnL counts (BP = EP − (WB + UPNL1) / (Side × Q))
    expect(bankruptcyPrice({ size: u('1'), cost: u('100'), walletBalance: u('10'), otherUpnl: -u('10') })).toBe(u('100'));
  });

  it('triggers when margin balance ≤ maintenance', () => {
    expect(isLiquidatable({ marginBalance: u('3.815'), maintenance: u('3.815') })).toBe(true);
    expect(isLiquidatable({ marginBalance: u('3.81500001'), maintenance: u('3.815') })).toBe(false);
    expect(isLiquidatable({ marginBalance: -1n, maintenance: 0n })).toBe(true);
  });
});

/** Exact f(P) × 10^16 = (margin balance − maintenance) at mark P, with no rounding anywhere (§3). */
function exactSlack(i: { size: bigint; cost: bigint; walletBalance: bigint; otherMaintenance: bigint; otherUpnl: bigint; brackets: Brackets }, p: bigint): bigint {
  const side = i.size > 0n ? 1n : -1n;
  const q = i.size * side;
  const b = bracketFor(i.brackets, notionalOf(q, p, 'floor'));
  const k = i.walletBalance - i.otherMaintenance + i.otherUpnl - side * i.cost;
  return (k + b.cum) * E8 * E8 + side * q * p * E8 - q * p * b.mmr;
}

describe('liquidation price against the exact check (property, seeded)', () => {
  it('one minor unit on the safe side is safe, one on the other side is liquidatable; the rounded engine check agrees up to 2 minor units', () => {
    const rng = mulberry32(6);
    let solved = 0;
    for (let n = 0; n < 3_000; n++) {
      const brackets = rng() < 0.5 ? BTC24 : BTC20;
      const q = randMagnitude(rng, 3, 11); // 0.00001 … 1,000 coins
      const side = rng() < 0.5 ? 1n : -1n;
      const cost = notionalOf(q, randMagnitude(rng, 8, 13), 'halfUp');
      const cross = rng() < 0.5;
      const i = {
        size: side * q,
        cost,
        walletBalance: randBig(rng, cost / 200n, cost) + 1n,
        otherMaintenance: cross ? randBig(rng, 0n, cost / 10n) : 0n,
        otherUpnl: cross ? randBig(rng, -cost / 10n, cost / 10n) : 0n,
        brackets,
      };
      const lp = liquidationPrice(i);
      if (lp === null) {
        expect(side).toBe(1n);
        expect(exactSlack(i, 1n) > 0n).toBe(true); // never liquidatable at a positive price
        continue;
      }
      if (lp <= 1n) continue;
      solved++;
      // long: liquidated below LP (LP rounded up); short: above LP (rounded down)
      const unsafe = side > 0n ? lp - 1n : lp + 1n;
      const safe = side > 0n ? lp + 1n : lp - 1n;
      expect(exactSlack(i, unsafe) < 0n, `unsafe ${n}`).toBe(true);
      expect(exactSlack(i, safe) > 0n, `safe ${n}`).toBe(true);
      expect(exactSlack(i, lp) >= 0n, `at LP ${n}`).toBe(true); // the rounding moves LP at most one unit early
      for (const p of [unsafe, lp, safe]) {
        const pos = { size: i.size, cost: i.cost };
        const engine = isLiquidatable({
          marginBalance: i.walletBalance + i.otherUpnl + unrealizedPnl(pos, p),
          maintenance: i.otherMaintenance + positionMaintenance(brackets, i.size, p),
        });
        const slack = exactSlack(i, p);
        if (slack <= 0n) expect(engine, `engine at ${p}`).toBe(true); // rounding never delays a liquidation
        else if (slack > 2n * E8 * E8) expect(engine, `engine at ${p}`).toBe(false);
      }
    }
    expect(solved).toBeGreaterThan(2_000);
  });

  it('bankruptcy price: margin balance ≥ 0 at BP and < 0 one minor unit past it (seeded)', () => {
    const rng = mulberry32(7);
    for (let n = 0; n < 2_000; n++) {
      const q = randMagnitude(rng, 3, 11);
      const side = rng() < 0.5 ? 1n : -1n;
      const cost = notionalOf(q, randMagnitude(rng, 8, 13), 'halfUp');
      const i = { size: side * q, cost, walletBalance: randBig(rng, 1n, cost), otherUpnl: 0n };
      const bp = bankruptcyPrice(i);
      if (bp === null || bp <= 1n) continue;
      const balanceE8 = (p: bigint): bigint => (i.walletBalance - side * cost) * E8 + side * q * p;
      expect(balanceE8(bp) >= 0n).toBe(true);
      expect(balanceE8(side > 0n ? bp - 1n : bp + 1n) < 0n).toBe(true);
    }
  });
});
