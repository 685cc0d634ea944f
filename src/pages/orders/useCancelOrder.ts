// Cancel one order: the button stays disabled while the request is out, a notice says it worked, the client's
// notice shows the server's message when it didn't. Shared by the orders page and the terminal's open orders.
import { useCallback, useState } from 'react';
import { useLingui } from '@lingui/react';
import { cancelSpotOrder } from '../../api/spot.ts';
import type { SpotOrderItem } from '../../contract.ts';
import { pushNotice } from '../../state/index.ts';

export function useCancelOrder(onDone?: () => void): { cancel(order: SpotOrderItem): void; cancelling: ReadonlySet<number> } {
  const { _ } = useLingui();
  const [cancelling, setCancelling] = useState<ReadonlySet<number>>(new Set());
  const settle = (orderNo: number) =>
    setCancelling((held) => {
      const next = new Set(held);
      next.delete(orderNo);
      return next;
    });
  const cancel = useCallback(
    (order: SpotOrderItem) => {
      setCancelling((held) => new Set(held).add(order.orderNo));
      cancelSpotOrder({ orderNo: order.orderNo }).then(
        () => {
          settle(order.orderNo);
          pushNotice('success', _('spot.order.cancelled'));
          onDone?.();
        },
        () => settle(order.orderNo),
      );
    },
    [_, onDone],
  );
  return { cancel, cancelling };
}
