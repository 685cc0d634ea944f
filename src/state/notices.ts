// Toast notices: each closes by itself after NOTICE_DURATION_MS (spec §8).
import { atom } from 'jotai';
import { NOTICE_DURATION_MS } from '../contract.ts';
import { store } from './store.ts';

export type NoticeKind = 'error' | 'success' | 'info';
export interface Notice {
  id: number;
  kind: NoticeKind;
  text: string;
}

export const noticesAtom = atom<readonly Notice[]>([]);
let nextId = 1;

export function pushNotice(kind: NoticeKind, text: string, durationMs: number = NOTICE_DURATION_MS): number {
  const id = nextId++;
  store.set(noticesAtom, (list) => [...list, { id, kind, text }]);
  setTimeout(() => dismissNotice(id), durationMs);
  return id;
}

export function dismissNotice(id: number): void {
  store.set(noticesAtom, (list) => list.filter((n) => n.id !== id));
}
