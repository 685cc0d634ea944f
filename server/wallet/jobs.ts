// The withdrawals' lifecycle job (issue 22; README.md beside this file). Every pass (at start, then every pollMs):
//   1. finishes applications a crash cut off: a row still `applying` APPLYING_GRACE_MS after it was created gets its
//      hold asked for again (the desk holds each id once, so a hold that did happen answers `duplicate`): held →
//      applied (and the user is told), refused → the row is dropped;
//   2. finishes releases: a rejected or cancelled row whose hold was not yet given back (released_at null);
//   3. follows the signer: for approved and broadcast rows, the signer's transactions (store.signer.txsFor). Once a
//      withdrawal has one (signed or later), its money is gone: the desk settles it (withdrawSettle: amount − fee to
//      the chain, the fee to fee income) and the row is broadcast with the hash (the user is told); the signer's
//      `confirmed` makes it confirmed; its confirmations are copied as they grow. A `failed` transaction leaves the
//      row where it is for the operator (`npm run admin -- wallet status` lists it).
// Each step is exactly-once by the desk's ids and the rows' conditional transitions (steps.ts), so two servers
// running this job, or a pass cut off by a crash, never move money twice.
import type { Clock } from '../clock.ts';
import type { Messages } from '../i18n/messages.ts';
import type { Notifier } from '../notify/notifier.ts';
import type { Store } from '../store/index.ts';
import type { WithdrawalRow } from '../store/wallet.ts';
import { tellWithdrawal } from './mail.ts';
import type { SignerTx, SignerTxReader, WalletDesk } from './ports.ts';
import { APPLYING_GRACE_MS } from './rules.ts';
import { holdStep, releaseStep, settleStep, type StepDeps } from './steps.ts';
import { startPeriodic } from '../jobs/periodic.ts';

/** Rows looked at per step and pass. */
const BATCH = 500;
export const WALLET_POLL_MS = 5_000;

export interface WalletJobsOptions {
  readonly store: Store;
  readonly clock: Clock;
  /** The desks (desks.spot has the wallet commands). */
  readonly desks: { readonly spot: WalletDesk };
  /** The anti-phishing notifier (notify/anti-phishing.ts withAntiPhishing): users are told of sent withdrawals. */
  readonly notifier: Notifier;
  readonly messages: Messages;
  /** The signer's record; by default store.signer. */
  readonly signer?: SignerTxReader;
  /** Between passes; 0: no timer (tests call tick). */
  readonly pollMs?: number;
  readonly onError?: (error: unknown) => void;
}

export interface LifecycleReport {
  /** Applications finished: held now (applied), or dropped (refused). */
  readonly held: number[];
  readonly dropped: number[];
  readonly released: number[];
  /** Settled and shown broadcast (or confirmed at once). */
  readonly settled: number[];
  readonly confirmed: number[];
  /** Approved or broadcast withdrawals whose transaction failed, or whose settlement the desk refused. */
  readonly stuck: number[];
}

export interface WalletJobs {
  tick(): Promise<LifecycleReport | null>;
  stop(): Promise<void>;
}

/** The transaction that speaks for a withdrawal: a live one before a failed one, the latest first. */
function txOf(txs: readonly SignerTx[]): SignerTx | undefined {
  return [...txs].sort((a, b) => Number(a.status === 'failed') - Number(b.status === 'failed') || b.updatedAt - a.updatedAt)[0];
}

/** One pass of the lifecycle. Exported so tests (and the operator's tools) can run it by hand. */
export async function lifecycleStep(o: Omit<WalletJobsOptions, 'pollMs' | 'onError'>): Promise<LifecycleReport> {
  const { store, clock } = o;
  const d: StepDeps = { store, clock, desk: o.desks.spot };
  const mail = { store, notifier: o.notifier, messages: o.messages };
  const report: LifecycleReport = { held: [], dropped: [], released: [], settled: [], confirmed: [], stuck: [] };
  const tell = (w: WithdrawalRow, kind: 'applied' | 'sent') => tellWithdrawal(mail, w, kind).catch(() => false);

  for (const w of await store.wallet.inStates(['applying'], BATCH, { createdBefore: clock() - APPLYING_GRACE_MS })) {
    const held = await holdStep(d, w);
    if (held.ok) {
      report.held.push(w.id);
      if (held.moved) await tell(held.row, 'applied');
    } else report.dropped.push(w.id);
  }

  for (const w of await store.wallet.inStates(['rejected', 'cancelled'], BATCH, { unreleased: true })) {
    await releaseStep(d, w, w.status === 'rejected' ? 'rejected' : 'cancelled');
    report.released.push(w.id);
  }

  const signer = o.signer ?? store.signer;
  const open = await store.wallet.inStates(['approved', 'broadcast'], BATCH);
  if (open.length === 0) return report;
  const byId = new Map<number, SignerTx[]>();
  for (const tx of await signer.txsFor(open.map((w) => w.id))) byId.set(tx.withdrawalId, [...(byId.get(tx.withdrawalId) ?? []), tx]);
  for (const w of open) {
    const tx = txOf(byId.get(w.id) ?? []);
    if (tx === undefined) continue;
    if (tx.status === 'failed') {
      report.stuck.push(w.id);
      continue;
    }
    if (w.status === 'approved') {
      if (!(await settleStep(d, w, tx))) {
        report.stuck.push(w.id);
        continue;
      }
      report.settled.push(w.id);
      const now = await store.wallet.get(w.id);
      if (now !== undefined) await tell(now, 'sent');
      continue;
    }
    if (tx.status === 'confirmed') {
      if (await store.wallet.transition(w.id, ['broadcast'], 'confirmed', clock(), { confirmations: tx.confirmations, txHash: tx.txHash })) report.confirmed.push(w.id);
    } else await store.wallet.setConfirmations(w.id, tx.confirmations, clock());
  }
  return report;
}

/** Starts the lifecycle: a pass at once (the start's reconcile), then every pollMs. `stop` waits for a running pass. */
export function startWalletJobs(o: WalletJobsOptions): WalletJobs {
  return startPeriodic({ pollMs: o.pollMs ?? WALLET_POLL_MS, onError: o.onError, pass: () => lifecycleStep(o) });
}
