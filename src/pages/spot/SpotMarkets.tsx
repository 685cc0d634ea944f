// The compact market list beside the terminal, live from the tickers stream; a click switches the market.
import { memo, useCallback } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { dataOf, useTickers } from '../../../streams/index.ts';
import type { Ticker24h } from '../../contract.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ChangeText, lastOf } from '../quotation/MarketRow.tsx';
import { pairName } from '../quotation/market-rows.ts';
import { SpotPanel } from './SpotPanel.tsx';
import * as s from './spot.css.ts';

const Row = memo(function Row({ ticker, active, onPick }: { ticker: Ticker24h; active: boolean; onPick(symbol: string): void }) {
  return (
    <button type="button" className={active ? s.marketRowOn : s.marketRow} onClick={() => onPick(ticker.symbol)} data-testid="spot-market" data-symbol={ticker.symbol}>
      <span>{pairName(ticker.symbol)}</span>
      <span className={`${s.mono} ${s.right}`}>{formatDecimal(lastOf(ticker))}</span>
      <span className={`${s.mono} ${s.right}`}>
        <ChangeText ticker={ticker} />
      </span>
    </button>
  );
});

export function SpotMarkets({ symbol }: { symbol: string }) {
  const { _ } = useLingui();
  const navigate = useNavigate();
  const tickers = dataOf(useTickers());
  const pick = useCallback((next: string) => void navigate({ to: '/currencyTransaction', search: { symbol: next } }), [navigate]);
  const list = tickers ? [...tickers.values()].sort((a, b) => a.symbol.localeCompare(b.symbol)) : [];
  return (
    <SpotPanel area="markets" title={_('trade.markets')}>
      {list.length === 0 ? (
        <EmptyState>{_('common.loading')}</EmptyState>
      ) : (
        list.map((t) => <Row key={t.symbol} ticker={t} active={t.symbol === symbol} onPick={pick} />)
      )}
    </SpotPanel>
  );
}
