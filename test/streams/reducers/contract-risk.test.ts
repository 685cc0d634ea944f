import { describe, expect, it } from 'vitest';
import type { ContractAccountItem, ContractPositionItem } from '../../../streams/contract.ts';
import { bracketItems } from '../../../server/gateway/routes/contract/views.ts';
import { bracketsOf } from '../../../streams/reducers/contract-markets.ts';
import { applyPositionsReply, noContractPositions } from '../../../streams/reducers/contract-positions.ts';
import { liveContract } from '../../../streams/reducers/contract-risk.ts';
import { BTC_PERP, E8 } from '../../server/kernel/perp/engine-fixtures.ts';

const btc: ContractPositionItem = {
  symbol: 'BTCUSDT', codeName: 'BTC/USDT', direction: 'short', quantity: '0.1', lots: 100, multiplier: '0.001', leverage: 10, marginType: 'isolated',
  entryPrice: '50000', markPrice: '50000', notional: '5000', margin: '500', entrustMargin: '0', unrealizedPnl: '0', entryNotional: '5000', marginRatio: '4',
  profitRate: '0', maintenanceMargin: '20', liquidationPrice: '54780.87649402', adlQuantile: 2, takeProfit: '45000', stopLoss: null,
};
const account: ContractAccountItem = {
  asset: 'USDT', walletBalance: '500', crossWalletBalance: '0', unrealizedPnl: '0', marginBalance: '500', positionMargin: '500', entrustMargin: '0',
  crossMaintenance: '0', crossMarginRatio: null, available: '0', time: 100,
};
const state = applyPositionsReply(noContractPositions, { positions: [btc], settings: [], account });
const brackets = bracketsOf({ brackets: bracketItems(BTC_PERP) });

describe('live positions', () => {
  it('show the server figures as they came until the brackets are known', () => {
    const live = liveContract(state, new Map([['BTCUSDT', { price: 40_000n * E8, time: 200 }]]), () => null, null);
    expect(live.rows.get('BTCUSDT')).toBe(btc);
    expect(live.account).toBe(account);
  });

  it('take the mark the server used when its item is newer than the topic mark, the topic mark otherwise', () => {
    const old = liveContract(state, new Map([['BTCUSDT', { price: 40_000n * E8, time: 50 }]]), () => brackets, null);
    expect(old.rows.get('BTCUSDT')).toEqual(btc);
    const live = liveContract(state, new Map([['BTCUSDT', { price: 49_000n * E8, time: 150 }]]), () => brackets, old);
    // A short gains 100 on 0.1 BTC: 20 % of its 500 initial margin; the other fields are the server's.
    expect(live.rows.get('BTCUSDT')).toEqual({ ...btc, markPrice: '49000', notional: '4900', unrealizedPnl: '100', profitRate: '20', maintenanceMargin: '19.6', marginRatio: '3.266667' });
    expect(live.account).toEqual({ ...account, unrealizedPnl: '100', marginBalance: '600' });
    expect(live.symbols).toBe(old.symbols);
    expect(liveContract(state, new Map([['BTCUSDT', { price: 49_000n * E8, time: 160 }]]), () => brackets, live).list).toBe(live.list);
  });
});
