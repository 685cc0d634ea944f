// The chart panel: the market's 24 h summary, interval buttons, and the lazily loaded chart.
import { lazy, Suspense, useState } from 'react';
import { useLingui } from '@lingui/react';
import { dataOf, useTicker } from '../../../streams/index.ts';
import type { KlineInterval } from '../../contract.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ChangeText, lastOf } from '../quotation/MarketRow.tsx';
import { pairName } from '../quotation/market-rows.ts';
import { SpotPanel } from './SpotPanel.tsx';
import * as s from './spot.css.ts';

const CandleChart = lazy(() => import('./CandleChart.tsx'));
const INTERVALS: readonly KlineInterval[] = ['1m', '5m', '15m', '1h', '4h', '1d'];

export function ChartPanel({ symbol }: { symbol: string }) {
  const { _ } = useLingui();
  const [interval, setInterval] = useState<KlineInterval>('1m');
  const ticker = dataOf(useTicker(symbol));
  const title = (
    <span className={s.summary}>
      <strong>{pairName(symbol)}</strong>
      {ticker ? (
        <>
          <span className={`${s.mono}`} data-testid="spot-last">{formatDecimal(lastOf(ticker))}</span>
          <ChangeText ticker={ticker} />
          <span className={s.muted}>
            {_('market.col.high')} <span className={s.mono}>{formatDecimal(ticker.count > 0 ? ticker.highPrice : null)}</span>
          </span>
          <span className={s.muted}>
            {_('market.col.low')} <span className={s.mono}>{formatDecimal(ticker.count > 0 ? ticker.lowPrice : null)}</span>
          </span>
          <span className={s.muted}>
            {_('market.col.volume')} <span className={s.mono}>{formatDecimal(ticker.quoteVolume, 2)}</span>
          </span>
        </>
      ) : null}
    </span>
  );
  const buttons = (
    <span className={s.chips}>
      {INTERVALS.map((i) => (
        <button key={i} type="button" className={i === interval ? s.chipOn : s.chip} aria-pressed={i === interval} onClick={() => setInterval(i)}>
          {i}
        </button>
      ))}
    </span>
  );
  return (
    <SpotPanel area="chart" title={title} actions={buttons} bodyClass={s.chartBody}>
      <Suspense fallback={<EmptyState>{_('common.loading')}</EmptyState>}>
        <CandleChart symbol={symbol} interval={interval} />
      </Suspense>
    </SpotPanel>
  );
}
