// The bus over NATS core publish/subscribe, for desks and gateways in separate processes. Events stay
// fire-and-forget as on the in-process bus: a desk publishes after its commit, and whoever needs every event reads
// the durable state (the store, the command log), not the bus. Topics become subjects under a prefix, so the bus's
// '>' never reaches the command log's or JetStream's own subjects, and tests on one server stay apart; patterns pass
// through as they are, since NATS wildcards are the port's ('*' one token, '>' the rest).
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { checkPattern, checkTopic, type Bus, type Handler, type Unsubscribe } from './bus.ts';
import { decode, encode } from './codec.ts';

export interface NatsBusOptions {
  /** Comma-separated NATS server addresses, e.g. '127.0.0.1:4222'. */
  servers: string;
  /** The connection's name as the server's monitoring shows it. */
  name?: string;
  /** Where handler failures, undecodable messages and connection errors go; default: console.error. */
  onError?: (error: unknown, topic: string) => void;
  /** Subject prefix (dotted tokens) every topic lives under; default 'ev'. Tests use a random one each. */
  prefix?: string;
}

/** The port plus what only a networked bus has. */
export interface NatsBus<E> extends Bus<E> {
  /** Resolves once the server has everything published and subscribed so far (publish only buffers). */
  flush(): Promise<void>;
  readonly connection: NatsConnection;
}

export async function createNatsBus<E>(options: NatsBusOptions): Promise<NatsBus<E>> {
  const onError = options.onError ?? ((error, topic) => console.error(`bus handler for ${topic} failed`, error));
  const prefix = options.prefix ?? 'ev';
  checkTopic(prefix);
  const cut = prefix.length + 1;
  const nc = await connect({ servers: options.servers.split(','), ...(options.name ? { name: options.name } : {}) });
  const subs = new Set<Subscription>();
  let closed = false;

  // Errors the server sends (a denied subject) and subscriptions falling behind arrive here, not at a call site.
  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'error') onError(s.error, '');
      else if (s.type === 'slowConsumer') onError(new Error(`slow consumer on ${s.sub.getSubject()}: ${s.pending} pending`), s.sub.getSubject().slice(cut));
    }
  })().catch((error: unknown) => onError(error, ''));

  return Object.freeze({
    connection: nc,
    publish(topic: string, event: E): void {
      if (closed) return;
      checkTopic(topic);
      try {
        // Buffered by the client and written in order; per connection, NATS delivers in that order.
        nc.publish(`${prefix}.${topic}`, encode(event));
      } catch (error) {
        // Too large, or the connection went away under us: the commit stands, so report and carry on.
        onError(error, topic);
      }
    },
    hasSubscribers(): boolean {
      // Other processes may listen; only they know.
      return !closed;
    },
    subscribe(pattern: string, handler: Handler<E>): Unsubscribe {
      checkPattern(pattern);
      if (closed) return () => undefined;
      const sub = nc.subscribe(`${prefix}.${pattern}`, {
        // A callback runs as each message is parsed, in arrival order; an iterator would add a hop per message.
        callback: (err, msg) => {
          const topic = msg ? msg.subject.slice(cut) : pattern;
          if (err) {
            onError(err, topic);
            return;
          }
          let event: E;
          try {
            event = decode(msg.data) as E;
          } catch (error) {
            onError(error, topic);
            return;
          }
          try {
            handler(event, topic);
          } catch (error) {
            onError(error, topic);
          }
        },
      });
      subs.add(sub);
      return () => {
        if (!subs.delete(sub) || closed) return;
        sub.unsubscribe();
      };
    },
    flush(): Promise<void> {
      return closed ? Promise.resolve() : nc.flush();
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      subs.clear();
      // Drain: what was published goes out, what the server already sent us is handled, then the socket closes.
      await nc.drain();
    },
  });
}
