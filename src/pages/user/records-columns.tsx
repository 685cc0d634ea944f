// The asset-record columns: time, account, coin, the market it belongs to, type in the user's language, the signed
// change of the available and the frozen balance (green in, red out), and what caused it (an order, a trade, a
// funding settlement, a transfer, a wealth order, a deposit with its network and transaction, a withdrawal, the
// operator's memo).
import { useMemo } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import type { AssetRecordItem, AssetRecordType } from '../../contract.ts';
import { formatDateTime } from '../../format/date.ts';
import { EMPTY_VALUE } from '../../format/decimal.ts';
import type { Column } from '../../ui/DataTable.tsx';
import { pairName } from '../quotation/market-rows.ts';
import { accountLabel, changeSign, formatChange, parseRef, recordTypeLabel, shortTx } from './records.ts';
import * as s from './records.css.ts';

function Change({ value }: { value: string }) {
  const sign = changeSign(value);
  return (
    <span className={sign === 'in' ? s.credit : sign === 'out' ? s.debit : s.zero} data-sign={sign}>
      {formatChange(value)}
    </span>
  );
}

/** A perpetual's settlements and changes: the market is in its own column. */
const REF_LABEL = {
  funding: 'records.ref.funding',
  liquidation: 'records.ref.liquidation',
  margin: 'records.ref.margin',
  leverage: 'records.ref.leverage',
} as const;

function Reference({ value, type }: { value: string; type: AssetRecordType }) {
  const { _ } = useLingui();
  const ref = parseRef(value);
  // A wealth or mining order's records link to its detail page (the record type tells which kind it is).
  if (ref.kind === 'earn') {
    const kind = type.startsWith('mining_') ? 'mining' : 'wealth';
    return (
      <Link to="/defiFinancial/order" search={{ kind, id: Number(ref.id) }} className={s.refLink} title={value} data-ref="earn">
        {ref.period === null ? _('records.ref.earnOrder', { id: ref.id }) : _('records.ref.earnPayment', { id: ref.id, period: ref.period })}
      </Link>
    );
  }
  // A deposit: its network and transaction, shortened (the whole hash in the tooltip).
  if (ref.kind === 'deposit') {
    return (
      <span className={s.ref} title={value} data-ref="deposit">
        {_('records.ref.deposit', { network: ref.network })}
        {' · '}
        <span className={s.mono} title={ref.tx} data-testid="ref-tx">
          {shortTx(ref.tx)}
        </span>
      </span>
    );
  }
  // A withdrawal: its number, as the withdrawal page lists it (that page lists them all; it can't open one).
  const label =
    ref.kind === 'withdrawal'
      ? _('records.ref.withdrawal', { id: ref.id })
      : ref.kind === 'order'
        ? _('records.ref.order', { id: ref.id })
        : ref.kind === 'trade'
          ? _('records.ref.trade', { market: pairName(ref.symbol), id: ref.id })
          : ref.kind === 'transfer'
            ? _('records.ref.transfer', { id: ref.id.slice(0, 8) })
            : ref.kind === 'memo' || ref.kind === 'raw'
              ? ref.text
              : _(REF_LABEL[ref.kind]);
  return (
    <span className={`${s.ref} ${ref.kind === 'transfer' ? s.mono : ''}`} title={value} data-ref={ref.kind}>
      {label}
    </span>
  );
}

/** The columns, made once per language: rows keep their cells across scroll frames (see RecordsScroller). */
export function useRecordColumns(): Column<AssetRecordItem>[] {
  const { _ } = useLingui();
  return useMemo(() => [
    { key: 'time', labelId: 'common.col.time', render: (r) => <span className={s.nowrap}>{formatDateTime(r.time)}</span> },
    { key: 'account', labelId: 'records.col.account', render: (r) => <span className={s.nowrap}>{_(accountLabel(r.account))}</span> },
    { key: 'coin', labelId: 'assets.col.coin', render: (r) => <span className={s.nowrap}>{r.asset}</span> },
    {
      key: 'market',
      labelId: 'records.col.market',
      render: (r) => (
        <span className={s.nowrap} data-testid="record-market" data-symbol={r.symbol ?? ''}>
          {r.symbol ? pairName(r.symbol) : EMPTY_VALUE}
        </span>
      ),
    },
    {
      key: 'type',
      labelId: 'records.col.type',
      render: (r) => (
        <span className={s.nowrap} data-type={r.type}>
          {_(recordTypeLabel(r.type))}
        </span>
      ),
    },
    { key: 'amount', labelId: 'records.col.amount', align: 'right', render: (r) => <Change value={r.amount} /> },
    { key: 'frozen', labelId: 'records.col.frozen', align: 'right', render: (r) => <Change value={r.frozen} /> },
    { key: 'ref', labelId: 'records.col.ref', render: (r) => <Reference value={r.ref} type={r.type} /> },
  ], [_]);
}
