// The bus port: desks publish events on dotted topics after their commits; the gateway, the market-data service
// and others subscribe with NATS-style patterns ('*' one token, '>' the rest), so the in-process implementation
// and NATS JetStream (later) are interchangeable.

export type Unsubscribe = () => void;
export type Handler<E> = (event: E, topic: string) => void;

export interface Bus<E> {
  /** Delivers `event` to every subscription whose pattern matches `topic`, in subscription order. */
  publish(topic: string, event: E): void;
  /**
   * Whether an event on `topic` would reach anyone now, so a publisher can skip building one nobody receives. A bus
   * that cannot tell (one that forwards to other processes) answers true.
   */
  hasSubscribers(topic: string): boolean;
  subscribe(pattern: string, handler: Handler<E>): Unsubscribe;
  close(): Promise<void>;
}

const TOKEN = /^[A-Za-z0-9_-]+$/;

/** Throws unless `topic` is dotted tokens of letters, digits, '_' and '-'. */
export function checkTopic(topic: string): void {
  if (!topic.split('.').every((t) => TOKEN.test(t))) throw new RangeError(`bad topic: ${topic}`);
}

/** Throws unless `pattern` is dotted tokens, '*' tokens, and at most a final '>'. */
export function checkPattern(pattern: string): void {
  const tokens = pattern.split('.');
  tokens.forEach((t, i) => {
    if (t === '>' && i === tokens.length - 1) return;
    if (t !== '*' && !TOKEN.test(t)) throw new RangeError(`bad topic pattern: ${pattern}`);
  });
}

export function matches(pattern: string, topic: string): boolean {
  return matchTokens(pattern.split('.'), topic.split('.'));
}

/** `matches` on topics already split into tokens (the bus splits each pattern once, at subscribe). */
export function matchTokens(p: readonly string[], t: readonly string[]): boolean {
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return t.length > i;
    if (i >= t.length || (p[i] !== '*' && p[i] !== t[i])) return false;
  }
  return p.length === t.length;
}
