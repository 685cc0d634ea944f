// Shape checks of the transfer replies: a transfer and a page of them, refused whole when any field is wrong.
import { describe, expect, it } from 'vitest';
import { parseTransferItem, parseTransferPage } from '../../../src/api/assets-parse.ts';

const item = { transferId: 't-1', clientId: 'web-1', asset: 'USDT', amount: '10.5', from: 'coin', to: 'contract', status: 'credited', time: 1_700_000_000_000, creditTime: 1_700_000_000_001 };

describe('transfer replies', () => {
  it('reads a transfer', () => {
    expect(parseTransferItem(item)).toEqual(item);
    expect(parseTransferItem({ ...item, clientId: null, creditTime: null, status: 'debited' })).toEqual({ ...item, clientId: null, creditTime: null, status: 'debited' });
  });

  it('refuses unknown accounts, statuses, amounts and missing ids', () => {
    expect(parseTransferItem({ ...item, from: 'wealth' })).toBeNull();
    expect(parseTransferItem({ ...item, status: 'done' })).toBeNull();
    expect(parseTransferItem({ ...item, amount: '-1' })).toBeNull();
    expect(parseTransferItem({ ...item, amount: 10 })).toBeNull();
    expect(parseTransferItem({ ...item, transferId: '' })).toBeNull();
    expect(parseTransferItem({ ...item, time: 1.5 })).toBeNull();
    expect(parseTransferItem(null)).toBeNull();
  });

  it('reads a page, and refuses it whole when one item is malformed', () => {
    const page = { list: [item], total: 41, pageIndex: 3, pageSize: 20 };
    expect(parseTransferPage(page)).toEqual(page);
    expect(parseTransferPage({ ...page, list: [item, { ...item, to: 'x' }] })).toBeNull();
    expect(parseTransferPage({ ...page, total: '41' })).toBeNull();
    expect(parseTransferPage([])).toBeNull();
  });
});
