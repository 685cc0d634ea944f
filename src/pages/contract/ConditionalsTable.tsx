// The user's waiting conditional orders (stop and take-profit orders, and each position's TP/SL), live from the
// stream layer: type, what it does, the trigger with the price it watches, the price of the order it releases,
// the quantity (or "close position"), where it came from; cancel on each.
import { useMemo } from 'react';
import { useLingui } from '@lingui/react';
import { dataOf, useContractConditionals } from '../../../streams/index.ts';
import { cancelContractConditional } from '../../api/contract.ts';
import type { ContractConditionalItem } from '../../contract.ts';
import { formatDateTime } from '../../format/date.ts';
import { formatDecimal } from '../../format/decimal.ts';
import type { Column } from '../../ui/DataTable.tsx';
import { VirtualTable } from '../../ui/VirtualTable.tsx';
import { baseAsset } from '../quotation/market-rows.ts';
import { actionLabel, CONDITIONAL_TYPE_LABEL, ORIGIN_LABEL, WORKING_TYPE_LABEL } from './columns.ts';
import { SignedIn, type TableProps } from './SignedIn.tsx';
import { useInFlight } from './useInFlight.ts';
import * as s from './tables.css.ts';

export function ConditionalsTable(props: TableProps) {
  return (
    <SignedIn>
      <Conditionals {...props} />
    </SignedIn>
  );
}

function Conditionals({ symbol, scroll = 'fill' }: TableProps) {
  const { _ } = useLingui();
  const conditionals = dataOf(useContractConditionals());
  const rows = useMemo(() => (conditionals ?? []).filter((c) => symbol === undefined || c.symbol === symbol), [conditionals, symbol]);
  const { busy, run } = useInFlight<number>();
  const columns = useMemo<Column<ContractConditionalItem>[]>(
    () => [
      { key: 'time', labelId: 'contract.col.orderTime', render: (c) => <span className={s.nowrap}>{formatDateTime(c.time)}</span> },
      { key: 'market', labelId: 'contract.col.market', render: (c) => <span className={s.marketName}>{c.codeName}</span> },
      { key: 'type', labelId: 'contract.col.openType', render: (c) => <span className={s.nowrap} data-testid="conditional-type" data-type={c.type}>{_(CONDITIONAL_TYPE_LABEL[c.type])}</span> },
      {
        key: 'action',
        labelId: 'contract.col.direction',
        render: (c) => (
          <span className={s.trend[c.side === 'buy' ? 'up' : 'down']} data-testid="conditional-action" data-side={c.side}>
            {_(actionLabel(c.direction, c.closePosition || c.reduceOnly))}
          </span>
        ),
      },
      {
        key: 'trigger',
        labelId: 'perp.field.trigger',
        align: 'right',
        render: (c) => (
          <span data-testid="conditional-trigger">
            <span className={s.num}>{formatDecimal(c.triggerPrice)}</span>
            <span className={s.sub}>{_(WORKING_TYPE_LABEL[c.workingType])}</span>
          </span>
        ),
      },
      { key: 'price', labelId: 'contract.col.entrustPrice', align: 'right', render: (c) => <span className={s.num} data-testid="conditional-price">{c.price === null ? _('trade.type.market') : formatDecimal(c.price)}</span> },
      {
        key: 'quantity',
        labelId: 'orders.col.quantity',
        align: 'right',
        render: (c) => (
          <span className={s.num} data-testid="conditional-quantity">
            {c.quantity === null ? _('contract.cond.closePosition') : `${formatDecimal(c.quantity, 8)} ${baseAsset(c.symbol)}`}
          </span>
        ),
      },
      { key: 'origin', labelId: 'contract.cond.origin', render: (c) => <span className={s.muted} data-testid="conditional-origin" data-origin={c.origin}>{_(ORIGIN_LABEL[c.origin])}</span> },
      {
        key: 'cancel',
        labelId: 'orders.col.action',
        align: 'right',
        render: (c) => (
          <button
            type="button"
            className={s.link}
            data-testid="cancel-conditional"
            disabled={busy.has(c.conditionalNo)}
            onClick={() => run(c.conditionalNo, () => cancelContractConditional({ conditionalNo: c.conditionalNo }), _('contract.cond.cancelled'))}
          >
            {_('common.cancel')}
          </button>
        ),
      },
    ],
    [_, busy, run],
  );
  return (
    <div className={s.list} data-testid="contract-conditionals">
      <VirtualTable
        columns={columns}
        rows={rows}
        rowKey={(c) => String(c.conditionalNo)}
        rowTestId="conditional-row"
        scroll={scroll}
        empty={conditionals ? _('contract.cond.empty') : _('common.loading')}
      />
    </div>
  );
}
