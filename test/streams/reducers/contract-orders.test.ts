import { describe, expect, it } from 'vitest';
import { ENDED_ITEMS_LIMIT, freshRun, mergeLive, noLiveItems, openItems, seedLive, type LiveItemKind, type LiveItems } from '../../../streams/reducers/contract-orders.ts';

interface Item {
  id: number;
  open: boolean;
  time: number;
  updateTime: number;
}
const kind: LiveItemKind<Item> = { id: (i) => i.id, open: (i) => i.open };
const item = (id: number, open: boolean, updateTime: number): Item => ({ id, open, time: id, updateTime });
const ids = (s: LiveItems<Item>) => openItems(kind, s).map((i) => i.id);

describe('live item lists (pending orders, waiting conditional orders)', () => {
  it('newest by updateTime wins, and an ended item is not brought back by an older copy', () => {
    let s: LiveItems<Item> = mergeLive(kind, noLiveItems, [item(1, true, 10), item(2, true, 10)]);
    s = mergeLive(kind, s, [item(1, false, 20)]);
    const same = mergeLive(kind, s, [item(1, true, 15)]);
    expect(same).toBe(s);
    expect(ids(s)).toEqual([2]);
  });

  it('a seed drops open items of earlier runs it leaves out, but keeps what this run brought', () => {
    let s: LiveItems<Item> = mergeLive(kind, noLiveItems, [item(1, true, 10), item(2, true, 10)]);
    s = freshRun(s);
    s = mergeLive(kind, s, [item(3, true, 30)]);
    s = seedLive(kind, s, [item(1, true, 10)]);
    expect(ids(s)).toEqual([3, 1]);
  });

  it('keeps at most ENDED_ITEMS_LIMIT ended items, dropping the oldest', () => {
    const ended = Array.from({ length: ENDED_ITEMS_LIMIT + 5 }, (_, i) => item(i + 1, false, i));
    const s = mergeLive(kind, noLiveItems, [...ended, item(9_999, true, 0)]);
    expect(s.entries.size).toBe(ENDED_ITEMS_LIMIT + 1);
    expect(s.entries.has(1)).toBe(false);
    expect(ids(s)).toEqual([9_999]);
  });
});
