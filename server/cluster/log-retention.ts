// Log retention (issue 26): the desks' command log on JetStream would grow for ever, and once a desk has committed a
// command's effects with its log position, the command is never read again: a desk that restarts, or a standby that
// takes over, rebuilds from the store and reads the log only after the position the store has. So the jobs process
// deletes, every minute, each desk's commands before the entry its stored position resumes at (that entry may be
// half applied: it stays). The floor is recorded beside the desk's commands before they go (CommandLog.trimBefore),
// so a desk whose store is behind it (restored from an older backup) refuses to start (LogGapError) rather than
// skip commands. JetStream keeps deduplicating the ids of deleted commands within its window (checked on the
// machine's nats-server: a retried append of a trimmed command is still answered as a duplicate).
import type { CommandLog } from '../bus/index.ts';
import type { Store } from '../store/index.ts';
import { resumeAt } from './protocol.ts';

/** How often the jobs process trims the logs. */
export const LOG_TRIM_MS = 60_000;

/** Trims each desk's log below the entry its stored position resumes at; answers how many commands went. */
export async function trimDeskLogs(log: Pick<CommandLog, 'trimBefore'>, store: Store, desks: readonly string[]): Promise<number> {
  let trimmed = 0;
  for (const desk of desks) {
    const { seq } = resumeAt(await store.leases.logPosition(desk));
    // Nothing committed yet (seq 0), or only its first entry: nothing to delete.
    if (seq > 1) trimmed += await log.trimBefore(desk, 'all', seq);
  }
  return trimmed;
}
