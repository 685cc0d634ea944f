// The seconds variant of the bench page: the app's seconds contract screen (pairs with price and 24 h change, the
// record price over the chart, the entry, the account's tabs) on its Holding tab, where every row counts down on the
// one shared clock; the feed keeps 500 contracts holding (each settles at delivery and a new one opens).
import { useState } from 'react';
import { SecondsScreen } from '../pages/seconds/SecondsScreen.tsx';
import type { SecondsTab } from '../pages/seconds/SecondsTables.tsx';

const ignore = (): void => undefined;

export function BenchSeconds({ symbols }: { symbols: readonly string[] }) {
  const [symbol, setSymbol] = useState(symbols[0] ?? 'BTCUSDT');
  const [tab, setTab] = useState<SecondsTab>('holding');
  return <SecondsScreen symbol={symbol} tab={tab} onSymbol={setSymbol} onTab={setTab} onTransfer={ignore} />;
}
