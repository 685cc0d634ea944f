import { describe, expect, it } from 'vitest';
import {
  parseContractAccount, parseContractMarkets, parseContractPosition, parseContractPositionUpdate, parseMarkPriceEvent,
} from '../../../streams/parse/contract.ts';

const position = {
  symbol: 'BTCUSDT', direction: 'long', quantity: '0.1', leverage: 10, marginType: 'cross', entryNotional: '5000', margin: '500', markPrice: '50000',
};

describe('contract payload parsers', () => {
  it('take a position whose figures the stream layer computes with are exact decimals of at most 8 places', () => {
    expect(parseContractPosition(position)).toMatchObject({ ...position, codeName: 'BTCUSDT', liquidationPrice: null, adlQuantile: null });
    expect(parseContractPosition({ ...position, entryNotional: '5000.000000001' })).toBeNull();
    expect(parseContractPosition({ ...position, quantity: 0.1 })).toBeNull();
    expect(parseContractPosition({ ...position, marginType: 'portfolio' })).toBeNull();
    expect(parseContractPosition({ ...position, entryNotional: undefined })).toBeNull();
  });

  it('a position update carries a position or null (flat); anything else is refused', () => {
    const update = { symbol: 'BTCUSDT', leverage: 10, marginType: 'cross', time: 1 };
    expect(parseContractPositionUpdate({ ...update, position: null })).toEqual({ ...update, position: null });
    expect(parseContractPositionUpdate({ ...update, position: { symbol: 'BTCUSDT' } })).toBeNull();
  });

  it('an account needs its balances and time; a mark event its prices; a market its brackets', () => {
    expect(parseContractAccount({ walletBalance: '1', crossWalletBalance: '1' })).toBeNull();
    expect(parseContractAccount({ walletBalance: '1', crossWalletBalance: '0.5', time: 3 })).toMatchObject({ asset: 'USDT', marginBalance: '1', crossMarginRatio: null });
    expect(parseMarkPriceEvent({ e: 'markPriceUpdate', E: 1, s: 'BTCUSDT', p: '50000.00000000', i: null, r: '0.00010000', T: 2 })).not.toBeNull();
    expect(parseMarkPriceEvent({ e: 'markPriceUpdate', E: 1, s: 'BTCUSDT', p: 'NaN', i: null, r: '0', T: 2 })).toBeNull();
    const bracket = { bracket: 1, notionalFloor: '0', notionalCap: '50000', maxLeverage: 125, maintenanceMarginRate: '0.4', maintenanceAmount: '0' };
    const market = { symbol: 'BTCUSDT', multiplier: '0.001', tickSize: '0.1', markPrice: null, indexPrice: null, brackets: [bracket] };
    expect(parseContractMarkets({ list: [market] })?.[0]).toMatchObject({ symbol: 'BTCUSDT', brackets: [bracket] });
    expect(parseContractMarkets({ list: [{ ...market, brackets: [] }] })).toBeNull();
    expect(parseContractMarkets({ list: [{ ...market, brackets: [{ ...bracket, maintenanceMarginRate: '0.0000001' }] }] })).toBeNull();
  });
});
