// Filters of the orders page: market, side and, in the history, status. Each change goes into the URL.
import { useMemo } from 'react';
import { useLingui } from '@lingui/react';
import { dataOf, useTickers } from '../../../streams/index.ts';
import type { OrdersSearch } from '../../app/search.ts';
import { pairName } from '../quotation/market-rows.ts';
import * as s from './orders.css.ts';

export type FilterChange = Partial<Pick<OrdersSearch, 'symbol' | 'side' | 'status'>>;

interface Props {
  search: OrdersSearch;
  onChange(change: FilterChange): void;
}

export function OrderFilters({ search, onChange }: Props) {
  const { _ } = useLingui();
  const tickers = dataOf(useTickers());
  const symbols = useMemo(() => {
    const known = tickers ? [...tickers.keys()] : [];
    if (search.symbol && !known.includes(search.symbol)) known.push(search.symbol);
    return known.sort();
  }, [tickers, search.symbol]);
  return (
    <>
      <label className={s.filter}>
        {_('orders.col.market')}
        <select
          className={s.select}
          data-testid="filter-market"
          value={search.symbol ?? ''}
          onChange={(e) => onChange({ symbol: e.target.value || undefined })}
        >
          <option value="">{_('common.all')}</option>
          {symbols.map((sym) => (
            <option key={sym} value={sym}>
              {pairName(sym)}
            </option>
          ))}
        </select>
      </label>
      <label className={s.filter}>
        {_('orders.col.side')}
        <select
          className={s.select}
          data-testid="filter-side"
          value={search.side ?? ''}
          onChange={(e) => onChange({ side: e.target.value === 'buy' || e.target.value === 'sell' ? e.target.value : undefined })}
        >
          <option value="">{_('common.all')}</option>
          <option value="buy">{_('trade.buy')}</option>
          <option value="sell">{_('trade.sell')}</option>
        </select>
      </label>
      {search.active === 2 ? (
        <label className={s.filter}>
          {_('orders.col.status')}
          <select
            className={s.select}
            data-testid="filter-status"
            value={search.status ?? ''}
            onChange={(e) => onChange({ status: e.target.value === 'completed' || e.target.value === 'cancelled' ? e.target.value : undefined })}
          >
            <option value="">{_('common.all')}</option>
            <option value="completed">{_('spot.status.completed')}</option>
            <option value="cancelled">{_('spot.status.cancelled')}</option>
          </select>
        </label>
      ) : null}
    </>
  );
}
