// Per-topic sequence check (contract: `seq` rises by exactly one per event on a topic). Pure, so the rule is
// tested on its own; the topic hub acts on the verdict.

/** `accept` the next event; `stale` is a duplicate or a late frame; `gap` means at least one event was lost. */
export type SeqVerdict = 'accept' | 'stale' | 'gap';

/** `last` is null right after a (re)subscription: the first event sets the baseline, whatever its number. */
export function checkSeq(last: number | null, seq: number): SeqVerdict {
  if (last === null || seq === last + 1) return 'accept';
  return seq <= last ? 'stale' : 'gap';
}
