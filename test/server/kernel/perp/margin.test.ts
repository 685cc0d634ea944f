import { describe, expect, it } from 'vitest';
import { defineBrackets, maintenanceMargin } from '../../../../server/contract/perp-math/brackets.ts';
import {
  availableForOrder,
  entryPrice,
  initialMargin,
  marginRatio,
  marginRequirementWithOrders,
  marketAssumedPrice,
  maxAddIsolated,
  maxOpenQty,
  maxRemoveIsolated,
  maxWithdraw,
  openLoss,
  orderCost,
  positionMaintenance,
  roe,
  unrealizedPnl,
  type OrderSide,
} from '../../../../server/contract/perp-math/margin.ts';
import { E8, notionalOf } from '../../../../server/kernel/perp/units.ts';
import { mulberry32 } from '../../../tools/random.ts';
import { BTC_2020, ETH_2020, randBig, randMagnitude, show, showTrunc, u } from './fixtures.ts';

const BTC20 = defineBrackets(BTC_2020);
const ETH20 = defineBrackets(ETH_2020);

/** §2's calculation-example account from [LIQ] (cross): WB 1,535,443.01, BTC and ETH longs. */
const WB = u('1535443.01');
const BTC = { size: u('109.488'), cost: notionalOf(u('109.488'), u('32481.98'), 'halfUp') };
const ETH = { size: u('3683.979'), cost: notionalOf(u('3683.979'), u('1456.84'), 'halfUp') };
const BTC_MARK = u('31967.27');
const ETH_MARK = u('1335.18');

describe('positions: entry, PnL, ROE (§2)', () => {
  it('keeps the entry price as cost / size', () => {
    expect(entryPrice(BTC)).toBe(u('32481.98'));
    expect(entryPrice({ size: -u('0.02'), cost: u('1000') })).toBe(u('50000'));
    expect(entryPrice({ size: 0n, cost: 0n })).toBe(0n);
    // two fills: 1,000 USDT at 50,000 then 1,000 USDT at 45,000 → EP 47,368.42 (§3 example 1, second part)
    const q2 = u('0.02222222');
    expect(show(entryPrice({ size: u('0.02') + q2, cost: u('1000') + notionalOf(q2, u('45000'), 'halfUp') }), 2)).toBe('47368.42');
  });

  it('UPnL of the [LIQ] account: BTC −56,354.568, ETH −448,192.885 (illustration)', () => {
    expect(show(unrealizedPnl(BTC, BTC_MARK), 3)).toBe('-56354.568');
    expect(show(unrealizedPnl(ETH, ETH_MARK), 3)).toBe('-448192.885');
  });

  it('UPnL of a short: 6.645 @ 221.230, price 221.470 → −1.5948 (forum example [ROE])', () => {
    expect(unrealizedPnl({ size: -u('6.645'), cost: notionalOf(u('6.645'), u('221.23'), 'halfUp') }, u('221.47'))).toBe(u('-1.5948'));
  });

  it('with 20x on BTC: IM = 3,500,032.458 / 20 = 175,001.623 and ROE = −32.20 % (illustration)', () => {
    const im = initialMargin(notionalOf(BTC.size, BTC_MARK, 'ceil'), 20);
    expect(show(im, 3)).toBe('175001.623');
    expect(show(roe(BTC, BTC_MARK, 20) * 100n, 2)).toBe('-32.20');
    expect(roe({ size: 0n, cost: 0n }, BTC_MARK, 20)).toBe(0n);
  });

  it('property: UPnL rounds toward −∞ by less than one minor unit, for longs and shorts (seeded)', () => {
    const rng = mulberry32(3);
    for (let i = 0; i < 2_000; i++) {
      const q = randMagnitude(rng, 0, 12);
      const size = rng() < 0.5 ? q : -q;
      const cost = randBig(rng, 0n, u('1000000000'));
      const mark = randMagnitude(rng, 4, 16);
      const exactE8 = size * mark - (size > 0n ? cost : -cost) * E8; // UPnL × 10^8
      const upnl = unrealizedPnl({ size, cost }, mark);
      expect(upnl * E8 <= exactE8 && exactE8 < (upnl + 1n) * E8).toBe(true);
    }
  });
});

describe('account: margin ratio, available, withdrawals (§2)', () => {
  it('margin balance 1,030,895.556; MM 427,713.320; margin ratio 41.49 % (illustration from [LIQ])', () => {
    const mm = positionMaintenance(BTC20, BTC.size, BTC_MARK) + positionMaintenance(ETH20, ETH.size, ETH_MARK);
    const balance = WB + unrealizedPnl(BTC, BTC_MARK) + unrealizedPnl(ETH, ETH_MARK);
    expect(show(balance, 3)).toBe('1030895.556');
    expect(show(mm, 3)).toBe('427713.320');
    expect(show(marginRatio(mm, balance)! * 100n, 2)).toBe('41.49');
    expect(marginRatio(mm, 0n)).toBeNull();
    expect(marginRatio(mm, -1n)).toBeNull();
  });

  it('positionMaintenance equals maintenanceMargin of the notional when that is whole', () => {
    expect(positionMaintenance(BTC20, u('1'), u('264000'))).toBe(maintenanceMargin(BTC20, u('264000')));
    expect(positionMaintenance(BTC20, -u('109.488'), BTC_MARK)).toBe(u('71200.811444'));
  });

  it('available = WB + UPnL − IM = 11.39894857 = maxWithdraw (ccxt live account, [CCXT] comments)', () => {
    const account = {
      walletBalance: u('99.84331553'),
      upnl: u('11.17675690'),
      initialMargin: u('99.62112386'),
      maintenance: u('11.95453485'),
    };
    expect(availableForOrder(account)).toBe(u('11.39894857'));
    expect(account.walletBalance - account.maintenance).toBe(u('87.88878068')); // [ADJ]'s first formula
    expect(maxWithdraw(account)).toBe(u('11.39894857'));
    // a losing account: available clamps to 0, and so does the withdrawal
    expect(availableForOrder({ ...account, upnl: -u('20') })).toBe(0n);
    expect(maxWithdraw({ ...account, upnl: -u('20') })).toBe(0n);
    // a winning account cannot withdraw past WB − MM
    expect(maxWithdraw({ ...account, upnl: u('500') })).toBe(u('87.88878068'));
    expect(availableForOrder({ ...account, isolatedOrderMargin: u('1') })).toBe(u('10.39894857'));
  });

  it('isolated margin can be added up to the cross limits and removed down to MM and IM (§2 [ADJ], illustration)', () => {
    expect(maxAddIsolated({ crossWalletBalance: u('1000'), crossMaintenance: u('100'), isolatedOrderMargin: u('50'), available: u('900') })).toBe(u('850'));
    expect(maxAddIsolated({ crossWalletBalance: u('1000'), crossMaintenance: u('100'), available: u('300') })).toBe(u('300'));
    expect(maxAddIsolated({ crossWalletBalance: u('10'), crossMaintenance: u('100'), available: u('0') })).toBe(0n);
    // isolated long 0.02 BTC @ 50,000, 20x, WB 100, mark 51,000: UPnL 20, IM at mark 51, MM 4.08
    const pos = { size: u('0.02'), cost: u('1000') };
    const mark = u('51000');
    const upnl = unrealizedPnl(pos, mark);
    const im = initialMargin(notionalOf(pos.size, mark, 'ceil'), 20);
    const mm = positionMaintenance(BTC20, pos.size, mark);
    expect([upnl, im, mm]).toEqual([u('20'), u('51'), u('4.08')]);
    expect(maxRemoveIsolated({ isolatedWalletBalance: u('100'), maintenance: mm, upnl, initialMargin: im })).toBe(u('69'));
    expect(maxRemoveIsolated({ isolatedWalletBalance: u('100'), maintenance: mm, upnl: -u('60'), initialMargin: im })).toBe(0n);
  });
});

describe('order cost (§8)', () => {
  const order = { qty: u('1'), price: u('9253.30'), mark: u('9259.84'), leverage: 20 };

  it('IM = 9,253.30 / 20 = 462.665; buy cost 462.665, sell cost 469.205 (Binance example [COST])', () => {
    expect(orderCost({ ...order, side: 'buy' })).toBe(u('462.665'));
    expect(openLoss({ ...order, side: 'buy' })).toBe(0n);
    expect(openLoss({ ...order, side: 'sell' })).toBe(u('6.54'));
    expect(orderCost({ ...order, side: 'sell' })).toBe(u('469.205'));
    // Binance shows 462.66 and 469.20: both are the exact values truncated to cents; half-up would show 462.67 / 469.21
    expect([showTrunc(u('462.665'), 2), showTrunc(u('469.205'), 2)]).toEqual(['462.66', '469.20']);
    expect([show(u('462.665'), 2), show(u('469.205'), 2)]).toEqual(['462.67', '469.21']);
  });

  it('market orders are costed at Ask1 × 1.0005 (buy) or max(Bid1, mark) (sell) (Aster’s copy of the rule)', () => {
    const top = { ask1: u('102946.8'), bid1: u('102946.9'), mark: u('102941.0') };
    expect(marketAssumedPrice({ ...top, side: 'buy' })).toBe(u('102998.2734'));
    expect(show(marketAssumedPrice({ ...top, side: 'buy' }), 2)).toBe('102998.27');
    expect(marketAssumedPrice({ ...top, side: 'sell' })).toBe(u('102946.9'));
    expect(marketAssumedPrice({ ...top, side: 'sell', mark: u('103000') })).toBe(u('103000'));
    expect(marketAssumedPrice({ ...top, side: 'buy', ask1: 1n })).toBe(2n); // rounded up
  });

  it('resting orders: short 1 BTC at 10,000 plus a 1.5 BTC buy at 10,000, 1x → 10,000 (illustration of [REQ])', () => {
    expect(marginRequirementWithOrders({ positionNotional: -u('10000'), bidOrderValue: u('15000'), askOrderValue: 0n, leverage: 1 })).toBe(u('10000'));
    expect(marginRequirementWithOrders({ positionNotional: u('10000'), bidOrderValue: u('15000'), askOrderValue: u('3000'), leverage: 10 })).toBe(u('2500'));
    expect(marginRequirementWithOrders({ positionNotional: 0n, bidOrderValue: 1n, askOrderValue: 0n, leverage: 3 })).toBe(1n);
  });

  it('property: cost is the exact IM + open loss rounded up by less than one minor unit (seeded)', () => {
    const rng = mulberry32(4);
    for (let i = 0; i < 2_000; i++) {
      const side: OrderSide = rng() < 0.5 ? 'buy' : 'sell';
      const o = { side, qty: randMagnitude(rng, 0, 11), price: randMagnitude(rng, 4, 14), mark: randMagnitude(rng, 4, 14), leverage: 1 + Math.floor(rng() * 125) };
      const l = BigInt(o.leverage);
      const loss = side === 'buy' ? o.price - o.mark : o.mark - o.price;
      const exact = o.qty * o.price + l * o.qty * (loss > 0n ? loss : 0n); // cost × E8 × L
      const cost = orderCost(o);
      expect(cost * E8 * l >= exact && (cost - 1n) * E8 * l < exact).toBe(true);
      expect(cost >= initialMargin(notionalOf(o.qty, o.price, 'floor'), o.leverage) - 1n).toBe(true);
    }
  });
});

describe('maximum open size (§9)', () => {
  it('available 1,000, buy at 50,000, mark 49,990, 20x: c = 2,510 → 0.39840 → 0.398 BTC (illustration)', () => {
    const o = { side: 'buy' as const, price: u('50000'), mark: u('49990'), leverage: 20, available: u('1000') };
    expect(maxOpenQty({ ...o, lotSize: u('0.001') })).toBe(u('0.398'));
    expect(maxOpenQty({ ...o, lotSize: u('0.00001') })).toBe(u('0.3984'));
    expect(maxOpenQty(o)).toBe(u('0.39840637'));
    expect(notionalOf(u('0.398'), u('50000'), 'floor')).toBe(u('19900'));
    expect(maxOpenQty({ ...o, lotSize: u('0.001'), maxNotional: u('100000000') })).toBe(u('0.398'));
  });

  it('adds the opposite position it closes and respects the leverage cap', () => {
    const o = { price: u('50000'), mark: u('50000'), leverage: 20, available: u('1000'), lotSize: u('0.001') };
    expect(maxOpenQty({ ...o, side: 'buy', position: -u('1.5') })).toBe(u('1.9'));
    expect(maxOpenQty({ ...o, side: 'sell', position: -u('1.5') })).toBe(u('0.4'));
    // same-side 0.9 BTC at mark already uses 45,000 of a 50,000 cap → only 0.1 more
    expect(maxOpenQty({ ...o, side: 'buy', position: u('0.9'), maxNotional: u('50000') })).toBe(u('0.1'));
    expect(maxOpenQty({ ...o, side: 'buy', position: u('1.2'), maxNotional: u('50000') })).toBe(0n);
    expect(maxOpenQty({ ...o, side: 'buy', available: 0n })).toBe(0n);
  });

  it('property: the cost of q_open fits the available balance and one more lot does not (seeded)', () => {
    const rng = mulberry32(5);
    for (let i = 0; i < 1_000; i++) {
      const side: OrderSide = rng() < 0.5 ? 'buy' : 'sell';
      const lotSize = 10n ** BigInt(Math.floor(rng() * 6));
      const o = { side, price: randMagnitude(rng, 8, 14), mark: randMagnitude(rng, 8, 14), leverage: 1 + Math.floor(rng() * 125), available: randMagnitude(rng, 6, 13), lotSize };
      const q = maxOpenQty(o);
      expect(q % lotSize).toBe(0n);
      expect(orderCost({ ...o, qty: q }) <= o.available).toBe(true);
      expect(orderCost({ ...o, qty: q + lotSize }) > o.available).toBe(true);
    }
  });
});
