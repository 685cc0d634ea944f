// The wealth account's tab of /myassets, beside its coins: what is in products. Per coin, the principal held in
// active wealth and mining orders (the frozen part of the earn balance), the income received over every order and the
// income still to come, with the way to /defiFinancial. Every order is read once by pages (both kinds), then the
// `earn` topic keeps the figures live (a payment, a maturity, a transfer out).
import { useEffect, useMemo, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { dataOf, earnNotBehind, useEarnOrders } from '../../../streams/index.ts';
import { textOfUnits, type EarnOrderItem } from '../../contract.ts';
import { buttonClass } from '../../ui/Button.tsx';
import type { Column } from '../../ui/DataTable.tsx';
import { DataTable } from '../../ui/DataTable.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { EARN_PAGE, fetchEarnOrders, readAllPages } from '../defi/earn-api.ts';
import { holdingsByCoin, type CoinHolding } from '../defi/earn-form.ts';
import { amountText, CoinBadge } from '../defi/earn-ui.tsx';
import * as d from '../defi/defi.css.ts';
import * as s from './assets.css.ts';

const keyOf = (o: EarnOrderItem): string => `${o.kind}:${o.id}`;

/** Every order of both kinds: read by pages once, each then replaced by its live copy when that is not behind. */
function useAllEarnOrders(): { orders: EarnOrderItem[] | null; failed: boolean } {
  const [read, setRead] = useState<Map<string, EarnOrderItem> | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let stopped = false;
    const found = new Map<string, EarnOrderItem>();
    const all = (kind: 'wealth' | 'mining') =>
      readAllPages(
        (pageIndex) => fetchEarnOrders(kind, 'all', pageIndex, EARN_PAGE, { notify: false }),
        (list) => {
          for (const o of list) found.set(keyOf(o), o);
        },
      );
    Promise.all([all('wealth'), all('mining')]).then(
      () => !stopped && setRead(found),
      () => !stopped && setFailed(true),
    );
    return () => {
      stopped = true;
    };
  }, []);
  const views = dataOf(useEarnOrders());
  const orders = useMemo(() => {
    if (read === null) return null;
    const merged = new Map(read);
    for (const o of [...(views?.wealth ?? []), ...(views?.mining ?? [])]) {
      const held = merged.get(keyOf(o));
      if (!held || earnNotBehind(held, o)) merged.set(keyOf(o), o);
    }
    return [...merged.values()];
  }, [read, views]);
  return { orders, failed };
}

export function WealthHoldings() {
  const { _ } = useLingui();
  const { orders, failed } = useAllEarnOrders();
  const coins = useMemo(() => (orders ? holdingsByCoin(orders) : null), [orders]);
  const active = orders?.filter((o) => o.status === 'purchasing' || o.status === 'in_progress').length ?? 0;
  const amount = (units: bigint, testId: string, asset: string) => (
    <span className={units === 0n ? `${s.num} ${s.zero}` : s.num} data-testid={testId} data-asset={asset}>
      {amountText(textOfUnits(units))}
    </span>
  );
  const columns: Column<CoinHolding>[] = [
    {
      key: 'coin',
      labelId: 'assets.col.coin',
      render: (c) => (
        <span className={d.product}>
          <CoinBadge asset={c.asset} small />
          <span className={s.coin}>{c.asset}</span>
        </span>
      ),
    },
    { key: 'principal', labelId: 'defi.col.inProducts', align: 'right', render: (c) => amount(c.principal, 'wealth-principal', c.asset) },
    { key: 'income', labelId: 'defi.col.incomeReceived', align: 'right', render: (c) => amount(c.income, 'wealth-income', c.asset) },
    { key: 'pending', labelId: 'defi.col.incomePending', align: 'right', render: (c) => amount(c.pending, 'wealth-pending', c.asset) },
    { key: 'orders', labelId: 'defi.col.activeOrders', align: 'right', render: (c) => <span className={s.num}>{c.activeOrders}</span> },
  ];
  return (
    <section className={d.holdings} data-testid="wealth-holdings" data-active={orders ? active : undefined}>
      <div className={d.toolbar}>
        <strong>{_('defi.holdings.title')}</strong>
        <span className={s.actions}>
          <Link to="/defiFinancial" className={buttonClass('secondary', 'sm')} data-testid="wealth-to-defi">
            {_('defi.holdings.browse')}
          </Link>
          <Link to="/defiFinancial" search={{ section: 'myWealth' }} className={buttonClass('secondary', 'sm')}>
            {_('defi.tab.myWealth')}
          </Link>
          <Link to="/defiFinancial" search={{ section: 'myMining' }} className={buttonClass('secondary', 'sm')}>
            {_('defi.tab.myMining')}
          </Link>
        </span>
      </div>
      {coins === null ? (
        <EmptyState>{failed ? _('common.loadFailed') : _('common.loading')}</EmptyState>
      ) : (
        <DataTable columns={columns} rows={coins} rowKey={(c) => c.asset} empty={<EmptyState>{_('defi.holdings.none')}</EmptyState>} />
      )}
      <p className={d.faint}>{_('defi.holdings.note')}</p>
    </section>
  );
}
