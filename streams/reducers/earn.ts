// The user's wealth and mining orders by kind and id: the REST seed (the active orders and the latest ended ones of
// each kind) and the `earn` events, which carry the whole order after any change (bought, each payment, settled,
// transferred out). An order only moves forward (active → ended; payments only add up), so a copy behind the held
// one (a late seed, a replayed event) is ignored. A fresh run of the topic opens a new epoch before its seed is read:
// an active order the seed leaves out that no event of this run touched has ended meanwhile beyond the seed's page,
// and goes.
import type { EarnKind, EarnOrderItem } from '../contract.ts';

interface Entry {
  readonly item: EarnOrderItem;
  readonly epoch: number;
}

export interface EarnOrders {
  readonly entries: ReadonlyMap<string, Entry>;
  readonly epoch: number;
}

export interface EarnSeed {
  /** Active orders (purchasing, in progress) of both kinds. */
  readonly active: readonly EarnOrderItem[];
  /** The latest ended orders of both kinds. */
  readonly ended: readonly EarnOrderItem[];
}

export interface EarnViews {
  /** Newest first. */
  readonly wealth: readonly EarnOrderItem[];
  readonly mining: readonly EarnOrderItem[];
}

export const noEarnOrders: EarnOrders = { entries: new Map(), epoch: 0 };
export const noEarnViews: EarnViews = { wealth: [], mining: [] };
/** Ended orders kept in memory (the page reads older ones by pages). */
export const EARN_ENDED_LIMIT = 200;

export const earnKey = (kind: EarnKind, id: number): string => `${kind}:${id}`;
export const isActiveEarn = (o: EarnOrderItem): boolean => o.status === 'purchasing' || o.status === 'in_progress';

/** Whether `next` is at least as far along as `held`. */
export function earnNotBehind(held: EarnOrderItem, next: EarnOrderItem): boolean {
  const a = isActiveEarn(held) ? 0 : 1;
  const b = isActiveEarn(next) ? 0 : 1;
  if (a !== b) return b > a;
  if (next.periodsPaid !== held.periodsPaid) return next.periodsPaid > held.periodsPaid;
  // purchasing → in_progress is the same order read later.
  return !(held.status === 'in_progress' && next.status === 'purchasing');
}

export const freshEarnRun = (s: EarnOrders): EarnOrders => ({ entries: s.entries, epoch: s.epoch + 1 });

const endedAt = (o: EarnOrderItem): number => o.closedAt ?? o.returnAt;

export function mergeEarn(s: EarnOrders, items: readonly EarnOrderItem[]): EarnOrders {
  let next: Map<string, Entry> | null = null;
  for (const item of items) {
    const key = earnKey(item.kind, item.id);
    const held = (next ?? s.entries).get(key);
    if (held && (held.item === item || !earnNotBehind(held.item, item))) continue;
    next ??= new Map(s.entries);
    next.set(key, { item, epoch: s.epoch });
  }
  if (!next) return s;
  const ended = [...next].filter(([, e]) => !isActiveEarn(e.item));
  if (ended.length > EARN_ENDED_LIMIT) {
    ended.sort((a, b) => endedAt(a[1].item) - endedAt(b[1].item));
    for (const [key] of ended.slice(0, ended.length - EARN_ENDED_LIMIT)) next.delete(key);
  }
  return { entries: next, epoch: s.epoch };
}

export function seedEarn(s: EarnOrders, seed: EarnSeed): EarnOrders {
  const all = [...seed.active, ...seed.ended];
  const listed = new Set(all.map((o) => earnKey(o.kind, o.id)));
  const gone = [...s.entries].filter(([key, e]) => isActiveEarn(e.item) && e.epoch < s.epoch && !listed.has(key));
  const merged = mergeEarn(s, all);
  if (gone.length === 0) return merged;
  const entries = new Map(merged.entries);
  for (const [key] of gone) entries.delete(key);
  return { entries, epoch: s.epoch };
}

const newestFirst = (a: EarnOrderItem, b: EarnOrderItem): number => b.purchasedAt - a.purchasedAt || b.id - a.id;

/** The orders of each kind, newest first; a list keeps its array while none of its orders changed. */
export function earnViews(s: EarnOrders, held: EarnViews = noEarnViews): EarnViews {
  const wealth: EarnOrderItem[] = [];
  const mining: EarnOrderItem[] = [];
  for (const { item } of s.entries.values()) (item.kind === 'wealth' ? wealth : mining).push(item);
  wealth.sort(newestFirst);
  mining.sort(newestFirst);
  const same = (a: readonly EarnOrderItem[], b: readonly EarnOrderItem[]) => a.length === b.length && a.every((o, i) => o === b[i]);
  return { wealth: same(wealth, held.wealth) ? held.wealth : wealth, mining: same(mining, held.mining) ? held.mining : mining };
}
