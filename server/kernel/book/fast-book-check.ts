// FastBook's internal-state check, kept apart from the hot code: every link, total, index entry and free slot.
import type { FastBook } from './fast-book.ts';
import { NIL } from './fast-book-store.ts';

export function checkFastBook(b: FastBook): void {
  const fail = (msg: string): never => {
    throw new Error(`FastBook: ${msg}`);
  };
  let live = 0;
  let liveLevels = 0;
  for (const ladder of [b.bids, b.asks]) {
    const isBid = ladder === b.bids;
    for (let n = 0; n < ladder.len; n++) {
      const key = ladder.keys[n]!;
      if (n > 0 && !(ladder.keys[n - 1]! < key)) fail(`ladder keys not strictly ascending at ${n}`);
      const lv = ladder.levels[n]!;
      if (lv < 0 || lv >= b.lHigh) fail(`ladder points at level slot ${lv}`);
      if ((b.lIsBid[lv] === 1) !== isBid) fail(`level ${lv} on the wrong side`);
      if (b.lPrice[lv]! * (isBid ? 1 : -1) !== key) fail(`level ${lv} price ${b.lPrice[lv]} ≠ ladder key ${key}`);
      if (!(b.lCount[lv]! > 0)) fail(`empty level ${lv} at price ${b.lPrice[lv]}`);
      liveLevels++;
      let count = 0;
      let total = 0;
      let prev = NIL;
      for (let s = b.lHead[lv]!; s !== NIL; s = b.oNext[s]!) {
        if (b.oPrev[s] !== prev) fail(`order slot ${s} prev link ${b.oPrev[s]} ≠ ${prev}`);
        if (b.oLevel[s] !== lv) fail(`order slot ${s} says level ${b.oLevel[s]}, found in ${lv}`);
        if (!(b.oQty[s]! > 0)) fail(`order ${b.oId[s]} has qty ${b.oQty[s]}`);
        if (b.index.get(b.oId[s]!) !== s) fail(`index does not map order ${b.oId[s]} to slot ${s}`);
        total += b.oQty[s]!;
        count++;
        prev = s;
        if (count > b.oHigh) fail(`cycle in level ${lv}`);
      }
      if (b.lTail[lv] !== prev) fail(`level ${lv} tail ${b.lTail[lv]} ≠ last order ${prev}`);
      if (count !== b.lCount[lv]) fail(`level ${lv} count ${b.lCount[lv]} ≠ ${count}`);
      if (total !== b.lTotal[lv]) fail(`level ${lv} total ${b.lTotal[lv]} ≠ ${total}`);
      live += count;
    }
  }
  if (live !== b.count) fail(`count ${b.count} ≠ ${live} orders on levels`);
  if (b.index.size !== live) fail(`index size ${b.index.size} ≠ ${live}`);
  let free = 0;
  for (let s = b.oFree; s !== NIL; s = b.oNext[s]!) {
    if (b.oLevel[s] !== NIL) fail(`free order slot ${s} still claims level ${b.oLevel[s]}`);
    if (++free > b.oHigh) fail('cycle in the order free list');
  }
  if (free + live !== b.oHigh) fail(`${free} free + ${live} live order slots ≠ ${b.oHigh} used`);
  let freeLevels = 0;
  for (let lv = b.lFree; lv !== NIL; lv = b.lHead[lv]!) {
    if (b.lCount[lv] !== -1) fail(`free level slot ${lv} is not marked free`);
    if (++freeLevels > b.lHigh) fail('cycle in the level free list');
  }
  if (freeLevels + liveLevels !== b.lHigh) fail(`${freeLevels} free + ${liveLevels} live level slots ≠ ${b.lHigh} used`);
  const bid = b.best('buy');
  const ask = b.best('sell');
  if (bid !== null && ask !== null && bid >= ask) fail(`crossed book: bid ${bid} ≥ ask ${ask}`);
}
