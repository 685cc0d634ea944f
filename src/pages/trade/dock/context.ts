// What a panel rendered inside the dock learns from it: that it is docked (so it fills its leaf and leaves the
// tab to name it) and where its group's tab strip keeps room for the panel's own controls.
import { createContext, useContext } from 'react';

export interface DockSlot {
  /** The element in the group's tab strip that the active panel's controls are portalled into (null until mounted). */
  actions: HTMLElement | null;
}

export const DockSlotContext = createContext<DockSlot | null>(null);

/** The dock slot of the panel being rendered, or null outside the dock (narrow screens). */
export const useDockSlot = (): DockSlot | null => useContext(DockSlotContext);
