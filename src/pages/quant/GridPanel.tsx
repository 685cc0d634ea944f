// The spot grid in the terminal's entry panel: a new grid (the form, its live preview and backtest) and the user's
// running grids, side by side as two views; a started grid switches to the running ones.
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { dataOf, useQuantBots } from '../../../streams/index.ts';
import { useSignedIn } from '../../state/index.ts';
import { GridBots } from './GridBots.tsx';
import { GridForm } from './GridForm.tsx';
import * as s from './grid.css.ts';

type View = 'create' | 'running';

export function GridPanel({ symbol }: { symbol: string }) {
  const { _ } = useLingui();
  const signedIn = useSignedIn();
  const [view, setView] = useState<View>('create');
  const running = (dataOf(useQuantBots())?.grid ?? []).filter((b) => b.status === 'running').length;
  const views: ReadonlyArray<{ key: View; label: string }> = [
    { key: 'create', label: _('grid.view.create') },
    { key: 'running', label: _('grid.view.running', { count: running }) },
  ];
  return (
    <div className={s.panel} data-testid="grid-panel">
      {signedIn ? (
        <div className={s.views} role="tablist">
          {views.map((v) => (
            <button key={v.key} type="button" role="tab" className={s.view} aria-selected={view === v.key} data-testid={`grid-view-${v.key}`} onClick={() => setView(v.key)}>
              {v.label}
            </button>
          ))}
        </div>
      ) : null}
      {view === 'running' && signedIn ? <GridBots symbol={symbol} /> : <GridForm symbol={symbol} onStarted={() => setView('running')} />}
    </div>
  );
}
