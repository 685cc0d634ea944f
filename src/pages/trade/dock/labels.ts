// The name of a panel, as its tab shows it: its kind's message id in the screen's labels, translated.
import { useLingui } from '@lingui/react';
import type { DockScreen } from './screen.ts';
import type { PanelRef } from './types.ts';

/** The translated name of a panel's kind on `screen`. */
export function usePanelLabel<K extends string>(screen: DockScreen<K>): (panel: PanelRef<K>) => string {
  const { _ } = useLingui();
  return (panel) => _(screen.labels[panel.kind]);
}
