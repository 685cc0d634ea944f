// Funding history, two views: the user's own funding payments (the contract account's holding_fee asset records,
// paged by the server, read again when the contract wallet moves) and a market's settled funding rates
// (fundingHistory). The payments are `symbol`'s (the records API's market filter: the terminal's panel shows its
// market's), or every market's when there is none (each row names its market); the rates are for `symbol`, or the
// market picked here (a held one to start with).
import { useMemo, useState } from 'react';
import { useLingui } from '@lingui/react';
import { dataOf, useContractAccount, useContractMarkets, useContractPositionSymbols } from '../../../streams/index.ts';
import { fetchContractFundingHistory } from '../../api/contract.ts';
import { fetchAssetRecords } from '../../api/records.ts';
import type { ContractFundingItem } from '../../contract.ts';
import { formatDateTime } from '../../format/date.ts';
import { EMPTY_VALUE, formatDecimal } from '../../format/decimal.ts';
import type { Column } from '../../ui/DataTable.tsx';
import { Tabs, type TabItem } from '../../ui/Tabs.tsx';
import { useLoadable } from '../../ui/useLoadable.ts';
import { VirtualTable } from '../../ui/VirtualTable.tsx';
import { pairName } from '../quotation/market-rows.ts';
import { PagedTable, usePaged } from '../user/PagedTable.tsx';
import { fundingPayment, percentText, signedAmount, trendOf, type FundingPayment } from './columns.ts';
import { SignedIn, type TableProps } from './SignedIn.tsx';
import { Watch } from './Watch.tsx';
import * as o from '../orders/orders.css.ts';
import * as s from './tables.css.ts';

type View = 'payments' | 'rates';
const VIEWS: readonly TabItem<View>[] = [
  { key: 'payments', labelId: 'contract.funding.payments', testId: 'funding-view-payments' },
  { key: 'rates', labelId: 'contract.funding.rates', testId: 'funding-view-rates' },
];
/** Rates per market shown at most (three days at 8-hour funding is 9). */
const RATES_LIMIT = 100;

/** The contract wallet: funding (and fills, transfers) moves it; the mark does not. */
const useWalletKey = (): string => dataOf(useContractAccount())?.walletBalance ?? '';

export function FundingTable(props: TableProps) {
  const { _ } = useLingui();
  const [view, setView] = useState<View>('payments');
  return (
    <div className={s.list} data-testid="contract-funding">
      <Tabs items={VIEWS} value={view} onChange={setView} label={_('perp.tab.funding')} />
      {view === 'payments' ? (
        <SignedIn>
          {/* Another market is another list: it starts again at its first page. */}
          <Payments key={props.symbol ?? ''} {...props} />
        </SignedIn>
      ) : (
        <Rates {...props} />
      )}
    </div>
  );
}

function Payments({ symbol, scroll = 'fill' }: TableProps) {
  const { _ } = useLingui();
  const [moved, setMoved] = useState('');
  const paged = usePaged(
    (paging, signal) =>
      fetchAssetRecords({ ...paging, type: 'holding_fee', account: 'contract', ...(symbol ? { symbol } : {}) }, { signal, notify: false }).then((page) => ({
        ...page,
        list: page.list.map(fundingPayment),
      })),
    moved,
  );
  const columns = useMemo<Column<FundingPayment>[]>(
    () => [
      { key: 'time', labelId: 'common.col.time', render: (p) => <span className={s.nowrap}>{formatDateTime(p.time)}</span> },
      { key: 'market', labelId: 'contract.col.market', render: (p) => <span className={s.marketName}>{p.symbol ? pairName(p.symbol) : EMPTY_VALUE}</span> },
      { key: 'asset', labelId: 'assets.col.coin', render: (p) => p.asset },
      {
        key: 'amount',
        labelId: 'contract.funding.payment',
        align: 'right',
        render: (p) => (
          <span className={s.trend[trendOf(p.amount)]} data-testid="funding-payment">
            {signedAmount(p.amount, 8)}
          </span>
        ),
      },
    ],
    [],
  );
  return (
    <>
      <Watch read={useWalletKey} onChange={setMoved} />
      <PagedTable paged={paged} columns={columns} rowKey={(p) => String(p.id)} rowTestId="funding-row" scroll={scroll} empty={_('contract.funding.empty')} />
    </>
  );
}

const RATE_COLUMNS: readonly Column<ContractFundingItem>[] = [
  { key: 'time', labelId: 'common.col.time', render: (r) => <span className={s.nowrap}>{formatDateTime(r.time)}</span> },
  { key: 'market', labelId: 'contract.col.market', render: (r) => <span className={s.marketName}>{pairName(r.symbol)}</span> },
  {
    key: 'rate',
    labelId: 'perp.fundingRate',
    align: 'right',
    render: (r) => (
      <span className={s.trend[trendOf(r.fundingRate)]} data-testid="funding-rate">
        {percentText(r.fundingRate, true, 4)}
      </span>
    ),
  },
  { key: 'mark', labelId: 'perp.markPrice', align: 'right', render: (r) => <span className={s.num}>{formatDecimal(r.markPrice)}</span> },
];

function Rates({ symbol, scroll = 'fill' }: TableProps) {
  const { _ } = useLingui();
  const markets = dataOf(useContractMarkets());
  const symbols = useMemo(() => [...(markets?.keys() ?? [])].sort(), [markets]);
  const held = dataOf(useContractPositionSymbols());
  const [picked, setPicked] = useState<string | null>(null);
  // The page's market, else the one picked, else the first the user holds, else the first listed.
  const market = symbol ?? picked ?? held?.[0] ?? symbols[0] ?? null;
  const rates = useLoadable(
    (signal) => (market ? fetchContractFundingHistory({ symbol: market, limit: RATES_LIMIT }, { signal, notify: false }) : Promise.resolve({ list: [] })),
    [market],
  );
  return (
    <>
      {symbol === undefined ? (
        <div className={s.bar}>
          <label className={o.filter}>
            {_('contract.col.market')}
            <select className={o.select} data-testid="funding-market" value={market ?? ''} onChange={(e) => setPicked(e.target.value)}>
              {symbols.map((sym) => (
                <option key={sym} value={sym}>
                  {pairName(sym)}
                </option>
              ))}
            </select>
          </label>
        </div>
      ) : null}
      <VirtualTable
        columns={RATE_COLUMNS}
        rows={rates.status === 'success' ? rates.data.list : []}
        rowKey={(r) => `${r.symbol}:${r.time}`}
        rowTestId="funding-rate-row"
        scroll={scroll}
        empty={rates.status === 'pending' ? _('common.loading') : rates.status === 'error' ? _('common.loadFailed') : undefined}
      />
    </>
  );
}
