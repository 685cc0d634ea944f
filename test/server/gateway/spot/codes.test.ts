// Every refusal a desk or the kernel can answer has one catalogue key with an HTTP status and a message; the
// contract's lists match the server's.
import { describe, expect, it } from 'vitest';
import { ASSET_RECORD_TYPES } from '../../../../server/contract/api.ts';
import { ERROR_CODES, isErrorCode } from '../../../../server/contract/errors.ts';
import { DESK_CODES, RECORD_TYPES } from '../../../../server/desks/index.ts';
import { REFUSALS, refused } from '../../../../server/gateway/routes/spot/codes.ts';
import { HTTP_STATUS } from '../../../../server/gateway/status.ts';
import { AppError } from '../../../../server/errors.ts';
import { Code, codeName, defineMarket, asset, type Amount, type Qty } from '../../../../server/kernel/index.ts';

const KERNEL_REFUSALS = Object.values(Code).filter((c) => c >= 1000).map((c) => codeName(c));

describe('spot refusal codes', () => {
  it.each([...DESK_CODES, ...KERNEL_REFUSALS])('%s maps to a catalogue key with a status', (code) => {
    const key = REFUSALS[code];
    expect(key, code).toBeDefined();
    expect(isErrorCode(key!)).toBe(true);
    expect(HTTP_STATUS[key!]).toBeTypeOf('number');
  });

  it('answers business refusals with 200 and an unavailable desk with 503', () => {
    for (const code of ERROR_CODES) expect(HTTP_STATUS[code], code).toBeTypeOf('number');
    expect(HTTP_STATUS['funds.insufficient']).toBe(200);
    expect(HTTP_STATUS['service.unavailable']).toBe(503);
  });

  it('fills the market limits a message names', () => {
    const m = defineMarket({
      symbol: 'BTCUSDT', base: asset('BTC'), quote: asset('USDT'), tickSize: 1_000_000n, lotSize: 1_000n,
      minQty: 10 as Qty, maxQty: 900_000_000 as Qty, minNotional: 500_000_000n as Amount, maxNotional: 10n ** 16n as Amount,
    });
    const data = (code: string) => {
      try {
        refused(code, m);
      } catch (error) {
        if (error instanceof AppError) return [error.code, error.data];
      }
      return null;
    };
    expect(data('order.qty.below.min')).toEqual(['order.qty.below.min', { min: '0.0001' }]);
    expect(data('order.notional.below.min')).toEqual(['order.notional.below.min', { min: '5', asset: 'USDT' }]);
    expect(data('decimal.price.off.tick')).toEqual(['order.price.off.tick', { step: '0.01' }]);
    expect(data('market.not.open')).toEqual(['currency.not.open', null]);
    expect(() => refused('no.such.code')).toThrow('unmapped desk code no.such.code');
  });

  it('lists the same asset record types as the desks', () => {
    expect([...ASSET_RECORD_TYPES]).toEqual([...RECORD_TYPES]);
  });
});
