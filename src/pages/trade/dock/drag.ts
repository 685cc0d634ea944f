// The tab being dragged, kept outside React state: only the drop indicator and the ghost label subscribe, so a
// pointer move never re-renders the panels.
import { useSyncExternalStore } from 'react';
import type { Zone } from './types.ts';

export interface DropTarget {
  groupId: string;
  zone: Zone;
  /** Place among the target's tabs, for a drop on its tab strip. */
  index?: number;
  /** True when the pointer is over the tab strip. */
  strip: boolean;
}

export interface DragState {
  panelId: string;
  label: string;
  x: number;
  y: number;
  target: DropTarget | null;
}

let state: DragState | null = null;
const listeners = new Set<() => void>();

export function setDrag(next: DragState | null): void {
  state = next;
  listeners.forEach((l) => l());
}

export const getDrag = (): DragState | null => state;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useDrag = (): DragState | null => useSyncExternalStore(subscribe, getDrag, getDrag);
