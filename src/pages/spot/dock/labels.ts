// The name of each kind of panel, as its tab shows it (existing terminal titles where there is one).
import { useLingui } from '@lingui/react';
import type { PanelKind, PanelRef } from './types.ts';

export const KIND_LABEL: Record<PanelKind, string> = {
  markets: 'trade.markets',
  chart: 'trade.chart',
  book: 'trade.book.title',
  trades: 'trade.trades.title',
  entry: 'trade.entry.title',
  account: 'spot.layout.panel.account',
};

/** The translated name of a panel's kind. */
export function usePanelLabel(): (panel: PanelRef) => string {
  const { _ } = useLingui();
  return (panel) => _(KIND_LABEL[panel.kind]);
}
