// The embedded bus: synchronous delivery in the publisher's order. A handler that throws is reported and skipped,
// never allowed to break the publisher (a desk publishes after its commit; the commit stands either way).
import { checkPattern, checkTopic, matchTokens, type Bus, type Handler, type Unsubscribe } from './bus.ts';

export interface InProcessBusOptions {
  /** Where handler failures go; default: console.error. */
  onError?: (error: unknown, topic: string) => void;
}

interface Subscription<E> {
  readonly tokens: readonly string[];
  readonly handler: Handler<E>;
}

/** Routes remembered per topic; cleared on every (un)subscribe, and when this many topics have been seen. */
const ROUTE_CACHE_LIMIT = 10_000;

export function createInProcessBus<E>(options: InProcessBusOptions = {}): Bus<E> {
  const onError = options.onError ?? ((error, topic) => console.error(`bus handler for ${topic} failed`, error));
  let subs: ReadonlyArray<Subscription<E>> = [];
  // Publishing is on every desk commit's path: match each topic against the patterns once, not per event.
  const routes = new Map<string, ReadonlyArray<Subscription<E>>>();
  let closed = false;

  function route(topic: string): ReadonlyArray<Subscription<E>> {
    let hit = routes.get(topic);
    if (hit) return hit;
    checkTopic(topic);
    const tokens = topic.split('.');
    hit = subs.filter((s) => matchTokens(s.tokens, tokens));
    if (routes.size >= ROUTE_CACHE_LIMIT) routes.clear();
    routes.set(topic, hit);
    return hit;
  }

  return Object.freeze({
    publish(topic: string, event: E): void {
      if (closed) return;
      // A snapshot of the list: handlers that (un)subscribe while we deliver change the next publish, not this one.
      for (const s of route(topic)) {
        try {
          s.handler(event, topic);
        } catch (error) {
          onError(error, topic);
        }
      }
    },
    hasSubscribers(topic: string): boolean {
      return !closed && route(topic).length > 0;
    },
    subscribe(pattern: string, handler: Handler<E>): Unsubscribe {
      checkPattern(pattern);
      const sub = { tokens: pattern.split('.'), handler };
      subs = [...subs, sub];
      routes.clear();
      return () => {
        subs = subs.filter((s) => s !== sub);
        routes.clear();
      };
    },
    async close(): Promise<void> {
      closed = true;
      subs = [];
      routes.clear();
    },
  });
}
