// The terminal's Quantitative tab (issue 24): two kinds of bot for the page's market, each trading with real spot
// orders under the user's own account and with the money set aside for it: the robot (RobotPanel: one buy, a
// take-profit, a stop and a time limit, its run on the spec's six stages) and the grid (GridPanel: a ladder of limit
// orders between two prices). The market is the page's (?symbol=), or the one handed in.
import { useState } from 'react';
import { useSearch } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { DEFAULT_SPOT_SYMBOL } from '../../app/search.ts';
import { GridPanel } from '../quant/GridPanel.tsx';
import { RobotPanel } from '../quant/RobotPanel.tsx';
import * as s from '../quant/robot.css.ts';

type QuantTab = 'robot' | 'grid';
const TABS: ReadonlyArray<{ key: QuantTab; labelId: string }> = [
  { key: 'robot', labelId: 'quant.tab.robot' },
  { key: 'grid', labelId: 'quant.tab.grid' },
];

export function QuantEntry({ symbol: given }: { symbol?: string } = {}) {
  const { _ } = useLingui();
  const [tab, setTab] = useState<QuantTab>('robot');
  const fromPage = useSearch({ strict: false, select: (q: { symbol?: unknown }) => (typeof q.symbol === 'string' ? q.symbol : undefined) });
  const symbol = given ?? fromPage ?? DEFAULT_SPOT_SYMBOL;
  return (
    <div className={s.shell} data-testid="quant-panel" data-symbol={symbol}>
      <div className={s.tabs} role="tablist" aria-label={_('trade.mode.quant')}>
        {TABS.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            className={s.tab}
            aria-selected={tab === t.key}
            data-testid={`quant-tab-${t.key}`}
            onClick={() => setTab(t.key)}
          >
            {_(t.labelId)}
          </button>
        ))}
      </div>
      {tab === 'robot' ? <RobotPanel symbol={symbol} /> : <GridPanel symbol={symbol} />}
    </div>
  );
}
