// Keeping a local book in step with the depth topic, exactly as Binance documents it: buffer diffs, fetch a REST
// snapshot, drop diffs with u <= lastUpdateId, apply the first diff only if U <= lastUpdateId + 1 <= u, and after
// that only a diff whose U is the previous u + 1. Anything else means a lost diff: back to buffering for a fresh
// snapshot. Pure: the pipeline fetches whenever the state is buffering with something in the buffer.
import type { DepthSnapshot, DepthUpdateEvent } from '../contract.ts';
import { applyLevels, bookFromSnapshot, type OrderBook } from './order-book.ts';

export type DepthSync =
  | { readonly phase: 'buffering'; readonly buffer: readonly DepthUpdateEvent[] }
  /** `bridged`: the first diff after the snapshot has been applied, so the strict U = u + 1 rule holds. */
  | { readonly phase: 'live'; readonly book: OrderBook; readonly bridged: boolean };

/** Diffs kept while a snapshot is on its way; beyond this the oldest go (a snapshot that old fails the check). */
export const DEPTH_BUFFER_LIMIT = 1_000;

export const startDepthSync = (): DepthSync => ({ phase: 'buffering', buffer: [] });

/** True when the state needs a (new) snapshot to make progress. */
export const wantsSnapshot = (state: DepthSync): boolean => state.phase === 'buffering' && state.buffer.length > 0;

export const applyDepthDiff = (state: DepthSync, diff: DepthUpdateEvent): DepthSync => applyDiff(state, diff, false);

/** The same, for a live book whose maps are the caller's own (bookFromSnapshot, ownBook): the diff goes in place. */
export const applyDepthDiffInPlace = (state: DepthSync, diff: DepthUpdateEvent): DepthSync => applyDiff(state, diff, true);

function applyDiff(state: DepthSync, diff: DepthUpdateEvent, owned: boolean): DepthSync {
  if (state.phase === 'buffering') {
    const buffer = [...state.buffer, diff];
    return { phase: 'buffering', buffer: buffer.length > DEPTH_BUFFER_LIMIT ? buffer.slice(-DEPTH_BUFFER_LIMIT) : buffer };
  }
  const { book } = state;
  if (diff.u <= book.lastUpdateId) return state; // already in the book
  const next = book.lastUpdateId + 1;
  const fits = state.bridged ? diff.U === next : diff.U <= next;
  // A gap: keep this diff, it is the first of the run the next snapshot is checked against.
  if (!fits) return { phase: 'buffering', buffer: [diff] };
  return { phase: 'live', book: applyLevels(book, diff.b, diff.a, diff.u, owned), bridged: true };
}

/** A snapshot only counts while buffering; one arriving after the book went live is stale. */
export function applyDepthSnapshot(state: DepthSync, snapshot: DepthSnapshot): DepthSync {
  if (state.phase === 'live') return state;
  let next: DepthSync = { phase: 'live', book: bookFromSnapshot(snapshot), bridged: false };
  // A snapshot older than the buffer leaves a gap: the first diff fails the check, and the rest of the buffer is
  // kept for the next snapshot. The book is new and nobody else holds it, so the buffer goes in place.
  for (const diff of state.buffer) next = applyDepthDiffInPlace(next, diff);
  return next;
}
