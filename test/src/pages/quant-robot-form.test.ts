// The quantitative robot's page rules: the limits from the strategies list, percentages as basis points, the form's
// checks in the server's order with the server's codes, the start body, the six stages as a stepper shows them, the
// P&L by the server's formula (live from a price while it holds, from what it gave back once ended), and the texts of
// amounts, percentages, countdowns and durations; and the records page's names for the bot's two record types.
import { describe, expect, it } from 'vitest';
import { ASSET_RECORD_TYPES, botPnl, fromUnits, type QuantBotView, type QuantStrategy, type RobotStageView } from '../../../src/contract.ts';
import {
  amountText, bpsText, bpsToPercent, countdownText, defaultFields, durationChoices, durationText, isHolding, maxInvestment, percentToBps, robotLimits,
  robotPnl, robotStartBody, robotSteps, signedAmount, validateRobot, type RobotFields,
} from '../../../src/pages/quant/robot-form.ts';
import { RECORD_TYPE_GROUPS, recordTypeLabel } from '../../../src/pages/user/records.ts';

const STRATEGIES: QuantStrategy[] = [
  {
    kind: 'robot', minInvestment: '15', quoteAsset: 'USDT', maxRunning: 20, durationS: { min: 60, max: 1800, default: 120 },
    takeProfitBps: { min: 5, max: 2000, default: 30 }, stopLossBps: { min: 5, max: 2000, default: 50 },
  },
  { kind: 'grid', minInvestment: '20', quoteAsset: 'USDT', maxRunning: 20, grids: { min: 2, max: 150 } },
];
const limits = robotLimits(STRATEGIES);
const fields = (extra: Partial<RobotFields> = {}): RobotFields => ({ ...defaultFields(limits), investment: '20', fundPassword: '123456', ...extra });

const stage = (s: RobotStageView['stage'], time: number, extra: Partial<RobotStageView> = {}): RobotStageView => ({ stage: s, time, ...extra });
const bot = (extra: Partial<QuantBotView> = {}): QuantBotView => ({
  id: 7, kind: 'robot', symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT', status: 'running', stage: 'queue', createdAt: 1_000, endedAt: null, endReason: null,
  investment: '20', pocketBase: '0', pocketQuote: '20', orderBase: '0', orderQuote: '0', openOrders: 0, fills: 0, boughtBase: '0', boughtQuote: '0',
  soldBase: '0', soldQuote: '0', feeBase: '0', feeQuote: '0', rounds: 0, gridProfit: '0', returnedBase: '0', returnedQuote: '0', last: '40000',
  robot: { durationS: 120, takeProfitBps: 30, stopLossBps: 50 }, grid: null, stages: [stage('start', 1_000), stage('queue', 1_000)], ...extra,
});
/** Bought 0.0005 BTC for 20 USDT (fee 0.0000005 BTC), the rest resting in its take-profit sell. */
const holding = (extra: Partial<QuantBotView> = {}) =>
  bot({
    stage: 'buy', pocketQuote: '0', orderBase: '0.0004995', openOrders: 1, fills: 1, boughtBase: '0.0005', boughtQuote: '20', feeBase: '0.0000005',
    stages: [
      stage('start', 1_000), stage('queue', 1_000), stage('capture', 1_250, { bid: '39999', ask: '40000', last: '40000', trades: 12, vwap: '39998.5' }),
      stage('buy', 1_500, { orderId: 91, price: '40000', qty: '0.0005', quote: '20', fee: '0.0000005', feeAsset: 'BTC', takeProfit: '40120', stopLoss: '39800', deadline: 121_500 }),
    ],
    ...extra,
  });

describe('limits and percentages', () => {
  it('reads the robot strategy, with the contract defaults before it comes', () => {
    expect(limits.minInvestment).toBe('15');
    expect(robotLimits(null)).toMatchObject({ minInvestment: '10', takeProfitBps: 30, stopLossBps: 50, bps: { min: 5, max: 2000 } });
    expect(durationChoices(limits)).toEqual([60, 120, 180, 300, 600]);
    expect(durationChoices({ ...limits, durationS: { min: 120, max: 300, default: 120 } })).toEqual([120, 180, 300]);
    expect(defaultFields(limits)).toEqual({ investment: '', durationS: 120, takeProfit: '0.3', stopLoss: '0.5', fundPassword: '' });
  });

  it('turns basis points into percentages and back, refusing finer than 0.01 %', () => {
    expect([bpsToPercent(30), bpsToPercent(5), bpsToPercent(100), bpsToPercent(2000), bpsToPercent(-45)]).toEqual(['0.3', '0.05', '1', '20', '-0.45']);
    expect([percentToBps('0.3'), percentToBps('0.05'), percentToBps('1'), percentToBps('20'), percentToBps('.5'), percentToBps('0,25')]).toEqual([30, 5, 100, 2000, 50, 25]);
    expect([percentToBps(''), percentToBps('0.001'), percentToBps('-1'), percentToBps('1e2'), percentToBps('abc')]).toEqual([null, null, null, null, null]);
    expect([bpsText(12), bpsText(-50), bpsText(0)]).toEqual(['+0.12%', '-0.5%', '0%']);
  });
});

describe('checks before sending', () => {
  const code = (f: RobotFields, available: string | null = '100') => validateRobot(f, limits, available)?.code ?? null;
  it('refuses in the server order, with its codes', () => {
    expect(code(fields())).toBeNull();
    expect(code(fields({ investment: ' ' }))).toBe('quant.investment.empty');
    expect(code(fields({ investment: 'abc' }))).toBe('quant.investment.invalid');
    expect(code(fields({ investment: '0' }))).toBe('quant.investment.invalid');
    expect(code(fields({ investment: '1.123456789' }))).toBe('quant.investment.invalid');
    expect(validateRobot(fields({ investment: '14.99999999' }), limits, '100')).toEqual({ code: 'quant.investment.below.min', field: 'investment', min: '15' });
    expect(code(fields({ investment: '15' }))).toBeNull();
    expect(validateRobot(fields({ investment: '100.00000001' }), limits, '100')).toEqual({ code: 'funds.insufficient', field: 'investment', available: '100' });
    // An unknown balance is the server's to check.
    expect(code(fields({ investment: '100000' }), null)).toBeNull();
    expect(code(fields({ takeProfit: '0.04' }))).toBe('quant.take.profit.invalid');
    expect(code(fields({ takeProfit: '20.01' }))).toBe('quant.take.profit.invalid');
    expect(code(fields({ stopLoss: '' }))).toBe('quant.stop.loss.invalid');
    expect(code(fields({ fundPassword: '' }))).toBe('quant.fund.password.required');
    // The first failing check is the one reported.
    expect(code(fields({ investment: '1', takeProfit: 'x', fundPassword: '' }))).toBe('quant.investment.below.min');
  });

  it('builds the start body in basis points; Max is the exact balance', () => {
    expect(robotStartBody(fields({ investment: ' 20.5 ', durationS: 60, takeProfit: '0.05', stopLoss: '1.25' }), 'BTCUSDT', 'web-1')).toEqual({
      kind: 'robot', symbol: 'BTCUSDT', investment: '20.5', durationS: 60, takeProfitBps: 5, stopLossBps: 125, fundPassword: '123456', clientId: 'web-1',
    });
    expect(maxInvestment('1234.56780000')).toBe('1234.5678');
    expect(maxInvestment(null)).toBe('');
  });
});

describe('the run', () => {
  const states = (b: QuantBotView) => robotSteps(b).map((s) => `${s.stage}:${s.state}`);
  it('shows the queue in progress, then holding on the sell, then every stage done', () => {
    expect(states(bot())).toEqual(['start:done', 'queue:active', 'capture:waiting', 'buy:waiting', 'sell:waiting', 'end:waiting']);
    expect(states(holding())).toEqual(['start:done', 'queue:done', 'capture:done', 'buy:done', 'sell:active', 'end:waiting']);
    expect(isHolding(holding())).toBe(true);
    expect(isHolding(bot())).toBe(false);
    const ended = holding({
      status: 'ended', stage: 'end', endedAt: 30_000, endReason: 'take_profit',
      stages: [...holding().stages, stage('sell', 30_000, { price: '40120', qty: '0.0004995', quote: '20.039939', fee: '0.02003993', reason: 'take_profit' }), stage('end', 30_000, { reason: 'take_profit' })],
    });
    expect(states(ended)).toEqual(['start:done', 'queue:done', 'capture:done', 'buy:done', 'sell:done', 'end:done']);
    expect(robotSteps(ended)[4]?.view?.reason).toBe('take_profit');
  });

  it('marks the stages an ended run never reached as skipped', () => {
    const noFill = bot({ status: 'ended', stage: 'end', endedAt: 61_000, endReason: 'no_fill', stages: [stage('start', 1_000), stage('queue', 1_000), stage('end', 61_000, { reason: 'no_fill' })] });
    expect(states(noFill)).toEqual(['start:done', 'queue:done', 'capture:skipped', 'buy:skipped', 'sell:skipped', 'end:done']);
  });

  it('values a holding robot at the live price and an ended one by what it gave back, as the server does', () => {
    const h = holding();
    // 0.0004995 BTC at 40 100: 20.02995 → +0.02995 USDT, 14 bps.
    expect(robotPnl(h, '40100')).toEqual({ pnl: '0.02995', bps: 14, sign: 'up' });
    expect(robotPnl(h, '39800')).toEqual({ pnl: '-0.1199', bps: -59, sign: 'down' });
    // No live price yet: the view's own last.
    expect(robotPnl(h, null)).toEqual({ ...robotPnl(h, '40000') });
    const ended = bot({ status: 'ended', endedAt: 9, endReason: 'time_limit', returnedQuote: '19.97', returnedBase: '0.0000001' });
    // An ended run's P&L is the server's, whatever price the page sees now (its leftover base at the view's last).
    const server = botPnl(ended, ended.last);
    expect(robotPnl(ended, '1')).toEqual({ pnl: fromUnits(server.pnl), bps: server.bps, sign: 'down' });
    expect(fromUnits(server.pnl)).toBe('-0.026');
  });

  it('writes amounts, signs, countdowns and durations', () => {
    expect([amountText('1234.5'), amountText('0.00012300', 0), amountText('20'), amountText(null), amountText('-0.5')]).toEqual(['1,234.50', '0.000123', '20.00', '--', '-0.50']);
    expect([signedAmount('0.02995'), signedAmount('-0.120099'), signedAmount('0')]).toEqual(['+0.02995', '-0.120099', '0.00']);
    expect([countdownText(120_000), countdownText(59_001), countdownText(0), countdownText(-5)]).toEqual(['2:00', '1:00', '0:00', '0:00']);
    expect([durationText(45_000), durationText(65_000), durationText(3_725_000)]).toEqual(['45s', '1m 05s', '1h 02m']);
  });
});

describe('asset records', () => {
  it('names the bot reserve and release records and files them under quantitative trading', () => {
    expect(recordTypeLabel('quant_reserve')).toBe('records.type.quantReserve');
    expect(recordTypeLabel('quant_release')).toBe('records.type.quantRelease');
    const group = RECORD_TYPE_GROUPS.find((g) => g.types.includes('quant_reserve'));
    expect(group?.labelId).toBe('records.group.quant');
    expect(group?.types).toContain('quant_release');
    // Every server type in exactly one group.
    for (const type of ASSET_RECORD_TYPES) expect(RECORD_TYPE_GROUPS.filter((g) => g.types.includes(type)).length, type).toBe(1);
  });
});
