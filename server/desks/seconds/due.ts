// When each open contract next needs the desk: a pending one at its start, a holding one at its delivery. A binary
// min-heap of (time, id); entries that no longer apply (a cancelled or already handled contract) are dropped when
// they come up, so removing is free.
export class DueQueue {
  private readonly times: number[] = [];
  private readonly ids: number[] = [];

  get size(): number {
    return this.times.length;
  }

  push(time: number, id: number): void {
    const t = this.times;
    const ids = this.ids;
    let i = t.length;
    t.push(time);
    ids.push(id);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (t[parent]! <= time) break;
      t[i] = t[parent]!;
      ids[i] = ids[parent]!;
      i = parent;
    }
    t[i] = time;
    ids[i] = id;
  }

  /** The earliest time queued (undefined when empty). */
  peek(): number | undefined {
    return this.times[0];
  }

  /** Removes and answers the earliest entry. */
  pop(): { time: number; id: number } | undefined {
    const t = this.times;
    const ids = this.ids;
    if (t.length === 0) return undefined;
    const top = { time: t[0]!, id: ids[0]! };
    const lastT = t.pop()!;
    const lastId = ids.pop()!;
    if (t.length > 0) {
      let i = 0;
      const n = t.length;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        const c = r < n && t[r]! < t[l]! ? r : l;
        if (t[c]! >= lastT) break;
        t[i] = t[c]!;
        ids[i] = ids[c]!;
        i = c;
      }
      t[i] = lastT;
      ids[i] = lastId;
    }
    return top;
  }
}
