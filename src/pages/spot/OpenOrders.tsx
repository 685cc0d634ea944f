// The user's open orders, live from the `orders` stream (seeded by REST on every run), in two views: orders working
// (with the trigger of one that fired and the OCO badge of a list's leg) and conditional orders waiting for their
// trigger; cancel on each row (an OCO leg takes its partner with it, server side) and cancel all of the market.
import { useMemo, useState } from 'react';
import { useLingui } from '@lingui/react';
import { dataOf, useOrders } from '../../../streams/index.ts';
import { VirtualTable } from '../../ui/VirtualTable.tsx';
import { CancelAllButton } from '../orders/CancelAllButton.tsx';
import { useCancelOrder } from '../orders/useCancelOrder.ts';
import * as o from '../orders/orders.css.ts';
import { pairName } from '../quotation/market-rows.ts';
import { splitOpenOrders } from './open-order-rows.ts';
import { SPOT_CONDITIONAL_COLUMNS, SPOT_OPEN_COLUMNS, useSpotOrderColumns } from './spot-order-columns.tsx';
import * as c from './conditional.css.ts';
import * as s from './spot.css.ts';

type View = 'orders' | 'conditional';

export function OpenOrders({ symbol }: { symbol: string }) {
  const { _ } = useLingui();
  const orders = dataOf(useOrders());
  const { current, conditional } = useMemo(() => splitOpenOrders(orders ?? [], pairName), [orders]);
  const [view, setView] = useState<View>('orders');
  const { cancel, cancelling } = useCancelOrder();
  const openColumns = useSpotOrderColumns(SPOT_OPEN_COLUMNS, { onCancel: cancel, cancelling });
  const conditionalColumns = useSpotOrderColumns(SPOT_CONDITIONAL_COLUMNS, { onCancel: cancel, cancelling });
  const views: ReadonlyArray<{ key: View; label: string }> = [
    { key: 'orders', label: _('spot.open.orders', { count: current.length }) },
    { key: 'conditional', label: _('spot.open.conditional', { count: conditional.length }) },
  ];
  const hasMarket = current.some((r) => r.symbol === symbol) || conditional.some((r) => r.symbol === symbol);
  return (
    <div className={o.panelList} data-testid="open-orders">
      <div className={c.bar}>
        <div className={s.chips} role="tablist">
          {views.map((v) => (
            <button
              key={v.key}
              type="button"
              role="tab"
              aria-selected={view === v.key}
              className={view === v.key ? s.chipOn : s.chip}
              data-testid={`open-view-${v.key}`}
              onClick={() => setView(v.key)}
            >
              {v.label}
            </button>
          ))}
        </div>
        {hasMarket ? <CancelAllButton symbol={symbol} disabled={false} onDone={() => undefined} /> : null}
      </div>
      {view === 'orders' ? (
        <VirtualTable columns={openColumns} rows={current} rowKey={(r) => String(r.orderNo)} rowTestId="order-row" />
      ) : (
        <div className={o.panelList} data-testid="conditional-orders">
          <VirtualTable columns={conditionalColumns} rows={conditional} rowKey={(r) => String(r.orderNo)} rowTestId="conditional-row" empty={_('contract.cond.empty')} />
        </div>
      )}
    </div>
  );
}
