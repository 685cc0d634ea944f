// "Verify my balance", the check itself (no React): the proof file the user downloaded and the record entry fetched
// in a separate request from the public record go through the server's own module (liabilities.verifyProof, with
// WebCrypto); the entry's own hash is recomputed too. The result is told as the page shows it: five steps, each
// passed, failed or not reached.
import { liabilities } from '../../../contract.ts';

export const STEPS = ['download', 'leaf', 'path', 'root', 'published'] as const;
export type StepName = (typeof STEPS)[number];
export type StepState = 'ok' | 'failed' | 'skipped';

export interface CheckOutcome {
  readonly result: liabilities.VerifyResult;
  /** The record entry's hash is the hash of its contents. */
  readonly entryOk: boolean;
  readonly states: Readonly<Record<StepName, StepState>>;
  readonly ok: boolean;
}

const STEP_OF: Record<liabilities.VerifyStep, StepName> = { format: 'download', leaf: 'leaf', path: 'path', root: 'root', published: 'published' };

export async function checkProof(proof: unknown, entry: liabilities.LiabilitiesRecordEntry): Promise<CheckOutcome> {
  const { hash, ...rest } = entry;
  const entryOk = (await liabilities.recordHash(rest)) === hash;
  const result = await liabilities.verifyProof(proof, liabilities.publishedRoot(entry));
  const failed: StepName | null = !result.ok ? STEP_OF[result.step] : entryOk ? null : 'published';
  const at = failed === null ? STEPS.length : STEPS.indexOf(failed);
  const states = Object.fromEntries(STEPS.map((s, i) => [s, i < at ? 'ok' : i === at ? 'failed' : 'skipped'])) as Record<StepName, StepState>;
  return { result, entryOk, states, ok: failed === null };
}

/** The message id that says why a check failed. */
export function failureId(o: CheckOutcome): string {
  if (o.result.ok) return 'reserves.fail.record';
  switch (o.result.reason) {
    case 'format':
      return 'reserves.fail.format';
    case 'leaf.negative':
      return 'reserves.fail.leaf';
    case 'sibling.negative':
      return 'reserves.fail.sibling';
    case 'path.length':
    case 'root.hash':
    case 'root.sums':
      return 'reserves.fail.root';
    default:
      return 'reserves.fail.published';
  }
}

/** The file name a saved proof gets. */
export const proofFileName = (snapshotId: number): string => `liabilities-proof-${snapshotId}.json`;
