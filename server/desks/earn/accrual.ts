// An accrual run (issue 23) as commands of the earn desk: `payDue`, each paying up to a chunk of what is due at its
// own time, sent until one says nothing more is due. The run is not a command itself, so whichever process drives it
// (the embedded server's job, a cluster's jobs process, the operator's `earn run`) reaches the desk only through its
// commands, and in a cluster every payment comes from the desk's log (issue 26): applied again from the log, the
// same commands pay the same payments at the same times.
import type { AccrualReport, PayDueReport } from './api.ts';

/**
 * Pays everything due, two commands outstanding: the next chunk is applied while the one before it is being written
 * (the desk's thread and the store's writer side by side). Each payment is made once whatever the overlap: a command
 * takes what is due from the desk's own queue when it applies. Rejects with the first failed command's reason.
 */
export async function runDue(desk: { payDue(): Promise<PayDueReport> }): Promise<AccrualReport> {
  let paid = 0;
  let settled = 0;
  const inFlight = [desk.payDue(), desk.payDue()];
  for (;;) {
    let r: PayDueReport;
    try {
      r = await inFlight.shift()!;
    } catch (error) {
      for (const p of inFlight) p.catch(() => undefined); // failing the same way: reported once
      throw error;
    }
    paid += r.paid;
    settled += r.settled;
    if (r.more) inFlight.push(desk.payDue());
    if (inFlight.length === 0) return { paid, settled, nextDueAt: r.nextDueAt };
  }
}
