// The perpetuals' market picker (spec: contract trading): favourites and all, each with its mark price, 24 h change
// of the perpetual and the predicted funding rate, live from the mark and ticker streams; a click switches the page's
// market. Favourites are the same watchlist as the spot markets' (the symbols are the same markets).
import { memo, useCallback, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { dataOf, useContractMark, useContractMarkets, usePerpTicker } from '../../../streams/index.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { favouritesAtom } from '../../state/favourites.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ChangeText } from '../quotation/MarketRow.tsx';
import { pairName } from '../quotation/market-rows.ts';
import { SpotPanel } from '../spot/SpotPanel.tsx';
import { fundingClass } from './ContractHeader.tsx';
import * as s from '../spot/spot.css.ts';
import * as c from './terminal.css.ts';

type Filter = 'favourites' | 'all';

/** Decimal places of a tick ("0.01" → 2, "1" → 0): prices are shown at the market's own precision. */
export const tickDecimals = (tick: string): number => (tick.split('.')[1] ?? '').replace(/0+$/, '').length;

const Row = memo(function Row({ symbol, decimals, active, onPick }: { symbol: string; decimals: number; active: boolean; onPick(symbol: string): void }) {
  const mark = dataOf(useContractMark(symbol));
  const ticker = dataOf(usePerpTicker(symbol)) ?? null;
  return (
    <button type="button" className={active ? c.marketRowOn : c.marketRow} onClick={() => onPick(symbol)} data-testid="contract-market" data-symbol={symbol}>
      <span className={c.cell}>{pairName(symbol)}</span>
      <span className={`${s.mono} ${s.right} ${c.cell}`}>{formatDecimal(mark?.markPrice ?? null, decimals)}</span>
      <span className={`${s.mono} ${c.cell} ${c.small}`}>{ticker && ticker.count > 0 ? <ChangeText ticker={ticker} /> : '--'}</span>
      <span className={`${s.mono} ${s.right} ${c.cell} ${c.small} ${fundingClass(mark?.fundingRate ?? null)}`}>{mark?.fundingRate ? `${formatDecimal(mark.fundingRate, 4)}%` : '--'}</span>
    </button>
  );
});

export function ContractMarkets({ symbol }: { symbol: string }) {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const markets = dataOf(useContractMarkets()) ?? null;
  const favourites = useAtomValue(favouritesAtom);
  const [filter, setFilter] = useState<Filter>('all');
  const pick = useCallback((next: string) => void navigate({ to: '/contractTransaction', search: { symbol: next } }), [navigate]);
  const all = markets ? [...markets.keys()].sort() : [];
  const list = filter === 'all' ? all : all.filter((m) => favourites.includes(m));
  const actions = (
    <span className={s.chips}>
      {(['favourites', 'all'] as const).map((f) => (
        <button key={f} type="button" className={filter === f ? s.chipOn : s.chip} aria-pressed={filter === f} data-testid={`markets-${f}`} onClick={() => setFilter(f)}>
          {_(f === 'all' ? 'common.all' : 'perp.markets.favourites')}
        </button>
      ))}
    </span>
  );
  return (
    <SpotPanel area="markets" title={_('trade.markets')} actions={actions}>
      <div className={c.marketHead}>
        <span className={c.cell}>{_('contract.col.market')}</span>
        <span className={`${s.right} ${c.cell}`}>{_('perp.markPrice')}</span>
        <span className={c.cell}>{_('perp.change24h')}</span>
        <span className={`${s.right} ${c.cell}`}>{_('perp.fundingRate')}</span>
      </div>
      {markets === null ? (
        <EmptyState>{_('common.loading')}</EmptyState>
      ) : list.length === 0 ? (
        <EmptyState />
      ) : (
        list.map((m) => <Row key={m} symbol={m} decimals={tickDecimals(markets.get(m)?.tickSize ?? '0.0001')} active={m === symbol} onPick={pick} />)
      )}
    </SpotPanel>
  );
}
