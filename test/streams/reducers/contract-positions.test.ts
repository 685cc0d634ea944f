import { describe, expect, it } from 'vitest';
import type { ContractAccountItem, ContractPositionItem } from '../../../streams/contract.ts';
import {
  applyAccountUpdate, applyPositionsReply, applyPositionUpdate, noContractPositions, openPositions, settingsOf,
} from '../../../streams/reducers/contract-positions.ts';

const position = (symbol: string, quantity = '1'): ContractPositionItem => ({
  symbol, codeName: symbol, direction: 'long', quantity, lots: 1, multiplier: '1', leverage: 10, marginType: 'cross', entryPrice: '100', markPrice: '100',
  notional: '100', margin: '10', entrustMargin: '0', unrealizedPnl: '0', entryNotional: '100', marginRatio: '1', profitRate: '0', maintenanceMargin: '0.4',
  liquidationPrice: null, adlQuantile: 0, takeProfit: null, stopLoss: null,
});
const account = (time: number, walletBalance = '100'): ContractAccountItem => ({
  asset: 'USDT', walletBalance, crossWalletBalance: walletBalance, unrealizedPnl: '0', marginBalance: walletBalance, positionMargin: '0', entrustMargin: '0',
  crossMaintenance: '0', crossMarginRatio: null, available: walletBalance, time,
});
const symbols = (s: typeof noContractPositions) => openPositions(s).map((p) => `${p.item.symbol}:${p.item.quantity}`);

describe('contract positions state', () => {
  it('a reply is a snapshot: what it leaves out is flat, unless an update is newer than it', () => {
    let s = applyPositionsReply(noContractPositions, { positions: [position('A'), position('B')], settings: [], account: account(10) });
    s = applyPositionUpdate(s, { symbol: 'C', leverage: 5, marginType: 'cross', position: position('C'), time: 30 });
    s = applyPositionsReply(s, { positions: [position('A', '2')], settings: [], account: account(20) });
    expect(symbols(s)).toEqual(['A:2', 'C:1']);
  });

  it('an update older than what is held is ignored, and a closed position stays closed', () => {
    let s = applyPositionsReply(noContractPositions, { positions: [position('A')], settings: [], account: account(10) });
    s = applyPositionUpdate(s, { symbol: 'A', leverage: 10, marginType: 'cross', position: null, time: 20 });
    const late = applyPositionUpdate(s, { symbol: 'A', leverage: 10, marginType: 'cross', position: position('A'), time: 15 });
    expect(late).toBe(s);
    expect(symbols(s)).toEqual([]);
  });

  it('settings keep their object while unchanged; the account follows the newest', () => {
    let s = applyPositionsReply(noContractPositions, { positions: [], settings: [{ symbol: 'A', leverage: 10, marginType: 'cross' }], account: account(10) });
    const first = settingsOf(s, 'A');
    s = applyPositionUpdate(s, { symbol: 'A', leverage: 10, marginType: 'cross', position: null, time: 20 });
    expect(settingsOf(s, 'A')).toBe(first);
    s = applyPositionUpdate(s, { symbol: 'A', leverage: 25, marginType: 'isolated', position: null, time: 30 });
    expect(settingsOf(s, 'A')).toEqual({ leverage: 25, marginType: 'isolated' });
    s = applyAccountUpdate(s, account(40, '90'));
    expect(applyAccountUpdate(s, account(35, '80'))).toBe(s);
    expect(s.account?.walletBalance).toBe('90');
  });
});
