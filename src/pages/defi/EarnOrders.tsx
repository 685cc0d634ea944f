// My wealth / My mining: the user's orders of a kind, newest first, live from the `earn` topic (each payment moves the
// accrued income and the next payout; a purchase, the maturity or a transfer out moves the row): status, principal,
// rate, accrued (paid) and total income, next payout, start and maturity, and the actions: the detail page, and for
// an active wealth order "Transfer out" (the principal back at once, no income, after a confirmation); a mining
// order's principal is locked until its end. Older ended orders than the stream holds are read by pages on demand.
import { useMemo, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { dataOf, EARN_SEED_ENDED, earnNotBehind, useEarnOrders } from '../../../streams/index.ts';
import type { EarnKind, EarnOrderItem } from '../../contract.ts';
import { pushNotice } from '../../state/index.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import type { Column } from '../../ui/DataTable.tsx';
import { StreamEmpty } from '../../ui/StreamEmpty.tsx';
import { VirtualTable } from '../../ui/VirtualTable.tsx';
import { EARN_PAGE, fetchEarnOrders, redeemEarn } from './earn-api.ts';
import { isActiveOrder } from './earn-form.ts';
import { amountText, CoinBadge, formatMinute, percent, StatusText, useEarnNow } from './earn-ui.tsx';
import { useNarrow } from '../trade/useNarrow.ts';
import * as s from './defi.css.ts';
import * as t from '../contract/tables.css.ts';

/** The stream's orders with older pages read on demand; a live copy wins over a read one that is behind it. */
function merged(live: readonly EarnOrderItem[], older: readonly EarnOrderItem[]): readonly EarnOrderItem[] {
  if (older.length === 0) return live;
  const byId = new Map(live.map((o) => [o.id, o]));
  for (const o of older) {
    const held = byId.get(o.id);
    // The live copy unless the page read is strictly further along.
    if (!held || (earnNotBehind(held, o) && !earnNotBehind(o, held))) byId.set(o.id, o);
  }
  return [...byId.values()].sort((a, b) => b.purchasedAt - a.purchasedAt || b.id - a.id);
}

/** An order's actions: its detail page; an active wealth order's transfer out; an active pool's lock and its end. */
function Actions({ order: o, onRedeem, inline = false }: { order: EarnOrderItem; onRedeem(o: EarnOrderItem): void; inline?: boolean }) {
  const { _ } = useLingui();
  return (
    <span className={inline ? s.actionsInline : s.actions}>
      <Link to="/defiFinancial/order" search={{ kind: o.kind, id: o.id }} className={t.link} data-testid="earn-detail">
        {_('defi.detail')}
      </Link>
      {isActiveOrder(o) && o.kind === 'wealth' ? (
        <button type="button" className={t.link} data-testid="earn-redeem" onClick={() => onRedeem(o)}>
          {_('defi.redeem')}
        </button>
      ) : null}
      {isActiveOrder(o) && o.kind === 'mining' ? (
        <span className={inline ? s.lockedInline : s.locked} data-testid="earn-locked" title={_('defi.lockedHint')}>
          {_('defi.locked')} <span className={s.mono}>{formatMinute(o.returnAt)}</span>
        </span>
      ) : null}
    </span>
  );
}

function useColumns(kind: EarnKind, now: number, narrow: boolean, onRedeem: (o: EarnOrderItem) => void): Column<EarnOrderItem>[] {
  const { _ } = useLingui();
  return useMemo(() => {
    const money = (v: string, asset: string, testId?: string) => (
      <span className={s.nowrap}>
        <span className={s.mono} data-testid={testId}>
          {amountText(v)}
        </span>{' '}
        <span className={s.small}>{asset}</span>
      </span>
    );
    const product: Column<EarnOrderItem> = {
      key: 'product',
      labelId: 'defi.col.name',
      render: (o) => (
        <span className={s.productCell}>
          <CoinBadge asset={o.asset} small />
          <span className={s.cellStack}>
            <strong>{o.name}</strong>
            <span className={s.small}>
              #{o.id} · {_('defi.termDays', { days: o.termDays })}
            </span>
            {narrow ? <StatusText order={o} now={now} /> : null}
            {narrow ? <Actions order={o} onRedeem={onRedeem} inline /> : null}
          </span>
        </span>
      ),
    };
    const status: Column<EarnOrderItem> = { key: 'status', labelId: 'common.col.status', render: (o) => <StatusText order={o} now={now} /> };
    const principal: Column<EarnOrderItem> = { key: 'principal', labelId: 'defi.col.principal', align: 'right', render: (o) => money(o.principal, o.asset, 'earn-principal') };
    const rate: Column<EarnOrderItem> = {
      key: 'rate',
      labelId: kind === 'wealth' ? 'defi.col.annualRate' : 'defi.col.dailyRate',
      align: 'right',
      render: (o) => <span className={`${s.mono} ${s.up}`}>{percent(o.rate)}</span>,
    };
    // Received of the promised total, and the payments made of those to make.
    const income: Column<EarnOrderItem> = {
      key: 'income',
      labelId: kind === 'wealth' ? 'defi.col.accruedOfTotal' : 'defi.col.minedOfTotal',
      align: 'right',
      render: (o) => (
        <span className={s.cellEnd}>
          <span className={s.nowrap}>
            <span className={`${s.mono} ${s.up}`} data-testid="earn-accrued">
              {amountText(o.paidIncome)}
            </span>
            <span className={s.small}> / </span>
            <span className={s.mono} data-testid="earn-total">
              {amountText(o.totalIncome)}
            </span>{' '}
            <span className={s.small}>{o.incomeAsset}</span>
          </span>
          <span className={s.small}>
            {_('defi.col.payments')} <span data-testid="earn-periods">{`${o.periodsPaid}/${o.periods}`}</span>
          </span>
        </span>
      ),
    };
    const next: Column<EarnOrderItem> = {
      key: 'next',
      labelId: 'defi.col.nextPayout',
      render: (o) => (
        <span className={`${s.mono} ${s.nowrap}`} data-testid="earn-next">
          {isActiveOrder(o) ? formatMinute(o.nextPayoutAt) : '--'}
        </span>
      ),
    };
    const dates: Column<EarnOrderItem> = {
      key: 'dates',
      labelId: 'defi.col.startMaturity',
      render: (o) => (
        <span className={s.cellStack}>
          <span className={s.mono}>{formatMinute(o.startAt)}</span>
          <span className={`${s.mono} ${s.small}`}>{formatMinute(o.endAt)}</span>
        </span>
      ),
    };
    const actions: Column<EarnOrderItem> = {
      key: 'actions',
      labelId: 'orders.col.action',
      align: 'right',
      render: (o) => <Actions order={o} onRedeem={onRedeem} />,
    };
    // Narrow: the product with its status and actions, and its figures.
    if (narrow) return [product, { ...income, labelId: 'defi.col.principalIncome', render: (o) => <span className={s.cellEnd}>{principal.render?.(o)}{income.render?.(o)}</span> }];
    return [product, status, principal, rate, income, next, dates, actions];
  }, [kind, now, narrow, onRedeem, _]);
}

export function EarnOrders({ kind }: { kind: EarnKind }) {
  const { _ } = useLingui();
  const loaded = useEarnOrders();
  const views = dataOf(loaded);
  const now = useEarnNow();
  const [older, setOlder] = useState<{ list: EarnOrderItem[]; next: number; done: boolean }>({ list: [], next: 1, done: false });
  const [loading, setLoading] = useState(false);
  const [redeeming, setRedeeming] = useState<EarnOrderItem | null>(null);
  const narrow = useNarrow();
  const columns = useColumns(kind, now, narrow, setRedeeming);
  const rows = useMemo(() => merged(views ? views[kind] : [], older.list), [views, kind, older.list]);
  const active = rows.filter(isActiveOrder).length;
  // The stream holds each kind's latest ended orders; older ones are read on demand when there may be more.
  const maybeOlder = views !== undefined && views[kind].filter((o) => !isActiveOrder(o)).length >= EARN_SEED_ENDED;

  const loadOlder = () => {
    setLoading(true);
    fetchEarnOrders(kind, 'ended', older.next, EARN_PAGE)
      .then((page) => setOlder((held) => ({ list: [...held.list, ...page.list], next: held.next + 1, done: held.next * page.pageSize >= page.total || page.list.length === 0 })))
      .catch(() => undefined)
      .finally(() => setLoading(false));
  };

  return (
    <div data-testid={`earn-orders-${kind}`} data-count={views ? rows.length : undefined} data-active={views ? active : undefined}>
      <VirtualTable
        columns={columns}
        rows={rows}
        rowKey={(o) => String(o.id)}
        rowTestId="earn-order"
        scroll="window"
        empty={views ? _(kind === 'wealth' ? 'defi.empty.myWealth' : 'defi.empty.myMining') : <StreamEmpty status={loaded.status} />}
      />
      {maybeOlder && !older.done ? (
        <div className={s.more}>
          <Button size="sm" variant="secondary" disabled={loading} onClick={loadOlder} data-testid="earn-older">
            {_('defi.older')}
          </Button>
        </div>
      ) : null}
      {redeeming ? (
        <ConfirmDialog
          title={_('defi.redeem.title')}
          yes={_('defi.redeem')}
          no={_('common.cancel')}
          testId="earn-redeem"
          run={() =>
            redeemEarn(redeeming.id).then((order) => {
              pushNotice('success', _('defi.redeemed', { amount: amountText(order.principal), asset: order.asset }));
            })
          }
          onClose={() => setRedeeming(null)}
        >
          {_('defi.redeem.text', {
            amount: amountText(redeeming.principal),
            asset: redeeming.asset,
            income: amountText(redeeming.totalIncome),
            incomeAsset: redeeming.incomeAsset,
          })}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
