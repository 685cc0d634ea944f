// The user's pending perpetual orders (`contractOrders` over GET orderList active 1) and waiting conditional orders
// (`contractConditionals` over GET conditionalList active 1), by number. An item replaces the held one unless it is
// older by updateTime; ended items are kept (up to a limit) so a late copy can't bring them back. A fresh run of the
// topic opens a new epoch before its seed is read: when the seed lands, an open item it leaves out that no event of
// this run touched has ended meanwhile, and goes.
import type { ContractConditionalItem, ContractOrderItem } from '../contract.ts';

export interface LiveItemKind<T> {
  id(item: T): number;
  open(item: T): boolean;
}

interface LiveEntry<T> {
  readonly item: T;
  /** The run whose event (or seed) set it. */
  readonly epoch: number;
}

export interface LiveItems<T> {
  readonly entries: ReadonlyMap<number, LiveEntry<T>>;
  readonly epoch: number;
}

export const noLiveItems: LiveItems<never> = { entries: new Map(), epoch: 0 };

/** Ended items kept for the check above. */
export const ENDED_ITEMS_LIMIT = 200;

/** A fresh run of the topic: what events bring from now on is newer than the seed about to be read. */
export const freshRun = <T>(s: LiveItems<T>): LiveItems<T> => ({ entries: s.entries, epoch: s.epoch + 1 });

export function mergeLive<T extends { updateTime: number }>(kind: LiveItemKind<T>, s: LiveItems<T>, items: readonly T[]): LiveItems<T> {
  let next: Map<number, LiveEntry<T>> | null = null;
  for (const item of items) {
    const id = kind.id(item);
    const held = (next ?? s.entries).get(id);
    if (held && held.item.updateTime > item.updateTime) continue;
    next ??= new Map(s.entries);
    next.set(id, { item, epoch: s.epoch });
  }
  if (!next) return s;
  const ended = [...next].filter(([, e]) => !kind.open(e.item));
  if (ended.length > ENDED_ITEMS_LIMIT) {
    ended.sort((a, b) => a[1].item.updateTime - b[1].item.updateTime);
    for (const [id] of ended.slice(0, ended.length - ENDED_ITEMS_LIMIT)) next.delete(id);
  }
  return { entries: next, epoch: s.epoch };
}

/** The seed: every open item at the moment it was read. */
export function seedLive<T extends { updateTime: number }>(kind: LiveItemKind<T>, s: LiveItems<T>, seed: readonly T[]): LiveItems<T> {
  const listed = new Set(seed.map(kind.id));
  const gone = [...s.entries].filter(([id, e]) => kind.open(e.item) && e.epoch < s.epoch && !listed.has(id));
  const merged = mergeLive(kind, s, seed);
  if (gone.length === 0) return merged;
  const entries = new Map(merged.entries);
  for (const [id] of gone) entries.delete(id);
  return { entries, epoch: s.epoch };
}

/** Open items, newest first (by time, then number). */
export function openItems<T extends { time: number }>(kind: LiveItemKind<T>, s: LiveItems<T>): T[] {
  const out: T[] = [];
  for (const e of s.entries.values()) if (kind.open(e.item)) out.push(e.item);
  return out.sort((a, b) => b.time - a.time || kind.id(b) - kind.id(a));
}

export const contractOrderKind: LiveItemKind<ContractOrderItem> = { id: (o) => o.orderNo, open: (o) => o.status === 'pending' };
export const contractConditionalKind: LiveItemKind<ContractConditionalItem> = { id: (c) => c.conditionalNo, open: (c) => c.status === 'waiting' };
