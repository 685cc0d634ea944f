// One wealth or mining order (spec: wealth product detail; mining detail with income details), at
// /defiFinancial/order?kind=wealth|mining&id=N: its figures (principal, rate, expected and received income, status),
// its times (order, allocation = earning start, maturity, return of the principal, next payout) and its income list,
// every payment of the schedule with the paid ones marked paid (when) and the rest scheduled (when due), virtualised.
// The order follows the `earn` topic while open, and the list is read again when a payment lands.
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearch } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { dataOf, earnNotBehind, useEarnOrders } from '../../../streams/index.ts';
import type { EarnIncomeItem, EarnOrderItem } from '../../contract.ts';
import { formatDateTime } from '../../format/date.ts';
import { useSignedIn } from '../../state/index.ts';
import type { Column } from '../../ui/DataTable.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Page, Panel } from '../../ui/Page.tsx';
import { SignInPrompt } from '../../ui/SignInPrompt.tsx';
import { VirtualTable } from '../../ui/VirtualTable.tsx';
import type { EarnOrderSearch } from './defi-search.ts';
import { EARN_PAGE, fetchEarnIncomes, fetchEarnOrderDetail, readAllPages } from './earn-api.ts';
import { isActiveOrder, REBATE_LABELS, RELEASE_LABELS } from './earn-form.ts';
import { amountText, CoinBadge, formatMinute, percent, StatusText, useEarnNow } from './earn-ui.tsx';
import { useNarrow } from '../trade/useNarrow.ts';
import * as s from './defi.css.ts';

export function EarnOrderPage() {
  const { _ } = useLingui();
  const signedIn = useSignedIn();
  const search = useSearch({ from: '/defiFinancial/order' });
  return (
    <Page name="defiFinancial-order" title={_('defi.detail.title')}>
      <Link to="/defiFinancial" search={{ section: search.kind === 'mining' ? 'myMining' : 'myWealth' }} className={s.linkButton} data-testid="earn-back">
        ← {_(search.kind === 'mining' ? 'defi.tab.myMining' : 'defi.tab.myWealth')}
      </Link>
      {!signedIn ? (
        <Panel>
          <SignInPrompt />
        </Panel>
      ) : search.kind === undefined || search.id === undefined ? (
        <Panel>
          <EmptyState>{_('defi.detail.notFound')}</EmptyState>
        </Panel>
      ) : (
        <OrderDetail search={{ kind: search.kind, id: search.id }} />
      )}
    </Page>
  );
}

type Read<T> = { status: 'pending' } | { status: 'failed' } | { status: 'ok'; data: T };

function OrderDetail({ search }: { search: Required<EarnOrderSearch> }) {
  const { _ } = useLingui();
  const [read, setRead] = useState<Read<EarnOrderItem>>({ status: 'pending' });
  useEffect(() => {
    const controller = new AbortController();
    setRead({ status: 'pending' });
    fetchEarnOrderDetail(search.kind, search.id, { signal: controller.signal, notify: false }).then(
      (detail) => !controller.signal.aborted && setRead({ status: 'ok', data: detail.order }),
      () => !controller.signal.aborted && setRead({ status: 'failed' }),
    );
    return () => controller.abort();
  }, [search.kind, search.id]);
  // The live copy once the stream has it and it is not behind the one read.
  const live = dataOf(useEarnOrders())?.[search.kind].find((o) => o.id === search.id) ?? null;
  const read_ = read.status === 'ok' ? read.data : null;
  const order = live && (!read_ || earnNotBehind(read_, live)) ? live : read_;
  if (!order)
    return (
      <Panel>
        <EmptyState>{read.status === 'failed' ? _('defi.detail.notFound') : _('common.loading')}</EmptyState>
      </Panel>
    );
  return (
    <>
      <Figures order={order} />
      <Incomes order={order} />
    </>
  );
}

function Figures({ order }: { order: EarnOrderItem }) {
  const { _ } = useLingui();
  const now = useEarnNow();
  const mining = order.kind === 'mining';
  const stat = (label: string, value: string, testId: string, unit?: string) => (
    <div className={s.stat}>
      <span className={s.statLabel}>{label}</span>
      <span className={s.statValue}>
        <span data-testid={testId}>{value}</span>
        {unit ? <span className={s.unit}> {unit}</span> : null}
      </span>
    </div>
  );
  const row = (label: string, value: string, testId?: string) => (
    <div className={s.detailRow}>
      <span className={s.muted}>{label}</span>
      <span className={s.detailValue} data-testid={testId}>
        {value}
      </span>
    </div>
  );
  return (
    <Panel
      title={
        <span className={s.detailHead}>
          <CoinBadge asset={order.asset} />
          <span data-testid="earn-detail-name">{order.name}</span>
          <span className={s.small}>#{order.id}</span>
          <StatusText order={order} now={now} />
        </span>
      }
    >
      <div className={s.stats} data-testid="earn-detail" data-id={order.id} data-kind={order.kind}>
        {stat(_('defi.col.principal'), amountText(order.principal), 'earn-detail-principal', order.asset)}
        {stat(_(mining ? 'defi.col.dailyRate' : 'defi.col.annualRate'), percent(order.rate), 'earn-detail-rate')}
        {stat(_('defi.col.expectedIncome'), amountText(order.totalIncome), 'earn-detail-total', order.incomeAsset)}
        {stat(_(mining ? 'defi.col.mined' : 'defi.col.accrued'), amountText(order.paidIncome), 'earn-detail-paid', order.incomeAsset)}
        {stat(_('defi.col.payments'), `${order.periodsPaid}/${order.periods}`, 'earn-detail-periods')}
      </div>
      <div className={s.detailGrid}>
        {row(_('defi.schedule.order'), formatDateTime(order.purchasedAt), 'earn-detail-ordered')}
        {row(_('defi.schedule.allocation'), formatDateTime(order.startAt), 'earn-detail-start')}
        {row(_('defi.schedule.maturity'), formatDateTime(order.endAt), 'earn-detail-end')}
        {row(_('defi.schedule.return'), formatDateTime(order.returnAt), 'earn-detail-return')}
        {row(_('defi.col.nextPayout'), isActiveOrder(order) ? formatDateTime(order.nextPayoutAt) : '--', 'earn-detail-next')}
        {row(_('defi.col.term'), _('defi.termDays', { days: order.termDays }))}
        {row(_('defi.col.release'), _(RELEASE_LABELS[order.incomeRelease]))}
        {row(_('defi.col.rebate'), _(REBATE_LABELS[order.rebateType]))}
        {row(_('defi.col.incomeCoin'), order.incomeAsset)}
        {row(_('defi.col.paidPrincipal'), `${amountText(order.paidPrincipal)} ${order.asset}`, 'earn-detail-paid-principal')}
        {order.closedAt !== null ? row(_('defi.col.closedAt'), formatDateTime(order.closedAt), 'earn-detail-closed') : null}
      </div>
    </Panel>
  );
}

function Incomes({ order }: { order: EarnOrderItem }) {
  const { _ } = useLingui();
  const [rows, setRows] = useState<EarnIncomeItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  // Read again when a payment lands or the order ends.
  const version = `${order.periodsPaid}|${order.status}`;
  useEffect(() => {
    let stopped = false;
    const found: EarnIncomeItem[] = [];
    setFailed(false);
    readAllPages(
      (pageIndex) => fetchEarnIncomes(order.kind, order.id, pageIndex, EARN_PAGE, { notify: false }),
      (list) => {
        if (stopped) return;
        found.push(...list);
        setRows([...found]);
      },
    ).catch(() => !stopped && setFailed(true));
    return () => {
      stopped = true;
    };
  }, [order.kind, order.id, version]);

  const narrow = useNarrow();
  const columns = useMemo<Column<EarnIncomeItem>[]>(() => {
    const money = (v: string, asset: string) => (
      <span className={s.nowrap}>
        <span className={s.mono}>{amountText(v)}</span> <span className={s.small}>{asset}</span>
      </span>
    );
    const period: Column<EarnIncomeItem> = {
      key: 'period',
      labelId: narrow ? 'defi.col.periodDue' : 'defi.col.period',
      render: (r) =>
        narrow ? (
          <span className={s.cellStack}>
            <span className={s.mono}>#{r.period}</span>
            <span className={`${s.mono} ${s.small}`}>{formatMinute(r.dueAt)}</span>
          </span>
        ) : (
          <span className={s.mono}>#{r.period}</span>
        ),
    };
    const due: Column<EarnIncomeItem> = { key: 'due', labelId: 'defi.col.dueAt', render: (r) => <span className={`${s.mono} ${s.nowrap}`}>{formatMinute(r.dueAt)}</span> };
    const income: Column<EarnIncomeItem> = { key: 'income', labelId: 'defi.col.income', align: 'right', render: (r) => money(r.income, r.incomeAsset) };
    const principal: Column<EarnIncomeItem> = { key: 'principal', labelId: 'defi.col.principalBack', align: 'right', render: (r) => money(r.principal, r.asset) };
    const both: Column<EarnIncomeItem> = {
      key: 'amounts',
      labelId: 'defi.col.income',
      align: 'right',
      render: (r) => (
        <span className={s.cellEnd}>
          {money(r.income, r.incomeAsset)}
          {r.principal !== '0' ? (
            <span className={s.small}>
              {_('defi.col.principalBack')} {amountText(r.principal)} {r.asset}
            </span>
          ) : null}
        </span>
      ),
    };
    const state: Column<EarnIncomeItem> = {
      key: 'state',
      labelId: 'common.col.status',
      render: (r) =>
        r.paidAt !== null ? (
          <span className={`${s.cellStack} ${s.paid}`} data-testid="earn-income-state" data-paid="1">
            {_('defi.income.paidShort')}
            <span className={`${s.mono} ${s.small}`}>{formatMinute(r.paidAt)}</span>
          </span>
        ) : (
          <span className={s.scheduled} data-testid="earn-income-state" data-paid="0">
            {_('defi.income.scheduled')}
          </span>
        ),
    };
    return narrow ? [period, both, state] : [period, due, income, principal, state];
  }, [_, narrow]);
  const paid = rows?.filter((r) => r.paidAt !== null).length ?? 0;
  return (
    <Panel
      title={_(order.kind === 'mining' ? 'defi.incomes.mining' : 'defi.incomes.wealth')}
      actions={
        rows ? (
          <span className={s.small} data-testid="earn-incomes-count">
            {_('defi.incomes.count', { paid, total: rows.length })}
          </span>
        ) : null
      }
    >
      <div className={s.incomes} data-testid="earn-incomes" data-count={rows?.length} data-paid={rows ? paid : undefined}>
        <VirtualTable
          columns={columns}
          rows={rows ?? []}
          rowKey={(r) => String(r.period)}
          rowTestId="earn-income"
          empty={rows ? _('defi.incomes.none') : failed ? _('common.loadFailed') : _('common.loading')}
        />
      </div>
    </Panel>
  );
}
