// Several topics read as one run, for state that one seed starts and several topics update (positions and the
// contract account): the run is live (subscribed) once every topic is, and broken (interrupted) when any topic's
// run breaks, so the seed is read again after any of them resumes. Events keep their topic's name.
import { Observable } from 'rxjs';
import type { TopicMessage } from '../socket/topics.ts';

/** An event of a joined run. */
export interface JoinedEvent<K extends string> {
  readonly topic: K;
  readonly data: unknown;
}

export function joinTopics<K extends string>(topics: Readonly<Record<K, Observable<TopicMessage>>>): Observable<TopicMessage> {
  return new Observable<TopicMessage>((subscriber) => {
    const names = Object.keys(topics) as K[];
    const live = new Set<K>();
    let joined = false;
    const subscriptions = names.map((name) =>
      topics[name].subscribe((message) => {
        switch (message.kind) {
          case 'subscribed':
            live.add(name);
            // Every topic live: a fresh run (again, when one of them resubscribed while the others stayed live).
            if (live.size === names.length) {
              joined = true;
              subscriber.next(message);
            }
            return;
          case 'interrupted':
            live.delete(name);
            if (joined) subscriber.next(message);
            joined = false;
            return;
          case 'error':
            return subscriber.next(message);
          case 'event': {
            const data: JoinedEvent<K> = { topic: name, data: message.data };
            subscriber.next({ kind: 'event', data });
          }
        }
      }),
    );
    return () => {
      for (const s of subscriptions) s.unsubscribe();
    };
  });
}
