// Every market (or the watchlist) from the live `tickers` stream: search, sort by any column, virtualised rows.
import { useMemo, useState } from 'react';
import { useLingui } from '@lingui/react';
import { TableVirtuoso, type TableComponents } from 'react-virtuoso';
import type { Ticker24h } from '../../contract.ts';
import { dataOf, useTickers } from '../../../streams/index.ts';
import { useFavourites, useFavouritesOnAccount } from '../../state/index.ts';
import { StreamEmpty } from '../../ui/StreamEmpty.tsx';
import { MarketCells } from './MarketRow.tsx';
import { nextSort, visibleSymbols, type Sort, type SortKey } from './market-rows.ts';
import * as s from './markets.css.ts';

const COLUMNS: ReadonlyArray<{ key: SortKey | null; labelId: string }> = [
  { key: null, labelId: 'market.col.favourite' },
  { key: 'symbol', labelId: 'market.col.pair' },
  { key: 'last', labelId: 'market.col.price' },
  { key: 'change', labelId: 'market.col.change' },
  { key: 'high', labelId: 'market.col.high' },
  { key: 'low', labelId: 'market.col.low' },
  { key: 'volume', labelId: 'market.col.volume' },
  { key: null, labelId: 'market.col.trend' },
  { key: null, labelId: 'market.col.action' },
];

type Row = Ticker24h;
const components: TableComponents<Row> = {
  Table: (props) => <table {...props} className={s.table} />,
  TableRow: ({ item, ...props }) => <tr {...props} className={s.row} data-testid="market-row" data-symbol={item.symbol} />,
};

export function MarketList({ watchlist }: { watchlist: boolean }) {
  const { _ } = useLingui();
  const tickers = useTickers();
  const favourites = useFavourites();
  const onAccount = useFavouritesOnAccount();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>({ key: 'volume', dir: 'desc' });
  const map = dataOf(tickers);
  const symbols = useMemo(
    () => (map ? visibleSymbols(map.values(), { search, sort, only: watchlist ? favourites : null }) : []),
    [map, search, sort, watchlist, favourites],
  );
  const rows = useMemo(() => symbols.map((sym) => map?.get(sym)).filter((t): t is Ticker24h => t !== undefined), [symbols, map]);
  return (
    <>
      <div className={s.toolbar}>
        <input
          className={s.search}
          type="search"
          value={search}
          placeholder={_('market.search')}
          aria-label={_('market.search')}
          data-testid="market-search"
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {rows.length === 0 ? (
        <StreamEmpty status={map ? 'success' : tickers.status} />
      ) : (
        <TableVirtuoso
          useWindowScroll
          data={rows}
          components={components}
          computeItemKey={(_i, t) => t.symbol}
          fixedHeaderContent={() => (
            <tr>
              {COLUMNS.map((c) => (
                <th key={c.labelId} className={s.th} aria-sort={c.key && sort.key === c.key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
                  {c.key ? (
                    <button type="button" className={s.sortButton} data-testid={`sort-${c.key}`} onClick={() => c.key && setSort(nextSort(sort, c.key))}>
                      {_(c.labelId)}
                      {sort.key === c.key ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}
                    </button>
                  ) : (
                    _(c.labelId)
                  )}
                </th>
              ))}
            </tr>
          )}
          itemContent={(_i, t) => <MarketCells ticker={t} favourite={favourites.includes(t.symbol)} />}
        />
      )}
      {watchlist ? (
        <p className={s.note} data-testid="watchlist-note">{_(onAccount ? 'market.watchlist.account' : 'market.watchlist.local')}</p>
      ) : null}
    </>
  );
}
