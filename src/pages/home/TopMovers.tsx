// Home highlights: the most traded markets and the ones that moved most in 24 h, from the same live tickers as
// the market page.
import { Link } from '@tanstack/react-router';
import type { Ticker24h } from '../../contract.ts';
import { useLingui } from '@lingui/react';
import { dataOf, useTickers } from '../../../streams/index.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ChangeText, lastOf } from '../quotation/MarketRow.tsx';
import { compareTickers, pairName, topMovers } from '../quotation/market-rows.ts';
import * as s from '../quotation/markets.css.ts';

export function TopMovers({ count, by }: { count: number; by: 'change' | 'volume' }) {
  const { _ } = useLingui();
  const tickers = dataOf(useTickers());
  if (!tickers) return <EmptyState>{_('common.loading')}</EmptyState>;
  return (
    <div className={s.movers} data-testid={`home-${by}`}>
      {pick(tickers.values(), by, count).map((t) => (
        <Link key={t.symbol} to="/currencyTransaction" search={{ symbol: t.symbol }} className={s.mover}>
          <span className={s.pair}>{pairName(t.symbol)}</span>
          <span>{formatDecimal(lastOf(t))}</span>
          <ChangeText ticker={t} />
        </Link>
      ))}
    </div>
  );
}

function pick(tickers: Iterable<Ticker24h>, by: 'change' | 'volume', count: number): Ticker24h[] {
  return by === 'change' ? topMovers(tickers, count) : [...tickers].sort((a, b) => compareTickers(a, b, { key: 'volume', dir: 'desc' })).slice(0, count);
}
