// The user's seconds contracts by id: the REST seed (pending, holding and the latest history page) and the
// `secondsContracts` events, which carry the whole contract after any change. A contract only moves forward
// (pending → opening → holding → settled, pending → cancelled, opening → refunded), so a copy that is behind the held one (a late seed, a
// replayed event) is ignored and one contract is never counted twice. A fresh run of the topic opens a new epoch
// before its seed is read: an open contract the seed leaves out that no event of this run touched has ended meanwhile
// (cancelled, or settled beyond the history page) and goes.
import type { SecondsContractItem, SecondsStatus } from '../contract.ts';

interface Entry {
  readonly item: SecondsContractItem;
  readonly epoch: number;
}

export interface SecondsContracts {
  readonly entries: ReadonlyMap<string, Entry>;
  readonly epoch: number;
}

export interface SecondsSeed {
  readonly pending: readonly SecondsContractItem[];
  readonly holding: readonly SecondsContractItem[];
  readonly history: readonly SecondsContractItem[];
}

export const noSecondsContracts: SecondsContracts = { entries: new Map(), epoch: 0 };
/** Ended contracts kept (the history tab and the check above). */
export const SECONDS_ENDED_LIMIT = 200;

const RANK: Record<SecondsStatus, number> = { pending: 0, opening: 1, holding: 2, settled: 3, cancelled: 3, refunded: 3 };
const isOpen = (c: SecondsContractItem): boolean => c.status === 'pending' || c.status === 'opening' || c.status === 'holding';

/** Whether `next` is at least as far along as `held` (a holding copy that gained its open price is newer). */
function notBehind(held: SecondsContractItem, next: SecondsContractItem): boolean {
  const a = RANK[held.status];
  const b = RANK[next.status];
  if (a !== b) return b > a;
  return !(held.openTs !== null && next.openTs === null);
}

export const freshSecondsRun = (s: SecondsContracts): SecondsContracts => ({ entries: s.entries, epoch: s.epoch + 1 });

export function mergeSeconds(s: SecondsContracts, items: readonly SecondsContractItem[]): SecondsContracts {
  let next: Map<string, Entry> | null = null;
  for (const item of items) {
    const held = (next ?? s.entries).get(item.id);
    if (held && !notBehind(held.item, item)) continue;
    if (held && held.item === item) continue;
    next ??= new Map(s.entries);
    next.set(item.id, { item, epoch: s.epoch });
  }
  if (!next) return s;
  const ended = [...next].filter(([, e]) => !isOpen(e.item));
  if (ended.length > SECONDS_ENDED_LIMIT) {
    ended.sort((a, b) => endedAt(a[1].item) - endedAt(b[1].item));
    for (const [id] of ended.slice(0, ended.length - SECONDS_ENDED_LIMIT)) next.delete(id);
  }
  return { entries: next, epoch: s.epoch };
}

export function seedSeconds(s: SecondsContracts, seed: SecondsSeed): SecondsContracts {
  const all = [...seed.pending, ...seed.holding, ...seed.history];
  const listed = new Set(all.map((c) => c.id));
  const gone = [...s.entries].filter(([id, e]) => isOpen(e.item) && e.epoch < s.epoch && !listed.has(id));
  const merged = mergeSeconds(s, all);
  if (gone.length === 0) return merged;
  const entries = new Map(merged.entries);
  for (const [id] of gone) entries.delete(id);
  return { entries, epoch: s.epoch };
}

const endedAt = (c: SecondsContractItem): number => c.settledTs ?? c.createdTs;

export interface SecondsViews {
  /** Timed orders not started, the soonest first. */
  readonly pending: readonly SecondsContractItem[];
  /** Opening (waiting for the first record entry after acceptance) or counting down (or past delivery, not settled yet), the soonest delivery first. */
  readonly holding: readonly SecondsContractItem[];
  /** Settled, cancelled and refunded, the latest first. */
  readonly history: readonly SecondsContractItem[];
}

export const noSecondsViews: SecondsViews = { pending: [], holding: [], history: [] };

const sameItems = <T>(a: readonly T[], b: readonly T[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/** The three lists; each the same array as in `held` while its contracts are the same. */
export function secondsViews(s: SecondsContracts, held: SecondsViews | null = null): SecondsViews {
  const pending: SecondsContractItem[] = [];
  const holding: SecondsContractItem[] = [];
  const history: SecondsContractItem[] = [];
  for (const { item } of s.entries.values()) {
    if (item.status === 'pending') pending.push(item);
    else if (item.status === 'holding' || item.status === 'opening') holding.push(item);
    else history.push(item);
  }
  pending.sort((a, b) => (a.scheduledTs ?? a.deliveryTs) - (b.scheduledTs ?? b.deliveryTs) || a.id.localeCompare(b.id));
  holding.sort((a, b) => a.deliveryTs - b.deliveryTs || a.id.localeCompare(b.id));
  history.sort((a, b) => endedAt(b) - endedAt(a) || b.id.localeCompare(a.id));
  if (held === null) return { pending, holding, history };
  const out = {
    pending: sameItems(held.pending, pending) ? held.pending : pending,
    holding: sameItems(held.holding, holding) ? held.holding : holding,
    history: sameItems(held.history, history) ? held.history : history,
  };
  return out.pending === held.pending && out.holding === held.holding && out.history === held.history ? held : out;
}

/** The phase a holding contract is in at server time `now`: counting down, or delivered and waiting for its settlement. */
export const secondsPhase = (c: SecondsContractItem, now: number): 'counting' | 'settling' => (now < c.deliveryTs ? 'counting' : 'settling');
