import { describe, expect, it } from 'vitest';
import type { TextLevel } from '../../../streams/contract.ts';
import { groupBook, groupLevels } from '../../../streams/reducers/grouping.ts';

const bids: TextLevel[] = [['100.37', '0.1'], ['100.12', '0.2'], ['100.00', '0.3'], ['99.99', '0.4'], ['98.01', '1.5']];
const asks: TextLevel[] = [['100.38', '0.1'], ['100.50', '0.2'], ['100.51', '0.3'], ['101.00', '0.4']];

describe('price-level grouping', () => {
  it('floors bids and ceils asks to a 0.5 tick, summing sizes exactly', () => {
    expect(groupLevels(bids, '0.5', 'bid')).toEqual([['100.0', '0.6'], ['99.5', '0.4'], ['98.0', '1.5']]);
    expect(groupLevels(asks, '0.5', 'ask')).toEqual([['100.5', '0.3'], ['101.0', '0.7']]);
  });

  it('groups at 0.01 (no change but spelling), 1 and 10', () => {
    expect(groupLevels(bids, '0.01', 'bid').map((l) => l[0])).toEqual(['100.37', '100.12', '100.00', '99.99', '98.01']);
    expect(groupLevels(bids, '1', 'bid')).toEqual([['100', '0.6'], ['99', '0.4'], ['98', '1.5']]);
    expect(groupLevels(asks, '1', 'ask')).toEqual([['101', '1.0']]);
    expect(groupLevels(bids, '10', 'bid')).toEqual([['100', '0.6'], ['90', '1.9']]);
  });

  it('has no float drift on small ticks', () => {
    const levels: TextLevel[] = [['0.30000001', '0.1'], ['0.29999999', '0.2'], ['0.2', '0.7']];
    expect(groupLevels(levels, '0.1', 'bid')).toEqual([['0.3', '0.1'], ['0.2', '0.9']]);
  });

  it('groupBook limits each side and leaves the book alone without a tick', () => {
    const view = { lastUpdateId: 7, bids, asks };
    expect(groupBook(view, null)).toBe(view);
    expect(groupBook(view, '1', 2).bids).toEqual([['100', '0.6'], ['99', '0.4']]);
    expect(groupBook(view, null, 1).asks).toEqual([['100.38', '0.1']]);
  });
});
