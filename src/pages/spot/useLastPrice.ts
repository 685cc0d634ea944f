// The market's last trade price for the conditional form: the newest print of the trades stream (the ticker's
// lastPrice lags it by up to its own cadence, and a trigger is judged against the last trade), the ticker's while
// no trade has come in. Re-renders only when the price changes, not on every print.
import { useEffect, useState } from 'react';
import { distinctUntilChanged, map } from 'rxjs';
import { dataOf, trades$, useTicker } from '../../../streams/index.ts';
import { compareDecimal } from './conditional-form.ts';

const positive = (price: string | null | undefined): string | null => (price && compareDecimal(price, '0') === 1 ? price : null);

export function useLastPrice(symbol: string): string | null {
  const ticker = positive(dataOf(useTicker(symbol))?.lastPrice);
  const [traded, setTraded] = useState<string | null>(null);
  useEffect(() => {
    setTraded(null);
    const sub = trades$(symbol)
      .pipe(
        map((t) => positive(dataOf(t)?.[0]?.price)),
        distinctUntilChanged(),
      )
      .subscribe(setTraded);
    return () => sub.unsubscribe();
  }, [symbol]);
  return traded ?? ticker;
}
