// One async value as a union (idle | pending | success | error), loaded on mount and whenever `deps` change;
// a reply that arrives after the component moved on is dropped.
import { useEffect, useState, type DependencyList } from 'react';

export type Loadable<T> =
  | { status: 'pending' }
  | { status: 'success'; data: T }
  | { status: 'error'; error: unknown };

export function useLoadable<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList): Loadable<T> {
  const [state, setState] = useState<Loadable<T>>({ status: 'pending' });
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'pending' });
    load(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ status: 'success', data }),
      (error: unknown) => !controller.signal.aborted && setState({ status: 'error', error }),
    );
    return () => controller.abort();
    // The caller lists what `load` depends on, as with useEffect.
  }, deps);
  return state;
}
