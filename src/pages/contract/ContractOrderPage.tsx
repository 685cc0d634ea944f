// One contract order (route /contractOrder?orderNo=N, spec §3 contract order): every field of the spec's entity, its
// trades, and the funding (holding fee) its position paid and received. Take-profit, stop-loss and trigger prices
// come from the conditional order that released it, where there was one. A missing or malformed number, and an
// order that is not the user's, are said in the user's language.
import type { ReactNode } from 'react';
import { Link, useSearch } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { isApiError } from '../../api/index.ts';
import { fetchContractConditionalList, fetchContractOrderDetail } from '../../api/contract.ts';
import type { ContractConditionalItem, ContractOrderDetailReply, ContractOrderItem } from '../../contract.ts';
import { formatDateTime } from '../../format/date.ts';
import { EMPTY_VALUE, formatDecimal } from '../../format/decimal.ts';
import { useSignedIn } from '../../state/index.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Page, Panel } from '../../ui/Page.tsx';
import { SignInPrompt } from '../../ui/SignInPrompt.tsx';
import { useLoadable } from '../../ui/useLoadable.ts';
import { STATUS_LABEL } from '../orders/order-columns.tsx';
import { actionLabel, CLOSE_MODE_LABEL, DIRECTION_LABEL, MARGIN_TYPE_LABEL, ORDER_TYPE_LABEL, percentText, signedAmount, trendOf, WORKING_TYPE_LABEL } from './columns.ts';
import { OrderFunding, OrderTrades } from './order-detail-tables.tsx';
import { detailFailure, mayBeReleased, openTime, releasing, triggerPrices } from './order-detail.ts';
import * as s from './tables.css.ts';

/** How far back the releasing conditional is looked for: 5 pages of 200 of the market's ended conditionals. */
const SEARCH_PAGES = 5;
const SEARCH_SIZE = 200;

async function releasedBy(order: ContractOrderItem, signal: AbortSignal): Promise<ContractConditionalItem | undefined> {
  if (!mayBeReleased(order)) return undefined;
  for (let pageIndex = 1; pageIndex <= SEARCH_PAGES; pageIndex += 1) {
    const page = await fetchContractConditionalList({ active: 2, symbol: order.symbol, pageIndex, pageSize: SEARCH_SIZE }, { signal, notify: false });
    const found = releasing(page.list, order.orderNo);
    if (found || page.list.length < SEARCH_SIZE) return found;
  }
  return undefined;
}

export function ContractOrderPage() {
  const { _ } = useLingui();
  const { orderNo } = useSearch({ from: '/contractOrder' });
  const signedIn = useSignedIn();
  return (
    <Page
      name="contractOrder"
      title={orderNo === undefined ? _('contract.detail.title') : _('contract.detail.titleNo', { orderNo })}
      actions={
        <Link to="/contract" className={s.link} data-testid="detail-back">
          {_('contract.detail.back')}
        </Link>
      }
    >
      {!signedIn ? (
        <SignInPrompt />
      ) : orderNo === undefined ? (
        <Panel>
          <EmptyState>
            <span data-testid="detail-bad-no">{_('contract.detail.badNo')}</span>
          </EmptyState>
        </Panel>
      ) : (
        <Detail orderNo={orderNo} />
      )}
    </Page>
  );
}

function Detail({ orderNo }: { orderNo: number }) {
  const { _ } = useLingui();
  const detail = useLoadable((signal) => fetchContractOrderDetail({ orderNo }, { signal, notify: false }), [orderNo]);
  if (detail.status === 'pending') return <EmptyState>{_('common.loading')}</EmptyState>;
  if (detail.status === 'error') {
    const notFound = detailFailure(detail.error) === 'notFound';
    return (
      <Panel>
        <EmptyState>
          <span data-testid={notFound ? 'detail-not-found' : 'detail-error'}>
            {notFound ? _('contract.detail.notFound') : isApiError(detail.error) && detail.error.msg ? detail.error.msg : _('common.loadFailed')}
          </span>
        </EmptyState>
      </Panel>
    );
  }
  return <Loaded reply={detail.data} />;
}

function Loaded({ reply }: { reply: ContractOrderDetailReply }) {
  const { _ } = useLingui();
  const { order: o, trades, funding, holdingFee } = reply;
  const by = useLoadable((signal) => releasedBy(o, signal), [o.orderNo]);
  const prices = triggerPrices(by.status === 'success' ? by.data : undefined);
  const searching = by.status === 'pending';
  const price = (value: string | null) => (searching ? _('common.loading') : formatDecimal(value));
  const signed = (value: string | null, text: string) => <span className={s.trend[trendOf(value)]}>{text}</span>;
  const rows: ReadonlyArray<readonly [labelId: string, value: ReactNode, testId: string]> = [
    ['contract.col.orderNo', o.orderNo, 'orderNo'],
    ['contract.detail.contractNo', `${o.symbol} (${o.codeName})`, 'contract'],
    ['contract.col.direction', <span className={s.direction[o.direction]}>{_(DIRECTION_LABEL[o.direction])}</span>, 'direction'],
    ['orders.col.status', _(STATUS_LABEL[o.status]), 'status'],
    ['contract.col.lots', o.lots, 'lots'],
    ['orders.col.quantity', formatDecimal(o.quantity, 8), 'quantity'],
    ['contract.col.multiplier', formatDecimal(o.multiplier, 8), 'multiplier'],
    ['contract.col.leverage', `${o.leverage}x · ${_(MARGIN_TYPE_LABEL[o.marginType])}`, 'leverage'],
    ['contract.col.margin', formatDecimal(o.margin), 'margin'],
    ['contract.col.entrustMargin', formatDecimal(o.entrustMargin), 'entrustMargin'],
    ['contract.col.openType', _(ORDER_TYPE_LABEL[o.type]), 'openType'],
    ['contract.col.entrustPrice', o.price === null ? _('trade.type.market') : formatDecimal(o.price), 'price'],
    ['contract.col.openPrice', formatDecimal(o.openPrice), 'openPrice'],
    ['contract.col.closePrice', formatDecimal(o.closePrice), 'closePrice'],
    ['contract.col.takeProfit', price(prices.takeProfit), 'takeProfit'],
    ['contract.col.stopLoss', price(prices.stopLoss), 'stopLoss'],
    [
      'perp.field.trigger',
      searching ? _('common.loading') : prices.trigger === null ? EMPTY_VALUE : `${formatDecimal(prices.trigger)} (${prices.workingType ? _(WORKING_TYPE_LABEL[prices.workingType]) : ''})`,
      'trigger',
    ],
    ['contract.col.openFee', `${formatDecimal(o.openFee, 8)} ${o.feeAsset}`, 'openFee'],
    ['contract.col.closeFee', `${formatDecimal(o.closeFee, 8)} ${o.feeAsset}`, 'closeFee'],
    ['contract.col.holdFee', signed(holdingFee, `${signedAmount(holdingFee, 8)} ${o.feeAsset}`), 'holdingFee'],
    ['contract.col.profitRate', signed(o.profitRate, percentText(o.profitRate, true)), 'profitRate'],
    ['contract.col.pnl', signed(o.realizedPnl, o.closing ? signedAmount(o.realizedPnl, 8) : EMPTY_VALUE), 'pnl'],
    ['contract.col.closeMode', o.closeMode ? _(CLOSE_MODE_LABEL[o.closeMode]) : EMPTY_VALUE, 'closeMode'],
    ['contract.col.orderTime', formatDateTime(o.time), 'orderTime'],
    ['orders.col.cancelTime', formatDateTime(o.cancelTime), 'cancelTime'],
    ['contract.col.openTime', formatDateTime(openTime(o, trades)), 'openTime'],
    ['contract.col.closeTime', formatDateTime(o.closeTime), 'closeTime'],
  ];
  return (
    <>
      <Panel title={_(actionLabel(o.direction, o.closing))}>
        <dl className={s.detail} data-testid="contract-order-detail">
          {rows.map(([labelId, value, testId]) => (
            <div key={testId} className={s.detailRow}>
              <dt className={s.factLabel}>{_(labelId)}</dt>
              <dd className={s.detailValue} data-testid={`detail-${testId}`}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </Panel>
      <Panel title={_('contract.detail.trades')}>
        <OrderTrades trades={trades} />
      </Panel>
      <Panel title={_('contract.detail.funding')}>
        <OrderFunding funding={funding} asset={o.feeAsset} />
      </Panel>
    </>
  );
}
