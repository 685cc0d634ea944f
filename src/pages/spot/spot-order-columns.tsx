// The spot order tables' columns with conditional orders in them: the shared order columns (../orders), a type
// that names a triggered kind ("Stop limit", "Take-profit market") and carries the OCO list badge, and the
// trigger: which way the last price must cross the stop ("≤ 41,000.00"), the trailing delta ("Trailing 1.50 %"),
// and whether it fired.
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import type { SpotOrderItem } from '../../contract.ts';
import { EMPTY_VALUE } from '../../format/decimal.ts';
import type { Column } from '../../ui/DataTable.tsx';
import type { OrderColumnKey } from '../orders/columns.ts';
import { useOrderColumns, type OrderColumnOptions } from '../orders/order-columns.tsx';
import { conditionalTypeId, stopText, trailingText } from './trigger-text.ts';
import * as c from './conditional.css.ts';

export type SpotOrderColumnKey = OrderColumnKey | 'trigger';

/** The terminal's open orders: the panel's columns with the trigger of an order that fired. */
export const SPOT_OPEN_COLUMNS: readonly SpotOrderColumnKey[] = ['time', 'market', 'type', 'side', 'price', 'quantity', 'filled', 'trigger', 'action'];
/** Waiting conditional orders: nothing has traded, so no filled column. */
export const SPOT_CONDITIONAL_COLUMNS: readonly SpotOrderColumnKey[] = ['time', 'market', 'side', 'type', 'trigger', 'price', 'quantity', 'action'];
/** The terminal's order history, with the trigger of an order that had one. */
export const SPOT_HISTORY_COLUMNS: readonly SpotOrderColumnKey[] = ['time', 'market', 'type', 'side', 'trigger', 'avgPrice', 'filled', 'tradeAmount', 'status'];

function TriggerCell({ order }: { order: SpotOrderItem }) {
  const { _ } = useLingui();
  const t = order.trigger;
  if (!t) return <span>{EMPTY_VALUE}</span>;
  const stop = stopText(order.side, t.condition, t.stopPrice);
  return (
    <span data-testid="trigger-condition" data-condition={t.condition} data-triggered={t.triggered}>
      {stop ? <span className={c.nowrap}>{stop}</span> : null}
      {t.trailingDelta !== null ? <span className={stop ? c.sub : c.nowrap}>{_('spot.trigger.trailing', { delta: trailingText(t.trailingDelta) })}</span> : null}
      {t.triggered ? <span className={c.sub}>{_('spot.trigger.fired')}</span> : null}
    </span>
  );
}

export function useSpotOrderColumns(keys: readonly SpotOrderColumnKey[], options: OrderColumnOptions = {}): Column<SpotOrderItem>[] {
  const { _ } = useLingui();
  const shared = useOrderColumns(
    keys.filter((k): k is OrderColumnKey => k !== 'trigger'),
    options,
  );
  const byKey = new Map(shared.map((col) => [col.key, col]));
  const own: Record<'type' | 'trigger', Column<SpotOrderItem>> = {
    type: {
      key: 'type',
      labelId: 'orders.col.type',
      render: (o) => (
        <span className={c.nowrap} data-testid="order-type">
          {_(o.trigger ? conditionalTypeId(o) : o.type === 'limit' ? 'trade.type.limit' : 'trade.type.market')}
          {o.orderListId !== null ? (
            <span className={c.badge} data-testid="oco-badge" title={`OCO #${o.orderListId}`}>
              OCO
            </span>
          ) : null}
          {o.botId !== undefined ? (
            <Link to="/quantBot" search={{ id: o.botId }} className={c.badge} data-testid="bot-badge" title={_('orders.bot.title', { id: o.botId })}>
              {_('orders.bot', { id: o.botId })}
            </Link>
          ) : null}
        </span>
      ),
    },
    trigger: { key: 'trigger', labelId: 'spot.col.trigger', align: 'right', render: (o) => <TriggerCell order={o} /> },
  };
  return keys.flatMap((k) => {
    const col = k === 'type' || k === 'trigger' ? own[k] : byKey.get(k);
    return col ? [col] : [];
  });
}
