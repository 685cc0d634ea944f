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

const Row = memo(function Row({ symbol, active, onPick }: { symbol: string; active: boolean; onPick(symbol: string): void }) {
  const mark = dataOf(useContractMark(symbol));
  const ticker = dataOf(usePerpTicker(symbol)) ?? null;
  return (
    <button type="button" className={active ? c.marketRowOn : c.marketRow} onClick={() => onPick(symbol)} data-testid="contract-market" data-symbol={symbol}>
      <span>{pairName(symbol)}</span>
      <span className={`${s.mono} ${s.right}`}>{formatDecimal(mark?.markPrice ?? null)}</span>
      <span className={`${s.mono} ${s.right}`}>{ticker && ticker.count > 0 ? <ChangeText ticker={ticker} /> : '--'}</span>
      <span className={`${s.mono} ${s.right} ${fundingClass(mark?.fundingRate ?? null)}`}>{mark?.fundingRate ? `${formatDecimal(mark.fundingRate, 4)}%` : '--'}</span>
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
        <span>{_('contract.col.market')}</span>
        <span className={s.right}>{_('perp.markPrice')}</span>
        <span className={s.right}>{_('perp.change24h')}</span>
        <span className={s.right}>{_('perp.fundingRate')}</span>
      </div>
      {markets === null ? (
        <EmptyState>{_('common.loading')}</EmptyState>
      ) : list.length === 0 ? (
        <EmptyState />
      ) : (
        list.map((m) => <Row key={m} symbol={m} active={m === symbol} onPick={pick} />)
      )}
    </SpotPanel>
  );
}
