// One page of the user's spot orders from the app API, read again whenever the request changes, the private
// `orders` stream moves (a fill, a cancel, a new order anywhere) or the caller asks. The last page stays on screen
// while the next loads, so the live table never blinks; a failure keeps it too and says why.
import { useCallback, useEffect, useState } from 'react';
import { dataOf, useOrders } from '../../../streams/index.ts';
import { fetchSpotOrders } from '../../api/spot.ts';
import type { OrderListRequest, Page, SpotOrderItem } from '../../contract.ts';

export interface OrderPageState {
  page: Page<SpotOrderItem> | undefined;
  loading: boolean;
  error: unknown;
  reload(): void;
}

export function useOrderPage(request: OrderListRequest | null): OrderPageState {
  const live = dataOf(useOrders());
  const [tick, setTick] = useState(0);
  const [page, setPage] = useState<Page<SpotOrderItem> | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const key = request ? JSON.stringify(request) : null;

  useEffect(() => {
    if (!request) {
      setPage(undefined);
      return undefined;
    }
    const controller = new AbortController();
    setLoading(true);
    fetchSpotOrders(request, { signal: controller.signal, notify: false }).then(
      (next) => {
        if (controller.signal.aborted) return;
        setPage(next);
        setError(null);
        setLoading(false);
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(failure);
        setLoading(false);
      },
    );
    return () => controller.abort();
    // `key` stands for the request; `live` and `tick` say when the rows can have changed.
  }, [key, live, tick]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { page, loading, error, reload };
}
