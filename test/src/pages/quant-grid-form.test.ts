// The spot grid form's rules: the market read from exchange info, the range prefilled ±5 % on the tick, the live
// preview wired to the shared module as the server uses it (profit at the taker rate, the plan at the larger rate,
// its refusals as the user's words), the checks before a start, the backtest's request, percentages cut toward
// minus infinity, a bot's figures from a last price, the bot page's ladder and route, and the chart's geometry.
import { describe, expect, it } from 'vitest';
import { botPnl, gridLevels, planGrid, profitRange, toUnits, type QuantBotView } from '../../../src/contract.ts';
import {
  backtestBody, botFigures, bpsPercent, chartGeometry, decimalsOf, defaultRange, durationParts, fractionPercent, GRID_CODE_IDS, ladderRows, niceStep,
  parseGridMarket, parseQuantBotSearch, percentToPpm, previewGrid, signedText, snapToTick, startProblem, unitsOf, unitsText, type GridDraft, type GridMarket,
} from '../../../src/pages/quant/grid-form.ts';

const u = (text: string): bigint => toUnits(text);

/** An exchangeInfo reply as the server writes it (8-place decimals). */
const info = (symbol: string, tick: string, step: string, minQty: string, minNotional: string) => ({
  timezone: 'UTC',
  symbols: [
    { symbol: 'ETHUSDT', filters: [] },
    {
      symbol,
      filters: [
        { filterType: 'PRICE_FILTER', minPrice: tick, maxPrice: '1000000.00000000', tickSize: tick },
        { filterType: 'LOT_SIZE', minQty, maxQty: '9000.00000000', stepSize: step },
        { filterType: 'MIN_NOTIONAL', minNotional, applyToMarket: true, avgPriceMins: 0 },
        { filterType: 'NOTIONAL', minNotional, applyMinToMarket: true, maxNotional: '90000000.00000000', applyMaxToMarket: true, avgPriceMins: 0 },
      ],
    },
  ],
});

const BTC: GridMarket = parseGridMarket(info('BTCUSDT', '0.01000000', '0.00001000', '0.00001000', '5.00000000'), 'BTCUSDT')!;
const draft = (extra: Partial<GridDraft> = {}): GridDraft => ({ lower: '99400.00', upper: '100600.00', grids: '6', mode: 'arithmetic', investment: '200', ...extra });
const LAST = u('100000.00');
const preview = (d: GridDraft, last: bigint | null = LAST, takerPpm = 1000, planPpm = 1000) => previewGrid({ draft: d, market: BTC, last, takerPpm, planPpm });

describe('decimals', () => {
  it('reads plain decimal text the server takes, and nothing else', () => {
    expect(unitsOf('100000.5')).toBe(10_000_050_000_000n);
    expect(unitsOf(' 0.00000001 ')).toBe(1n);
    for (const bad of ['', '1e3', '-1', '1.000000001', '1,5', '.5', '1234567890123']) expect(unitsOf(bad), bad).toBeNull();
  });

  it('writes units at a step’s places', () => {
    expect(decimalsOf(u('0.01'))).toBe(2);
    expect(decimalsOf(u('1'))).toBe(0);
    expect(decimalsOf(1n)).toBe(8);
    expect(unitsText(u('95000'), 2)).toBe('95000.00');
    expect(unitsText(u('0.5'), 0)).toBe('0');
    expect(unitsText(u('0.00021'), 5)).toBe('0.00021');
  });
});

describe('the market from exchange info', () => {
  it('takes the tick, lot, minimum quantity and notional of its symbol', () => {
    expect(BTC).toEqual({ tick: u('0.01'), lot: u('0.00001'), minQty: u('0.00001'), minNotional: u('5'), priceDecimals: 2, qtyDecimals: 5 });
  });

  it('refuses a reply without the symbol or its filters', () => {
    expect(parseGridMarket(info('BTCUSDT', '0.01', '0.001', '0.001', '5'), 'DOGEUSDT')).toBeNull();
    expect(parseGridMarket({ symbols: [{ symbol: 'X', filters: [{ filterType: 'PRICE_FILTER', tickSize: '0' }] }] }, 'X')).toBeNull();
    expect(parseGridMarket(null, 'X')).toBeNull();
  });
});

describe('the range prefilled around the last price', () => {
  it('is ±5 %, the lower bound rounded down to the tick and the upper one up', () => {
    expect(defaultRange(LAST, BTC)).toEqual({ lower: '95000.00', upper: '105000.00' });
    const tiny = parseGridMarket(info('XUSDT', '0.00100000', '1.00000000', '1.00000000', '1.00000000'), 'XUSDT')!;
    // 123.457 × 0.95 = 117.28415 → 117.284; × 1.05 = 129.62985 → 129.630
    expect(defaultRange(u('123.457'), tiny)).toEqual({ lower: '117.284', upper: '129.630' });
    const r = defaultRange(u('123.457'), tiny);
    expect(gridLevels({ lower: u(r.lower), upper: u(r.upper), grids: 10, mode: 'geometric', tick: tiny.tick }).ok).toBe(true);
  });

  it('snaps a typed price to the nearest tick, leaving what is not a price alone', () => {
    expect(snapToTick('99400.004', BTC)).toBe('99400.00');
    expect(snapToTick('99400.005', BTC)).toBe('99400.01');
    expect(snapToTick('99400', BTC)).toBe('99400.00');
    expect(snapToTick('abc', BTC)).toBe('abc');
  });
});

describe('the preview', () => {
  it('is the shared module’s ladder, profit at the taker rate and plan at the larger rate', () => {
    const p = preview(draft(), LAST, 1000, 1200);
    const levels = gridLevels({ lower: u('99400'), upper: u('100600'), grids: 6, mode: 'arithmetic', tick: BTC.tick });
    if (!levels.ok) throw new Error('ladder refused');
    expect(p.problem).toBeNull();
    expect(p.levels).toEqual(levels.value);
    expect(p.levels!.map((l) => unitsText(l, 2))).toEqual(['99400.00', '99600.00', '99800.00', '100000.00', '100200.00', '100400.00', '100600.00']);
    expect(p.profit).toEqual(profitRange(levels.value, 1000));
    expect(p.profit).not.toEqual(profitRange(levels.value, 1200));
    const plan = planGrid({ levels: levels.value, price: LAST, investment: u('200'), lotSize: BTC.lot, minQty: BTC.minQty, minNotional: BTC.minNotional, feePpm: 1200 });
    if (!plan.ok) throw new Error('plan refused');
    expect(p.plan).toEqual(plan.value);
    // The level at the price holds nothing: three buys below, three sells above.
    expect(p.plan!.buys).toEqual([0, 1, 2]);
    expect(p.plan!.sells).toEqual([4, 5, 6]);
    expect(p.plan!.cost).toBeLessThanOrEqual(u('200'));
  });

  it('shows the ladder and its profit before an investment is typed, and says when no price is known', () => {
    const empty = preview(draft({ investment: '' }));
    expect(empty.levels).toHaveLength(7);
    expect(empty.plan).toBeNull();
    expect(empty.problem).toBeNull();
    const noPrice = preview(draft(), null);
    expect(noPrice.levels).toHaveLength(7);
    expect(noPrice.problem?.id).toBe('grid.preview.noPrice');
  });

  it('refuses what the server refuses, in the user’s words, on the field concerned', () => {
    const outside = preview(draft({ lower: '100100.00', upper: '101000.00' }));
    expect(outside.problem).toMatchObject({ id: 'grid.error.outside', code: 'quant.grid.price.outside', values: { price: '100000.00' } });
    expect(outside.levels).not.toBeNull();
    const tooMany = preview(draft({ lower: '99999.50', upper: '100000.50', grids: '150' }));
    expect(tooMany.problem).toMatchObject({ field: 'grids', id: 'grid.error.tooMany', code: 'quant.grid.too.many', values: { tick: '0.01' } });
    const small = preview(draft({ investment: '1' }));
    expect(small.problem).toMatchObject({ field: 'investment', id: 'grid.error.tooSmall', code: 'quant.grid.investment.too.small' });
    const inverted = preview(draft({ lower: '100600', upper: '99400' }));
    expect(inverted.problem).toMatchObject({ id: 'grid.error.range', code: 'quant.grid.range.invalid' });
    const offTick = preview(draft({ lower: '99400.001' }));
    expect(offTick.problem).toMatchObject({ id: 'grid.error.offTick', values: { tick: '0.01' } });
    for (const grids of ['1', '151', '', 'x'])
      expect(preview(draft({ grids })).problem, grids).toMatchObject({ field: 'grids', id: 'grid.error.count', values: { min: '2', max: '150' } });
    expect(preview(draft({ lower: '' })).problem).toMatchObject({ field: 'lower', id: 'rule.required' });
    expect(preview(draft({ upper: '1e5' })).problem).toMatchObject({ field: 'upper', id: 'rule.number.format' });
    expect(preview(draft({ investment: '0' })).problem).toMatchObject({ field: 'investment', id: 'grid.error.investmentZero' });
    // Every code of the shared module has its message.
    expect(Object.values(GRID_CODE_IDS).every((id) => id.startsWith('grid.error.'))).toBe(true);
  });

  it('builds a geometric ladder, its grids nearly equally profitable', () => {
    const p = preview(draft({ mode: 'geometric', lower: '90000', upper: '110000', grids: '20', investment: '1000' }));
    expect(p.problem).toBeNull();
    expect(p.levels).toHaveLength(21);
    expect(p.profit!.max - p.profit!.min).toBeLessThan(2000n); // under 0.002 %
  });
});

describe('the checks before a start', () => {
  const limits = { minInvestment: '20', available: '150', quote: 'USDT' };
  it('asks for the minimum, the balance and the fund password, in that order after the preview', () => {
    const d = draft({ investment: '10' });
    expect(startProblem(d, preview(d), limits, 'pw')).toMatchObject({ id: 'grid.error.belowMin', values: { min: '20', asset: 'USDT' } });
    const more = draft({ investment: '200' });
    expect(startProblem(more, preview(more), limits, 'pw')).toMatchObject({ field: 'investment', id: 'rule.funds.insufficient' });
    const ok = draft({ investment: '100' });
    expect(startProblem(ok, preview(ok), limits, '')).toMatchObject({ id: 'grid.error.fundPassword' });
    expect(startProblem(ok, preview(ok), limits, '123456')).toBeNull();
    expect(startProblem(draft({ investment: '' }), preview(draft({ investment: '' })), limits, 'pw')).toMatchObject({ id: 'rule.required' });
    const outside = draft({ lower: '100100', upper: '101000' });
    expect(startProblem(outside, preview(outside), limits, 'pw')?.id).toBe('grid.error.outside');
    // Above the minimum but too little for this many grids: the plan's refusal.
    const thin = draft({ investment: '25', grids: '40', lower: '95000', upper: '105000' });
    expect(startProblem(thin, preview(thin), limits, 'pw')).toMatchObject({ field: 'investment', code: 'quant.grid.investment.too.small' });
  });

  it('makes the backtest request from a valid draft only', () => {
    const d = draft({ lower: '99400.00', investment: '200.50' });
    expect(backtestBody('BTCUSDT', d, preview(d))).toEqual({ symbol: 'BTCUSDT', investment: '200.5', lower: '99400', upper: '100600', grids: 6, mode: 'arithmetic', days: 7 });
    const bad = draft({ grids: '1' });
    expect(backtestBody('BTCUSDT', bad, preview(bad))).toBeNull();
    const none = draft({ investment: '' });
    expect(backtestBody('BTCUSDT', none, preview(none))).toBeNull();
  });
});

describe('figures', () => {
  it('writes fractions and basis points as percentages, never larger than they are', () => {
    expect(fractionPercent(520_000n)).toBe('0.52%');
    expect(fractionPercent(529_999n)).toBe('0.52%');
    expect(fractionPercent(-1n)).toBe('-0.01%');
    expect(fractionPercent(0n)).toBe('0.00%');
    expect(fractionPercent(123_456n, 3)).toBe('0.123%');
    expect(bpsPercent(1234)).toBe('12.34%');
    expect(bpsPercent(-50)).toBe('-0.50%');
    expect(bpsPercent(0)).toBe('0.00%');
  });

  it('reads fee percentages as ppm', () => {
    expect(percentToPpm('0.1')).toBe(1000);
    expect(percentToPpm('0.075')).toBe(750);
    expect(percentToPpm('0')).toBe(0);
    expect(percentToPpm('x')).toBeNull();
  });

  it('writes signed amounts cut toward zero, with a sign for a gain or a loss', () => {
    expect(signedText(u('1.23456789'), 4)).toBe('+1.2345');
    expect(signedText(u('-1.23456789'), 4)).toBe('-1.2345');
    expect(signedText(0n, 2)).toBe('0.00');
    expect(signedText(-1n, 2)).toBe('0.00');
  });

  it('splits a duration into days, hours, minutes and seconds', () => {
    expect(durationParts(90_061_000)).toEqual({ d: 1, h: 1, m: 1, s: 1 });
    expect(durationParts(-5)).toEqual({ d: 0, h: 0, m: 0, s: 0 });
  });

  const bot = (extra: Partial<QuantBotView> = {}): QuantBotView => ({
    id: 7, kind: 'grid', symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT', status: 'running', stage: null, createdAt: 1_000_000, endedAt: null, endReason: null,
    investment: '200', pocketBase: '0.0003', pocketQuote: '10', orderBase: '0.0009', orderQuote: '60', openOrders: 6, fills: 4, boughtBase: '0', boughtQuote: '0',
    soldBase: '0', soldQuote: '0', feeBase: '0', feeQuote: '0', rounds: 1, gridProfit: '0.15', returnedBase: '0', returnedQuote: '0', last: '100000', robot: null,
    grid: null, stages: [], ...extra,
  });

  it('computes a bot’s P&L at the ticker’s price with the server’s formula, and what is not grid profit is unrealized', () => {
    const b = bot();
    const f = botFigures(b, '101000', 1_000_000 + 3_600_000);
    expect(f.pnl).toBe(botPnl(b, '101000').pnl);
    // 10 + 60 + 0.0012 × 101000 − 200 = −8.8
    expect(f.pnl).toBe(u('-8.8'));
    expect(f.bps).toBe(-440);
    expect(f.gridProfit).toBe(u('0.15'));
    expect(f.unrealized).toBe(u('-8.95'));
    expect(f.runningMs).toBe(3_600_000);
    expect(f.annualized).toBe(Math.trunc((-440 * 365 * 24)));
    // Without a ticker price, the bot's own.
    expect(botFigures(b, null, 2_000_000).pnl).toBe(botPnl(b, '100000').pnl);
  });

  it('values an ended bot by what it gave back, whatever the price, over the time it ran', () => {
    const ended = bot({ status: 'ended', endedAt: 1_000_000 + 86_400_000, returnedQuote: '201', returnedBase: '0' });
    const f = botFigures(ended, '1', 9_999_999_999);
    expect(f.pnl).toBe(u('1'));
    expect(f.bps).toBe(50);
    expect(f.runningMs).toBe(86_400_000);
    expect(f.annualized).toBe(50 * 365);
  });
});

describe('the bot page', () => {
  const levels = ['99400', '99600', '99800', '100000', '100200'];
  const order = (side: 'buy' | 'sell', price: string, level: number | null) => ({ orderId: Number(toUnits(price) / 100_000_000n), side, price, qty: '0.0003', filled: '0', level, time: 1 });

  it('draws the ladder top down with each order on its level (by price when the level is not given)', () => {
    const { rows, lastAt } = ladderRows(levels, [order('buy', '99400', 0), order('buy', '99600', null), order('sell', '100200', 4)], '99900');
    expect(rows.map((r) => r.level)).toEqual([4, 3, 2, 1, 0]);
    expect(rows.map((r) => r.order?.side ?? null)).toEqual(['sell', null, null, 'buy', 'buy']);
    // The price line goes above the first level at or under 99,900: 99,800 (the third row).
    expect(lastAt).toBe(2);
    expect(ladderRows(levels, [], '120000').lastAt).toBeNull();
    expect(ladderRows(levels, [], null).lastAt).toBeNull();
    expect(ladderRows(levels, [], '100200').lastAt).toBe(0);
  });

  it('takes a positive whole id from the address, and nothing else', () => {
    expect(parseQuantBotSearch({ id: '12' })).toEqual({ id: 12 });
    expect(parseQuantBotSearch({ id: 12 })).toEqual({ id: 12 });
    for (const id of ['0', '-1', '1.5', 'x', '', undefined, '1234567890123456']) expect(parseQuantBotSearch({ id }), String(id)).toEqual({});
  });
});

describe('the backtest chart’s geometry', () => {
  it('picks nice steps', () => {
    expect(niceStep(1000, 5)).toBe(200);
    expect(niceStep(12, 5)).toBe(2.5);
    expect(niceStep(0.3, 5)).toBeCloseTo(0.1);
  });

  it('spans the bars and the ladder, with price ticks inside and local-time ticks across', () => {
    const from = Date.UTC(2026, 0, 1, 0, 0);
    const chart = [
      [from, '100', '103', '99', '102'],
      [from + 900_000, '102', '104', '101', '101'],
    ] as const;
    const g = chartGeometry({ from, to: from + 86_400_000, chart, levels: ['95', '110'] }, 6, 0);
    expect(g.pMin).toBeLessThan(95);
    expect(g.pMax).toBeGreaterThan(110);
    expect(g.priceTicks.length).toBeGreaterThanOrEqual(3);
    for (const p of g.priceTicks) expect(p >= g.pMin && p <= g.pMax).toBe(true);
    expect(g.timeTicks.length).toBeLessThanOrEqual(7);
    expect(g.timeStep).toBe(6 * 3_600_000);
    for (const t of g.timeTicks) expect(t % g.timeStep).toBe(0);
    // In UTC+8 (offset −480) ticks fall on local hours: 16:00 UTC is local midnight.
    // Bars are bucketed on the clock: the first one may open before the period, the last end after it.
    const wide = chartGeometry({ from: from + 600_000, to: from + 1_500_000, chart, levels: ['95', '110'] }, 6, 0);
    expect(wide.t0).toBe(from);
    expect(wide.t1).toBe(from + 1_800_000);
    const east = chartGeometry({ from, to: from + 86_400_000, chart, levels: ['95', '110'] }, 6, -480);
    for (const t of east.timeTicks) expect((t + 8 * 3_600_000) % east.timeStep).toBe(0);
  });
});
