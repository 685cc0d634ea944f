// Closed contract orders (spec §1 "closed orders", §3 contract order): every order that ended, newest first, paged by
// the server (orderList, active 2). Read again whenever an order ends or trades: a pending order leaving the stream
// or filling, or a position's size moving (a market order is never pending). Each order number opens its detail.
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { dataOf, useContractOrders, useContractPositions } from '../../../streams/index.ts';
import { fetchContractOrderList } from '../../api/contract.ts';
import { PagedTable, usePaged } from '../user/PagedTable.tsx';
import { CLOSED_COLUMNS, useContractOrderColumns } from './order-columns.tsx';
import { SignedIn, type TableProps } from './SignedIn.tsx';
import { Watch } from './Watch.tsx';
import * as s from './tables.css.ts';

/** Changes when a pending order ends or trades, or a position's size changes (not with the mark). */
function useTradesKey(): string {
  const orders = dataOf(useContractOrders()) ?? [];
  const positions = dataOf(useContractPositions()) ?? [];
  return `${orders.map((o) => `${o.orderNo}:${o.tradedQuantity}`).join(',')}|${positions.map((p) => `${p.symbol}:${p.quantity}`).join(',')}`;
}

export function ClosedOrdersTable(props: TableProps) {
  return (
    <SignedIn>
      <ClosedOrders key={props.symbol ?? ''} {...props} />
    </SignedIn>
  );
}

function ClosedOrders({ symbol, scroll = 'fill' }: TableProps) {
  const { _ } = useLingui();
  const [moved, setMoved] = useState('');
  const paged = usePaged(
    (paging, signal) => fetchContractOrderList({ active: 2, ...paging, ...(symbol ? { symbol } : {}) }, { signal, notify: false }),
    moved,
  );
  const columns = useContractOrderColumns(CLOSED_COLUMNS);
  return (
    <div className={s.list} data-testid="contract-closed-orders">
      <Watch read={useTradesKey} onChange={setMoved} />
      <PagedTable paged={paged} columns={columns} rowKey={(o) => String(o.orderNo)} rowTestId="closed-order-row" scroll={scroll} empty={_('orders.empty.history')} />
    </div>
  );
}
