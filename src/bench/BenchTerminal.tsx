// Three markets side by side with the terminal's own panels: chart with its ticker line, canvas order book and
// recent trades, each reading the real stream layer.
import { ChartPanel } from '../pages/spot/ChartPanel.tsx';
import { OrderBook } from '../pages/spot/OrderBook.tsx';
import { RecentTrades } from '../pages/spot/RecentTrades.tsx';
import * as s from './bench.css.ts';

const ignore = (): void => undefined;

export type BenchPanel = 'chart' | 'book' | 'trades';
export const BENCH_PANELS: readonly BenchPanel[] = ['chart', 'book', 'trades'];

/** `panels` leaves some out, to tell which one costs what. */
export function BenchTerminal({ symbols, panels = BENCH_PANELS }: { symbols: readonly string[]; panels?: readonly BenchPanel[] }) {
  return (
    <div className={s.page}>
      {symbols.map((symbol) => (
        <div key={symbol} className={s.market} data-testid={`bench-${symbol}`}>
          {panels.includes('chart') ? <ChartPanel symbol={symbol} /> : null}
          {panels.includes('book') ? <OrderBook symbol={symbol} onPick={ignore} /> : null}
          {panels.includes('trades') ? <RecentTrades symbol={symbol} /> : null}
        </div>
      ))}
    </div>
  );
}
