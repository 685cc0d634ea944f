// Whether the window is narrow (the theme's breakpoint): the terminals stack their panels in one column there
// instead of docking them. Switching remounts every panel (and closes what a panel had open, a menu; the dialogs
// live above the panels, in state/dialogs.ts, and stay), so a change counts only once it has held for SETTLE_MS: a window dragged back and forth across the breakpoint
// switches once, and a momentary width (Chromium reports innerWidth 1 while it captures a full-page screenshot)
// switches nothing.
import { useSyncExternalStore } from 'react';
import { narrow } from '../../theme/media.ts';

export const SETTLE_MS = 200;

const narrowQuery = typeof window === 'undefined' ? null : window.matchMedia(narrow);
let settled = false;
let timer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

function onQueryChange() {
  if (timer !== null) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    const now = narrowQuery?.matches ?? false;
    if (now === settled) return;
    settled = now;
    for (const listener of listeners) listener();
  }, SETTLE_MS);
}

function subscribe(change: () => void) {
  if (listeners.size === 0) {
    // While nobody listened the query was not followed: take it as it stands.
    settled = narrowQuery?.matches ?? false;
    narrowQuery?.addEventListener('change', onQueryChange);
  }
  listeners.add(change);
  return () => {
    listeners.delete(change);
    if (listeners.size > 0) return;
    narrowQuery?.removeEventListener('change', onQueryChange);
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
}

const snapshot = () => (listeners.size === 0 ? (narrowQuery?.matches ?? false) : settled);

export const useNarrow = (): boolean => useSyncExternalStore(subscribe, snapshot);
