// The bell's live events (the `notices` topic, contract/content.ts ContentEvent). One watcher per store in a process
// keeps the set of announcements public now and, on every change of that set, tells its listeners (the WebSocket
// hub): `published` for one that came in, `unpublished` for one that left. The set is read from the store, with the
// clock, so everything that changes it is seen the same way:
//
// - an operator's publish or unpublish in this process (the console, the admin channel) pokes the watcher, which
//   reads at once;
// - a scheduled announcement comes in when the clock reaches its time: the watcher reads every `tickMs` (1 s) with
//   the clock's time, so the event is at most a tick late;
// - a change made by another process on the same store (another gateway, the CLI on the store) is seen at the next
//   tick.
//
// The first read sets the set without telling anyone (what was public before the server started is not news).
import type { Clock } from '../clock.ts';
import type { ContentEvent } from '../contract/content.ts';
import type { Store } from '../store/index.ts';

export type NoticeListener = (event: ContentEvent) => void;

export interface NoticesOptions {
  /** How often the store is read (default 1 s); 0: only when poked or checked (tests). */
  readonly tickMs?: number | undefined;
}

export const NOTICES_TICK_MS = 1_000;

export class ContentNotices {
  private readonly store: Store;
  private readonly clock: Clock;
  private readonly listeners = new Set<NoticeListener>();
  private known: Map<number, number> | null = null;
  private running: Promise<void> = Promise.resolve();
  private queued = false;
  private readonly timer: ReturnType<typeof setInterval> | null;
  private closed = false;

  constructor(store: Store, clock: Clock, options: NoticesOptions = {}) {
    this.store = store;
    this.clock = clock;
    const tick = options.tickMs ?? NOTICES_TICK_MS;
    this.timer = tick > 0 ? setInterval(() => this.poke(), tick) : null;
    this.timer?.unref();
    this.poke();
  }

  /** Listens for events; returns the unsubscribe. */
  subscribe(listener: NoticeListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  /** Reads again soon (once, however many pokes come meanwhile). */
  poke(): void {
    if (this.closed || this.queued) return;
    this.queued = true;
    this.running = this.running.then(async () => {
      this.queued = false;
      await this.read();
    });
  }

  /** Reads the store now (after any read under way) and tells the listeners what changed; for tests and callers that must know. */
  async check(): Promise<void> {
    this.poke();
    await this.running;
  }

  close(): void {
    this.closed = true;
    if (this.timer !== null) clearInterval(this.timer);
    this.listeners.clear();
  }

  private async read(): Promise<void> {
    if (this.closed) return;
    let now: Array<{ id: number; publishAt: number }>;
    try {
      now = await this.store.content.publicAnnouncements(this.clock());
    } catch {
      return; // the store is closing or failed: the next tick reads again
    }
    const next = new Map(now.map((a) => [a.id, a.publishAt]));
    const before = this.known;
    this.known = next;
    if (before === null) return;
    const events: ContentEvent[] = [];
    for (const [id, publishAt] of next) if (!before.has(id)) events.push({ type: 'published', id, kind: 'announcement', publishAt });
    for (const [id, publishAt] of before) if (!next.has(id)) events.push({ type: 'unpublished', id, kind: 'announcement', publishAt });
    events.sort((a, b) => a.publishAt - b.publishAt || a.id - b.id);
    for (const event of events) {
      for (const listener of this.listeners) {
        try {
          listener(event);
        } catch {
          // one listener's failure is not the others'
        }
      }
    }
  }
}

const watchers = new WeakMap<Store, ContentNotices>();

/** The store's watcher in this process, made on first use (the app makes it when it builds its routes). */
export function contentNotices(store: Store, clock: Clock, options?: NoticesOptions): ContentNotices {
  let w = watchers.get(store);
  if (w === undefined) {
    w = new ContentNotices(store, clock, options);
    watchers.set(store, w);
  }
  return w;
}

/** An operator changed what is public: the store's watcher (if this process has one) reads at once. */
export function pokeNotices(store: Store): void {
  watchers.get(store)?.poke();
}

/** Stops and forgets the store's watcher (the app's close). */
export function closeNotices(store: Store): void {
  watchers.get(store)?.close();
  watchers.delete(store);
}
