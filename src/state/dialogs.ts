// The dialogs open over the page, oldest first. A dialog opened from a terminal panel lives here, not in the panel:
// the terminals remount every panel when the window crosses the narrow breakpoint (docked ↔ stacked, see
// pages/trade/useNarrow.ts) or when the dock moves a panel, and a dialog kept in the panel's state would close with
// it, losing what the user typed. The layout's DialogHost renders these entries; each entry's component keeps its own
// inputs, and stays mounted (so keeps them) until it is closed or the route changes.
import { atom } from 'jotai';
import type { ReactNode } from 'react';
import { store } from './store.ts';

export interface DialogEntry {
  readonly id: number;
  /** One dialog per key: opening a key that is open already does nothing (a double click opens one dialog). */
  readonly key: string;
  /** The control that opened it, where focus goes back when it closes (see ui/Modal.tsx). */
  readonly opener: HTMLElement | null;
  /** The dialog, given the function that closes it. */
  render(close: () => void): ReactNode;
}

export const dialogsAtom = atom<readonly DialogEntry[]>([]);
let nextId = 1;

const isElement = (el: Element | null | undefined): el is HTMLElement => typeof HTMLElement !== 'undefined' && el instanceof HTMLElement;

/** The element that has the focus now: the control a click or a key press just activated. */
function focused(): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  const active = document.activeElement;
  return isElement(active) && active !== document.body ? active : null;
}

/**
 * Opens a dialog over the page and returns the function that closes it. `opener` is the control that opened it
 * (an event's currentTarget; browsers that do not focus a clicked button would otherwise leave no trace of it);
 * without it, the focused element.
 */
export function openDialog(key: string, render: (close: () => void) => ReactNode, opener?: Element | null): () => void {
  const open = store.get(dialogsAtom).find((d) => d.key === key);
  if (open) return () => closeDialog(open.id);
  const id = nextId++;
  const element = isElement(opener) ? opener : focused();
  store.set(dialogsAtom, (list) => [...list, { id, key, opener: element, render }]);
  return () => closeDialog(id);
}

export function closeDialog(id: number): void {
  store.set(dialogsAtom, (list) => (list.some((d) => d.id === id) ? list.filter((d) => d.id !== id) : list));
}

/** Closes every dialog: the page they were opened on is gone. */
export function closeAllDialogs(): void {
  if (store.get(dialogsAtom).length > 0) store.set(dialogsAtom, []);
}
