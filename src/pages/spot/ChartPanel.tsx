// The chart panel: the market's 24 h summary, and two views as tabs: the candlestick chart with its interval
// buttons, and the depth chart of the book. Each chart is its own lazily loaded chunk. With venue 'perp' it shows
// the perpetual of the symbol (its own book, trades and candles, and its mark price), with the price lines given.
import { lazy, Suspense, useState } from 'react';
import { useLingui } from '@lingui/react';
import { dataOf, useVenueTicker } from '../../../streams/index.ts';
import type { KlineInterval, MarketVenue } from '../../contract.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ChangeText, lastOf } from '../quotation/MarketRow.tsx';
import { pairName } from '../quotation/market-rows.ts';
import type { ChartPriceLine } from './candle-draw.ts';
import { SpotPanel } from './SpotPanel.tsx';
import * as s from './spot.css.ts';

const CandleChart = lazy(() => import('./CandleChart.tsx'));
const DepthChart = lazy(() => import('./DepthChart.tsx'));
const INTERVALS: readonly KlineInterval[] = ['1m', '5m', '15m', '1h', '4h', '1d'];

type View = 'candles' | 'depth';
const VIEWS: ReadonlyArray<{ key: View; labelId: string }> = [
  { key: 'candles', labelId: 'spot.chart.candles' },
  { key: 'depth', labelId: 'spot.chart.depth' },
];

interface Props {
  symbol: string;
  /** The spot market (default) or the perpetual of the symbol. */
  venue?: MarketVenue;
  /** Lines across the candles (a position's entry, liquidation, take-profit, stop-loss), moved in place. */
  priceLines?: readonly ChartPriceLine[];
}

export function ChartPanel({ symbol, venue = 'spot', priceLines }: Props) {
  const { _ } = useLingui();
  const [interval, setInterval] = useState<KlineInterval>('1m');
  const [view, setView] = useState<View>('candles');
  const ticker = dataOf(useVenueTicker(venue, symbol));
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
    <span className={s.chartHead}>
      <span className={s.chartViews} role="tablist" aria-label={_('trade.chart')}>
        {VIEWS.map((v) => (
          <button
            key={v.key}
            type="button"
            role="tab"
            className={v.key === view ? s.chipOn : s.chip}
            aria-selected={v.key === view}
            data-testid={`chart-view-${v.key}`}
            onClick={() => setView(v.key)}
          >
            {_(v.labelId)}
          </button>
        ))}
      </span>
      {view === 'candles' ? (
        <span className={s.chartViews}>
          {INTERVALS.map((i) => (
            <button key={i} type="button" className={i === interval ? s.chipOn : s.chip} aria-pressed={i === interval} onClick={() => setInterval(i)}>
              {i}
            </button>
          ))}
        </span>
      ) : null}
    </span>
  );
  return (
    <SpotPanel area="chart" title={title} actions={buttons} bodyClass={s.chartBody}>
      <Suspense fallback={<EmptyState>{_('common.loading')}</EmptyState>}>
        {view === 'candles' ? (
          <CandleChart symbol={symbol} interval={interval} venue={venue} {...(priceLines ? { priceLines } : {})} />
        ) : (
          <DepthChart symbol={symbol} venue={venue} />
        )}
      </Suspense>
    </SpotPanel>
  );
}
