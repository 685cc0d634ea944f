// One process per desk: a desk (or the operator CLI acting through one) holds the desk's lease in the store while
// it runs. Commits renew it inside their own transaction, so a desk that lost it can't write; a timer renews it
// while idle. A lease held by a process that died on this host is taken over at once instead of after its expiry.
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { LeaseRenewal } from '../store/desk-writes.ts';
import type { Store } from '../store/index.ts';
import { LeaseLostError } from '../store/leases.ts';

export const LEASE_TTL_MS = 30_000;

export class LeaseHeldError extends Error {
  override name = 'LeaseHeldError';
}

// When this process started: with the pid it names a process even where pids repeat (pid 1 in a container).
const STARTED = String(Math.round(performance.timeOrigin));

/** `host:pid:start:random`: unique per desk start, and enough to tell whether the holder is still alive. */
export function newHolderId(label = ''): string {
  return `${hostname()}:${process.pid}:${STARTED}:${label}${randomUUID().slice(0, 8)}`;
}

/** True only when we can be sure: the holder ran on this host in a process that no longer exists. */
export function holderIsDead(holder: string): boolean {
  const [host, pidText, started] = holder.split(':');
  const pid = Number(pidText);
  if (host !== hostname() || !Number.isSafeInteger(pid) || pid <= 0) return false;
  // Our own pid: alive if it is us, dead if an earlier process had the pid (a restarted container).
  if (pid === process.pid) return started !== STARTED;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

export interface LeaseOptions {
  readonly store: Store;
  readonly desk: string;
  readonly clock: Clock;
  readonly holder?: string | undefined;
  readonly ttlMs?: number | undefined;
}

export class DeskLease {
  readonly desk: string;
  readonly holder: string;
  readonly ttlMs: number;
  private readonly store: Store;
  private readonly clock: Clock;
  private timer: NodeJS.Timeout | null = null;

  constructor(o: LeaseOptions) {
    this.store = o.store;
    this.desk = o.desk;
    this.clock = o.clock;
    this.holder = o.holder ?? newHolderId();
    this.ttlMs = o.ttlMs ?? LEASE_TTL_MS;
  }

  async acquire(): Promise<void> {
    const current = await this.store.leases.find(this.desk);
    const takeOver = current && holderIsDead(current.holder) ? current.holder : undefined;
    if (await this.store.leases.acquire(this.desk, this.holder, this.clock(), this.ttlMs, takeOver)) return;
    const held = await this.store.leases.find(this.desk);
    const until = held ? new Date(held.expires_at).toISOString() : '?';
    throw new LeaseHeldError(
      `the ${this.desk} desk is run by ${held?.holder ?? 'another process'} (lease until ${until}); stop that process first`,
    );
  }

  /** The renewal a commit carries: its transaction extends the lease first, or fails and rolls back. */
  renewal(): LeaseRenewal {
    return { desk: this.desk, holder: this.holder, now: this.clock(), ttlMs: this.ttlMs };
  }

  /** Renews every third of the TTL while the desk is idle; `lost` is told if someone else took it. */
  keepAlive(lost: (error: unknown) => void): void {
    this.timer = setInterval(() => {
      // An empty commit: the renewal alone, written like every commit (on SQLite by the store's writer thread, so
      // this thread never waits on the write lock or an fsync for it).
      const now = this.clock();
      const empty = {
        lease: this.renewal(),
        ledger: { desk: this.desk, now, entries: [], balances: [], system: [] },
        records: [], transfersOut: [], transfersIn: [], spot: null, perp: null,
      };
      this.store.commitDesk(empty).catch((error: unknown) => {
        // A failed statement is retried next time (the next commit's renewal decides); a lost lease is final.
        if (!(error instanceof LeaseLostError || (error instanceof Error && error.name === 'LeaseLostError'))) return;
        this.stopKeepAlive();
        lost(error);
      });
    }, Math.max(10, Math.floor(this.ttlMs / 3)));
    this.timer.unref();
  }

  stopKeepAlive(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async release(): Promise<void> {
    this.stopKeepAlive();
    await this.store.leases.release(this.desk, this.holder);
  }
}
