// Open/closed state of the contact modal (spec §4), opened from the header and the footer.
import { atom } from 'jotai';
import { store } from './store.ts';

export const contactOpenAtom = atom(false);

export function openContact(): void {
  store.set(contactOpenAtom, true);
}
export function closeContact(): void {
  store.set(contactOpenAtom, false);
}
