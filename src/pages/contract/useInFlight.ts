// Row actions that go to the server (cancel an order, cancel a conditional, close a position at market): the row's
// button stays disabled while its request is out, a notice says it worked, and the client's own notice shows the
// server's message when it didn't.
import { useCallback, useState } from 'react';
import { pushNotice } from '../../state/index.ts';

export interface InFlight<K> {
  busy: ReadonlySet<K>;
  /** Runs `call` for `key` unless one is already out; `done` is the success notice. */
  run(key: K, call: () => Promise<unknown>, done: string): void;
}

export function useInFlight<K>(): InFlight<K> {
  const [busy, setBusy] = useState<ReadonlySet<K>>(new Set());
  const settle = (key: K) =>
    setBusy((held) => {
      const next = new Set(held);
      next.delete(key);
      return next;
    });
  const run = useCallback((key: K, call: () => Promise<unknown>, done: string) => {
    setBusy((held) => new Set(held).add(key));
    call().then(
      () => {
        settle(key);
        pushNotice('success', done);
      },
      () => settle(key),
    );
  }, []);
  return { busy, run };
}
