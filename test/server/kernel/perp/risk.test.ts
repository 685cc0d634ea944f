// The shared risk module (server/contract/perp-math/risk.ts, format.ts): one position's and one account's figures
// at the mark, as the engine and the browser both compute them.
import { describe, expect, it } from 'vitest';
import { defineBrackets, BTC_BRACKETS_2024 } from '../../../../server/contract/perp-math/brackets.ts';
import { amountText, liquidationPriceText, percentText } from '../../../../server/contract/perp-math/format.ts';
import { liquidationPrice } from '../../../../server/contract/perp-math/liquidation.ts';
import { marginRatio } from '../../../../server/contract/perp-math/margin.ts';
import {
  accountPositionsRisk, accountRisk, crossContext, crossMarginRatio, maintenanceAt, notionalAt, positionFigures, positionLiquidationPrice, profitRate, profitRateOf, upnlAt,
  type RiskPosition,
} from '../../../../server/contract/perp-math/risk.ts';
import { rate } from '../../../../server/contract/perp-math/units.ts';
import { E8, fund, mark, newEngine, place, uid, usdt } from './engine-fixtures.ts';

const BTC = defineBrackets(BTC_BRACKETS_2024);
const long: RiskPosition = { size: E8, cost: usdt(50_000), leverage: 20, mode: 'cross', margin: usdt(2_500), brackets: BTC };
const short: RiskPosition = { size: -E8 / 10n, cost: usdt(5_000), leverage: 10, mode: 'isolated', margin: usdt(500), brackets: BTC };

describe('risk of one position', () => {
  it('is flat-safe and works before the first mark (maintenance of the entry notional)', () => {
    expect(upnlAt(long, null)).toBe(0n);
    expect(upnlAt({ size: 0n, cost: 0n }, usdt(1))).toBe(0n);
    expect(maintenanceAt(BTC, long.size, long.cost, null)).toBe(usdt(200));
    expect(positionFigures(long, null)).toMatchObject({ upnl: 0n, notional: usdt(50_000), roe: 0n, profitRate: 0n });
  });

  it('cuts the profit rate toward zero to 0.01 % of the initial margin at entry', () => {
    // −1.23456 over 2,500: −0.0493824 % → −0.04 %.
    expect(percentText(profitRate(long, -usdt('1.23456')))).toBe('-0.04');
    expect(percentText(profitRate(long, usdt(1_000)))).toBe('40');
    const at = positionFigures(long, usdt(50_500));
    expect(at).toMatchObject({ upnl: usdt(500), maintenance: usdt('202.5'), notional: usdt(50_500) });
    // Binance's ROE stands on the initial margin at the mark (2,525), not at entry.
    expect(at.roe).toBe(rate(19_801_980n));
    // The same cut for any result over its base (a closing order's realized P&L over its margin at entry); none without a base.
    expect(percentText(profitRateOf(-usdt('1.23456'), usdt(2_500))!)).toBe('-0.04');
    expect([profitRateOf(usdt(1), 0n), profitRateOf(usdt(1), -1n)]).toEqual([null, null]);
    expect([notionalAt(long, null), notionalAt(short, usdt('49000.5'))]).toEqual([usdt(50_000), usdt('4900.05')]);
  });

  it('stands a cross liquidation price on the account and an isolated one on its margin', () => {
    const held = [{ position: long, mark: usdt(50_500) }, { position: { ...long, size: -E8 * 10n, cost: usdt(3_000_000), brackets: BTC }, mark: usdt(300_000) }, { position: short, mark: usdt(49_000) }];
    const r = accountPositionsRisk(usdt(10_000), held);
    const [a, b, c] = r.positions;
    expect(r.account).toMatchObject({ wallet: usdt(10_000), upnl: a!.upnl + b!.upnl, maintenance: a!.maintenance + b!.maintenance, positions: 2, unrealized: a!.upnl + b!.upnl + c!.upnl });
    expect(a!.liquidationPrice).toBe(liquidationPrice({ size: E8, cost: usdt(50_000), walletBalance: usdt(10_000), otherMaintenance: b!.maintenance, otherUpnl: b!.upnl, brackets: BTC }));
    expect(c!.liquidationPrice).toBe(liquidationPrice({ size: short.size, cost: short.cost, walletBalance: short.margin, brackets: BTC }));
    expect(a!.marginRatio).toBe(crossMarginRatio(r.account));
    expect(c!.marginRatio).toBe(marginRatio(c!.maintenance, usdt(500) + c!.upnl));
    expect(() => positionLiquidationPrice(long, null)).toThrow(RangeError);
    expect(crossMarginRatio(accountRisk(usdt(1), []))).toBeNull();
    expect(crossContext(r.account, a!)).toEqual({ walletBalance: usdt(10_000), otherMaintenance: b!.maintenance, otherUpnl: b!.upnl });
  });
});

describe('API text of the figures', () => {
  it('writes amounts with trailing zeros trimmed and rates as percent', () => {
    expect([amountText(0n), amountText(150_000_000n), amountText(-5n), amountText(-usdt(12))]).toEqual(['0', '1.5', '-0.00000005', '-12']);
    expect(percentText(rate(400_000n))).toBe('0.4');
    expect([liquidationPriceText(null), liquidationPriceText(0n), liquidationPriceText(usdt('45000.5'))]).toEqual([null, null, '45000.5']);
  });
});

describe('PerpEngine reads its risk through the module', () => {
  it('margin ratio and account risk of a cross account', () => {
    const e = newEngine();
    const [maker, u] = [uid(100), uid(1)];
    fund(e, maker, 10_000_000);
    fund(e, u, 5_000);
    mark(e, 50_000);
    place(e, { user: maker, side: 'sell', price: 50_000, lots: 100 });
    place(e, { user: u, side: 'buy', price: 50_000, lots: 100, tif: 'IOC' });
    mark(e, 49_000);
    const h = e.holding(u, 'BTCUSDT')!;
    const account = e.accountRisk(u);
    expect(account).toMatchObject({ wallet: e.crossWallet(u), upnl: e.upnl(h), maintenance: e.maintenance(h), positions: 1, unrealized: e.upnl(h) });
    expect(e.marginRatio(h)).toBe(crossMarginRatio(account));
    expect(e.marginRatio(e.holding(maker, 'BTCUSDT')!)).not.toBeNull();
  });
});
