// The contract order form's figures are the engine's: the same order placed in a PerpEngine takes the margin the
// form said it would cost and ends with the liquidation price the form estimated, to the minor unit; sizes in lots
// and in USDT mean whole lots; the spec's checks refuse what the server would.
import { describe, expect, it } from 'vitest';
import type { ContractMarketItem } from '../../../../server/contract/index.ts';
import { userAccount } from '../../../../server/kernel/ledger/accounts.ts';
import { BTC_PERP, fund, mark, newEngine, place, uid, USDT, usdt } from '../../../server/kernel/perp/engine-fixtures.ts';
import {
  checkTpSl, estimate, lotsOf, validateContractOrder, type ContractFormContext, type ContractFormInput,
} from '../../../../src/pages/contract/contract-form.ts';
import { minorText } from '../../../../src/pages/user/asset-values.ts';

const text = (minor: bigint) => minorText(minor);

/** BTC_PERP as /app/contract/markets describes it (1 lot = 0.001 BTC, tick 1 USDT, fees 0 for the comparison). */
const MARKET: ContractMarketItem = {
  symbol: 'BTCUSDT', codeName: 'BTC/USDT', base: 'BTC', quote: 'USDT', multiplier: '0.001', tickSize: '1', minQuantity: '0.001', maxQuantity: '10000',
  minNotional: '5', maxNotional: '1000000000', defaultLeverage: 20, maxLeverage: 125, makerFeePercent: '0', takerFeePercent: '0', liquidationFeePercent: '1.25',
  priceBandPercent: '5', isOpen: 0, maintenance: false, markPrice: '60000', indexPrice: '60000', fundingRate: '0.01', lastFundingRate: '0.01', nextFundingTime: 0,
  brackets: BTC_PERP.brackets.map((b) => ({
    bracket: b.bracket, notionalFloor: text(b.floor), notionalCap: text(b.cap), maxLeverage: b.maxLeverage,
    maintenanceMarginRate: text(b.mmr * 100n), maintenanceAmount: text(b.cum),
  })),
};

const input = (over: Partial<ContractFormInput> = {}): ContractFormInput => ({
  side: 'buy', kind: 'limit', price: '60000', trigger: '', size: '10', unit: 'lots', takeProfit: '', stopLoss: '', reduceOnly: false, postOnly: false, ...over,
});
const context = (over: Partial<ContractFormContext> = {}): ContractFormContext => ({
  market: MARKET, leverage: 20, marginType: 'isolated', mark: '60000', bid: '59999', ask: '60001', available: '10000', crossWallet: '10000',
  otherMaintenance: '0', otherUpnl: '0', position: null, ...over,
});

describe('contract order form', () => {
  it('reads a size in lots or in USDT as whole lots', () => {
    expect(lotsOf(input({ size: '10' }), context())).toBe(10n);
    expect(lotsOf(input({ size: '1.5' }), context())).toBeNull();
    // 600 USDT at 60,000 is 0.01 BTC = 10 lots; 659.99 USDT is still 10 lots (rounded down).
    expect(lotsOf(input({ unit: 'usdt', size: '600' }), context())).toBe(10n);
    expect(lotsOf(input({ unit: 'usdt', size: '659.99' }), context())).toBe(10n);
    expect(estimate(input({ size: '10' }), context()).qty).toBe(usdt('0.01'));
  });

  for (const [mode, leverage] of [['isolated', 20], ['isolated', 125], ['cross', 10]] as const) {
    it(`estimates what the engine charges and the liquidation price it then shows (${mode}, ${leverage}×, long and short)`, () => {
      for (const side of ['buy', 'sell'] as const) {
        const e = newEngine();
        const [taker, maker] = [uid(1), uid(2)];
        fund(e, taker, 10_000);
        fund(e, maker, 100_000);
        e.apply({ type: 'leverage', time: 1, user: taker, symbol: 'BTCUSDT', leverage });
        e.apply({ type: 'marginMode', time: 2, user: taker, symbol: 'BTCUSDT', mode });
        mark(e, 60_000);
        place(e, { user: maker, side: side === 'buy' ? 'sell' : 'buy', price: 60_000, lots: 10 });
        const before = e.ledger.balance(userAccount(taker, 'contract', 'available'), USDT);
        const order = input({ side, price: '60000', size: '10' });
        const ctx = context({ leverage, marginType: mode, available: text(before), crossWallet: text(before) });
        const est = estimate(order, ctx);
        expect(validateContractOrder(order, ctx)).toBeNull();
        place(e, { user: taker, side, price: 60_000, lots: 10 });
        const after = e.ledger.balance(userAccount(taker, 'contract', 'available'), USDT);
        const h = e.holding(taker, 'BTCUSDT')!;
        expect(h.size).toBe(side === 'buy' ? 10 : -10);
        // Margin moved out of available is the estimate's (fees are 0 here).
        expect(text(before - after)).toBe(text(est.margin!));
        expect(est.liquidationPrice).toBe(e.liquidationPrice(h));
        // Only a cross long on a large wallet cannot be liquidated at any price.
        if (mode === 'isolated' || side === 'sell') expect(est.liquidationPrice).toBeGreaterThan(0n);
      }
    });
  }

  it('checks take-profit and stop-loss sides as typed, against the limit price or the mark', () => {
    const long = input({ side: 'buy', price: '60000' });
    expect(checkTpSl({ ...long, takeProfit: '61000', stopLoss: '59000' }, context())).toBeNull();
    expect(checkTpSl({ ...long, takeProfit: '59000' }, context())?.id).toBe('rule.contract.takeProfitInvalid');
    expect(checkTpSl({ ...long, stopLoss: '61000' }, context())?.id).toBe('rule.contract.stopLossInvalid');
    expect(checkTpSl({ ...long, stopLoss: '0' }, context())?.id).toBe('rule.contract.triggerZero');
    const short = input({ side: 'sell', kind: 'market' });
    expect(checkTpSl({ ...short, takeProfit: '59000', stopLoss: '61000' }, context({ mark: '60000' }))).toBeNull();
    expect(checkTpSl({ ...short, takeProfit: '61000' }, context({ mark: '60000' }))?.id).toBe('rule.contract.takeProfitInvalid');
  });

  it('refuses what the server would: no size, fractional lots, below the minimum notional, more than available', () => {
    expect(validateContractOrder(input({ size: '' }), context())?.id).toBe('rule.required');
    expect(validateContractOrder(input({ size: '2.5' }), context())?.id).toBe('rule.order.qtyOffLot');
    expect(validateContractOrder(input({ price: '' }), context())?.field).toBe('price');
    expect(validateContractOrder(input({ kind: 'stopMarket', trigger: '' }), context())?.field).toBe('trigger');
    // 0.001 BTC at 1,000 USDT is 1 USDT: under the 5 USDT minimum, unless the order only reduces.
    expect(validateContractOrder(input({ size: '1', price: '1000' }), context())?.id).toBe('rule.order.notionalBelowMin');
    expect(validateContractOrder(input({ size: '1', price: '1000', reduceOnly: true }), context())).toBeNull();
    expect(validateContractOrder(input({ size: '10000' }), context({ available: '100' }))?.id).toBe('rule.funds.insufficient');
  });
  it('costs a market order at the assumed price as the engine does: the exact cost is accepted, a minor unit less refused', () => {
    const order = input({ kind: 'market', size: '380' });
    const est = estimate(order, context());
    // Ask 60,001 × 1.0005 = 60,031.0005: 0.38 BTC at 20x is 1,140.5890095 of margin plus 0.38 × 31.0005 = 11.78019 of open loss.
    expect(est.price).toBe(usdt('60031.0005'));
    expect(text(est.cost!)).toBe('1152.3691995');
    for (const [cash, accepted] of [[est.cost!, true], [est.cost! - 1n, false]] as const) {
      const e = newEngine();
      const [taker, maker] = [uid(1), uid(2)];
      e.ledger.post([
        { account: 'system:external' as never, asset: USDT, amount: -cash as never },
        { account: userAccount(taker, 'contract', 'available'), asset: USDT, amount: cash as never },
      ]);
      fund(e, maker, 100_000);
      mark(e, 60_000);
      place(e, { user: maker, side: 'sell', price: 60_001, lots: 380 });
      place(e, { user: maker, side: 'buy', price: 59_999, lots: 380 });
      const events = place(e, { user: taker, side: 'buy', kind: 'market', tif: 'IOC', price: 63_000, lots: 380 });
      expect(events.some((x) => x.type === 'rejected'), `${cash}`).toBe(!accepted);
    }
  });

  it('costs only the fee of an order that closes the position: a plain market sell of a long needs no margin', () => {
    const ctx = context({ available: '1', position: { size: '0.38', entryNotional: '22800', margin: '1140' } });
    const est = estimate(input({ side: 'sell', kind: 'market', size: '380' }), ctx);
    expect(est.margin).toBe(0n);
    expect(validateContractOrder(input({ side: 'sell', kind: 'market', size: '380' }), ctx)).toBeNull();
    // Past the position, the rest opens a short and is margined: 0.1 BTC more at max(bid, mark) = 60,000, 20x.
    expect(text(estimate(input({ side: 'sell', kind: 'market', size: '480' }), ctx).margin!)).toBe('300');
  });
});
