// Per-topic sequence check (contract: `seq` rises by exactly one per event on a topic). Pure, so the rule is
// tested on its own; the topic hub acts on the verdict.

/** `accept` the next event; `stale` is a duplicate or a late frame; `gap` means at least one event was lost. */
export type SeqVerdict = 'accept' | 'stale' | 'gap';

/**
 * `last` is null right after a (re)subscription: the first event sets the baseline, whatever its number. An event
 * that stands for a run of them (merged by the socket worker, coalesce.ts) is checked by its run: `first` must
 * follow on from `last`, and it is stale only when its last (`seq`) is.
 */
export function checkSeq(last: number | null, seq: number, first = seq): SeqVerdict {
  if (last === null) return 'accept';
  if (seq <= last) return 'stale';
  return first === last + 1 ? 'accept' : 'gap';
}
