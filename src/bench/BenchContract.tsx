// The contract variant of the bench page: perpetuals side by side, each with the contract terminal's summary strip
// (mark, index, funding countdown), its chart (candles, the mark-price line, the position's entry and liquidation
// lines), its own book and trades, over the positions table (every open position, each row live at every mark).
import { useMemo } from 'react';
import { useLingui } from '@lingui/react';
import { useContractPosition } from '../../streams/index.ts';
import { ContractHeader } from '../pages/contract/ContractHeader.tsx';
import { PositionsTable } from '../pages/contract/PositionsTable.tsx';
import type { ChartPriceLine } from '../pages/spot/candle-draw.ts';
import { ChartPanel } from '../pages/spot/ChartPanel.tsx';
import { OrderBook } from '../pages/spot/OrderBook.tsx';
import { RecentTrades } from '../pages/spot/RecentTrades.tsx';
import { SpotPanel } from '../pages/spot/SpotPanel.tsx';
import * as s from './bench.css.ts';

const ignore = (): void => undefined;

/** The contract terminal's chart: its position's entry and liquidation lines follow the position as it moves. */
function PerpChart({ symbol }: { symbol: string }) {
  const { _ } = useLingui();
  const position = useContractPosition(symbol);
  const entry = position?.entryPrice ?? null;
  const liquidation = position?.liquidationPrice ?? null;
  const lines = useMemo(() => {
    const out: ChartPriceLine[] = [];
    if (entry) out.push({ price: entry, label: _('perp.line.entry'), color: 'entry' });
    if (liquidation) out.push({ price: liquidation, label: _('perp.line.liquidation'), color: 'liquidation' });
    return out;
  }, [entry, liquidation, _]);
  return <ChartPanel symbol={symbol} venue="perp" priceLines={lines} />;
}

export type ContractBenchPanel = 'header' | 'chart' | 'book' | 'trades' | 'positions';
export const CONTRACT_BENCH_PANELS: readonly ContractBenchPanel[] = ['header', 'chart', 'book', 'trades', 'positions'];

/** `panels` leaves some out, to tell which one costs what. */
export function BenchContract({ symbols, panels = CONTRACT_BENCH_PANELS }: { symbols: readonly string[]; panels?: readonly ContractBenchPanel[] }) {
  const { _ } = useLingui();
  return (
    <div className={s.contractPage}>
      <div className={s.perps}>
        {symbols.map((symbol) => (
          <div key={symbol} className={s.perp} data-testid={`bench-${symbol}`}>
            {panels.includes('header') ? (
              <div className={s.perpHeader}>
                <ContractHeader symbol={symbol} />
              </div>
            ) : null}
            {panels.includes('chart') ? <PerpChart symbol={symbol} /> : null}
            {panels.includes('book') ? <OrderBook symbol={symbol} venue="perp" onPick={ignore} /> : null}
            {panels.includes('trades') ? <RecentTrades symbol={symbol} venue="perp" /> : null}
          </div>
        ))}
      </div>
      {panels.includes('positions') ? (
        <SpotPanel area="account" title={_('contract.tab.positions')} testId="contract-positions" bodyClass={s.positions}>
          <PositionsTable />
        </SpotPanel>
      ) : null}
    </div>
  );
}
