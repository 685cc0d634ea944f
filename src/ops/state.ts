// The console's little state: who is signed in (unknown until /me answers) and the notices on screen. Plain stores
// read through useSyncExternalStore: the console has no streams, so it needs nothing heavier.
import { useSyncExternalStore } from 'react';
import type { OpsCapability, OpsMe } from '../contract.ts';

type Listener = () => void;

function store<T>(initial: T) {
  let value = initial;
  const listeners = new Set<Listener>();
  return {
    get: () => value,
    set(next: T) {
      value = next;
      for (const l of listeners) l();
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** undefined: not known yet; null: nobody signed in. */
export const meStore = store<OpsMe | null | undefined>(undefined);

export function useMe(): OpsMe | null | undefined {
  return useSyncExternalStore(meStore.subscribe, meStore.get);
}

export function can(me: OpsMe | null | undefined, ...any: OpsCapability[]): boolean {
  return !!me && any.some((c) => me.capabilities.includes(c));
}

export interface Notice {
  id: number;
  kind: 'error' | 'success' | 'info';
  text: string;
}

export const noticeStore = store<Notice[]>([]);
let nextNotice = 1;

/** Shows a notice for a while (errors longer); the close button ends it sooner. */
export function pushNotice(kind: Notice['kind'], text: string): void {
  const id = nextNotice++;
  noticeStore.set([...noticeStore.get().slice(-4), { id, kind, text }]);
  setTimeout(() => dismissNotice(id), kind === 'error' ? 10_000 : 6_000);
}

export function dismissNotice(id: number): void {
  noticeStore.set(noticeStore.get().filter((n) => n.id !== id));
}

export function useNotices(): Notice[] {
  return useSyncExternalStore(noticeStore.subscribe, noticeStore.get);
}
