// One signer per network and store: the signer holds a lease in the store (the desks' mechanism, server/store/
// leases.ts) named `signer:<network>`. It renews it on a timer and inside every transaction that writes its state,
// so a signer that lost its lease cannot allocate a nonce or record anything; a second signer waits for the lease.
// A holder that died on this host is taken over at once (server/desks/lease.ts holderIsDead), so a restart after a
// crash does not wait for the expiry.
import type { Clock } from '../../clock.ts';
import { holderIsDead, newHolderId } from '../../desks/lease.ts';
import type { Repositories, Store } from '../../store/index.ts';
import { LeaseLostError } from '../../store/leases.ts';

export const SIGNER_LEASE_TTL_MS = 30_000;

export class SignerLease {
  readonly desk: string;
  readonly holder: string;
  readonly ttlMs: number;
  private readonly store: Store;
  private readonly clock: Clock;
  private timer: NodeJS.Timeout | null = null;

  constructor(o: { store: Store; desk: string; clock: Clock; ttlMs?: number | undefined; holder?: string | undefined }) {
    this.store = o.store;
    this.desk = o.desk;
    this.clock = o.clock;
    this.ttlMs = o.ttlMs ?? SIGNER_LEASE_TTL_MS;
    this.holder = o.holder ?? newHolderId('signer-');
  }

  /** Takes the lease if it is free, expired or held by a dead process here; false when a live holder has it. */
  async tryAcquire(): Promise<{ ok: true } | { ok: false; holder: string; until: number }> {
    const current = await this.store.leases.find(this.desk);
    const takeOver = current && holderIsDead(current.holder) ? current.holder : undefined;
    if (await this.store.leases.acquire(this.desk, this.holder, this.clock(), this.ttlMs, takeOver)) return { ok: true };
    const held = await this.store.leases.find(this.desk);
    return { ok: false, holder: held?.holder ?? '?', until: Number(held?.expires_at ?? 0) };
  }

  /** Waits for the lease (checking every `retryMs`) until it is ours or `stopped()` says to give up. */
  async acquire(o: { log: (line: string) => void; retryMs: number; stopped: () => boolean }): Promise<boolean> {
    let told = false;
    for (;;) {
      const r = await this.tryAcquire();
      if (r.ok) return true;
      if (!told) {
        o.log(`waiting for the ${this.desk} lease, held by ${r.holder} until ${new Date(r.until).toISOString()}`);
        told = true;
      }
      if (o.stopped()) return false;
      await new Promise((resolve) => setTimeout(resolve, o.retryMs));
      if (o.stopped()) return false;
    }
  }

  /** Inside a store transaction: renews the lease first, or throws LeaseLostError and the transaction rolls back. */
  renewIn(repos: Repositories): Promise<void> {
    return repos.leases.renew(this.desk, this.holder, this.clock(), this.ttlMs);
  }

  /** Renews every third of the TTL; `lost` is told once if someone else took the lease. */
  keepAlive(lost: (error: LeaseLostError) => void): void {
    this.stopKeepAlive();
    this.timer = setInterval(() => {
      this.store.leases.renew(this.desk, this.holder, this.clock(), this.ttlMs).catch((error: unknown) => {
        // A failed statement (the database briefly away) is retried next time; a lost lease is final.
        if (!(error instanceof LeaseLostError)) return;
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
