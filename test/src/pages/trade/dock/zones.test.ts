import { describe, expect, it } from 'vitest';
import { tabIndexAt, zoneAt } from '../../../../../src/pages/trade/dock/zones.ts';

const box = { left: 100, top: 50, width: 400, height: 200 };

describe('drop zones', () => {
  it('splits on the side nearest the pointer near an edge, joins in the middle', () => {
    expect(zoneAt(box, 300, 150)).toBe('center');
    expect(zoneAt(box, 110, 150)).toBe('left');
    expect(zoneAt(box, 490, 150)).toBe('right');
    expect(zoneAt(box, 300, 55)).toBe('top');
    expect(zoneAt(box, 300, 245)).toBe('bottom');
    // In a corner, the nearer side.
    expect(zoneAt(box, 105, 60)).toBe('left');
    expect(zoneAt(box, 130, 52)).toBe('top');
  });

  it('places a tab among others by their centres', () => {
    expect(tabIndexAt([50, 150, 250], 10)).toBe(0);
    expect(tabIndexAt([50, 150, 250], 160)).toBe(2);
    expect(tabIndexAt([50, 150, 250], 900)).toBe(3);
  });
});
