// The embedded bus: synchronous delivery in the publisher's order. A handler that throws is reported and skipped,
// never allowed to break the publisher (a desk publishes after its commit; the commit stands either way).
import { checkPattern, checkTopic, matches, type Bus, type Handler, type Unsubscribe } from './bus.ts';

export interface InProcessBusOptions {
  /** Where handler failures go; default: console.error. */
  onError?: (error: unknown, topic: string) => void;
}

interface Subscription<E> {
  readonly pattern: string;
  readonly handler: Handler<E>;
}

export function createInProcessBus<E>(options: InProcessBusOptions = {}): Bus<E> {
  const onError = options.onError ?? ((error, topic) => console.error(`bus handler for ${topic} failed`, error));
  let subs: ReadonlyArray<Subscription<E>> = [];
  let closed = false;
  return Object.freeze({
    publish(topic: string, event: E): void {
      if (closed) return;
      checkTopic(topic);
      // A snapshot of the list: handlers that (un)subscribe while we deliver change the next publish, not this one.
      for (const s of subs) {
        if (!matches(s.pattern, topic)) continue;
        try {
          s.handler(event, topic);
        } catch (error) {
          onError(error, topic);
        }
      }
    },
    subscribe(pattern: string, handler: Handler<E>): Unsubscribe {
      checkPattern(pattern);
      const sub = { pattern, handler };
      subs = [...subs, sub];
      return () => {
        subs = subs.filter((s) => s !== sub);
      };
    },
    async close(): Promise<void> {
      closed = true;
      subs = [];
    },
  });
}
