// The user's pending contract orders, live from the stream layer (seeded by REST, moved by the contractOrders
// channel), with cancel on each and cancel all (the market's, or every market's) after a confirm.
import { useCallback, useMemo } from 'react';
import { useLingui } from '@lingui/react';
import { dataOf, useContractOrders } from '../../../streams/index.ts';
import { cancelAllContractOrders, cancelContractOrder } from '../../api/contract.ts';
import type { ContractOrderItem } from '../../contract.ts';
import { pushNotice } from '../../state/index.ts';
import { VirtualTable } from '../../ui/VirtualTable.tsx';
import { pairName } from '../quotation/market-rows.ts';
import { ConfirmButton } from './ConfirmButton.tsx';
import { PENDING_COLUMNS, useContractOrderColumns } from './order-columns.tsx';
import { SignedIn, type TableProps } from './SignedIn.tsx';
import { useInFlight } from './useInFlight.ts';
import * as s from './tables.css.ts';

export function OpenOrdersTable(props: TableProps) {
  return (
    <SignedIn>
      <OpenOrders {...props} />
    </SignedIn>
  );
}

function OpenOrders({ symbol, scroll = 'fill' }: TableProps) {
  const { _ } = useLingui();
  const orders = dataOf(useContractOrders());
  const rows = useMemo(() => (orders ?? []).filter((o) => symbol === undefined || o.symbol === symbol), [orders, symbol]);
  const { busy, run } = useInFlight<number>();
  const cancel = useCallback((o: ContractOrderItem) => run(o.orderNo, () => cancelContractOrder({ orderNo: o.orderNo }), _('spot.order.cancelled')), [run, _]);
  const columns = useContractOrderColumns(PENDING_COLUMNS, { onCancel: cancel, cancelling: busy });
  const label = _(symbol ? 'spot.cancelAll' : 'orders.cancelAll.confirm');
  return (
    <div className={s.list} data-testid="contract-open-orders">
      <div className={s.bar}>
        <ConfirmButton
          label={label}
          yes={_('orders.cancelAll.confirm')}
          no={_('orders.cancelAll.keep')}
          testId="cancel-all"
          disabled={rows.length === 0}
          run={() =>
            cancelAllContractOrders(symbol ? { symbol } : {}).then((reply) => pushNotice('success', _('orders.cancelAll.done', { count: reply.cancelled.length })))
          }
        >
          {symbol ? _('orders.cancelAll.market', { market: pairName(symbol) }) : _('orders.cancelAll.every')}
        </ConfirmButton>
      </div>
      <VirtualTable
        columns={columns}
        rows={rows}
        rowKey={(o) => String(o.orderNo)}
        rowTestId="contract-order-row"
        scroll={scroll}
        empty={orders ? _('orders.empty.current') : _('common.loading')}
      />
    </div>
  );
}
