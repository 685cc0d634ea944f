// A REST list reloaded whenever `key` changes (an order or balance event), keeping the last rows meanwhile so a
// live panel never blinks back to "loading".
import { useEffect, useState } from 'react';

export function useReloaded<T>(load: ((signal: AbortSignal) => Promise<T>) | null, key: unknown): T | undefined {
  const [data, setData] = useState<T | undefined>(undefined);
  useEffect(() => {
    if (!load) {
      setData(undefined);
      return;
    }
    const controller = new AbortController();
    load(controller.signal).then(
      (next) => !controller.signal.aborted && setData(next),
      () => undefined,
    );
    return () => controller.abort();
    // `load` is recreated per render; the key says when the data can have changed.
  }, [key, load === null]);
  return data;
}
