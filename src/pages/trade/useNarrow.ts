// Whether the window is narrow (the theme's breakpoint): the terminals stack their panels in one column there
// instead of docking them.
import { useSyncExternalStore } from 'react';
import { narrow } from '../../theme/media.ts';

const narrowQuery = typeof window === 'undefined' ? null : window.matchMedia(narrow);
const onNarrowChange = (change: () => void) => {
  narrowQuery?.addEventListener('change', change);
  return () => narrowQuery?.removeEventListener('change', change);
};

export const useNarrow = (): boolean => useSyncExternalStore(onNarrowChange, () => narrowQuery?.matches ?? false);
