// The order book ladder: asks above, bids below, cumulative depth bars, a grouping select; a click on a level
// hands its price to the order form.
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { dataOf, useOrderBook, useTicker } from '../../../streams/index.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { StreamEmpty } from '../../ui/StreamEmpty.tsx';
import { cumulative, groupingTicks, priceDecimals, qtyDecimals } from './book-ticks.ts';
import { SpotPanel } from './SpotPanel.tsx';
import * as s from './spot.css.ts';

const LEVELS = 12;

function Side({ levels, kind, onPick }: { levels: readonly (readonly [string, string])[]; kind: 'bid' | 'ask'; onPick(price: string): void }) {
  const { sums, max } = cumulative(levels);
  const rows = levels.map(([price, qty], i) => ({ price, qty, sum: sums[i] ?? 0 }));
  // Asks read from the highest down to the best, so the spread sits in the middle.
  if (kind === 'ask') rows.reverse();
  return (
    <div data-testid={`book-${kind}s`}>
      {rows.map((r) => (
        <div
          key={r.price}
          className={s.ladderRow}
          role="button"
          tabIndex={0}
          onClick={() => onPick(r.price)}
          onKeyDown={(e) => e.key === 'Enter' && onPick(r.price)}
          data-testid="book-level"
          data-price={r.price}
        >
          <span className={s.depthBar[kind]} style={{ width: `${max > 0 ? (r.sum / max) * 100 : 0}%` }} />
          <span className={`${s.mono} ${kind === 'bid' ? s.up : s.down}`}>{formatDecimal(r.price, priceDecimals(r.price))}</span>
          <span className={`${s.mono} ${s.right}`}>{formatDecimal(r.qty, qtyDecimals(Number(r.qty)))}</span>
          <span className={`${s.mono} ${s.right}`}>{formatDecimal(r.sum, qtyDecimals(r.sum))}</span>
        </div>
      ))}
    </div>
  );
}

export function OrderBook({ symbol, onPick }: { symbol: string; onPick(price: string): void }) {
  const { _ } = useLingui();
  const [tick, setTick] = useState<string | null>(null);
  const book = useOrderBook(symbol, tick, LEVELS);
  const ticker = dataOf(useTicker(symbol));
  const data = dataOf(book);
  const ticks = groupingTicks(Number(ticker?.bidPrice ?? data?.bids[0]?.[0] ?? 0));
  const select = (
    <select className={s.select} value={tick ?? ''} aria-label={_('spot.book.grouping')} onChange={(e) => setTick(e.target.value || null)}>
      <option value="">{_('spot.book.noGrouping')}</option>
      {ticks.map((t) => (
        <option key={t} value={t}>
          {t}
        </option>
      ))}
    </select>
  );
  return (
    <SpotPanel area="book" title={_('trade.book.title')} actions={select} testId="order-book">
      <div className={`${s.grid3} ${s.muted}`}>
        <span>{_('trade.book.price')}</span>
        <span className={s.right}>{_('trade.book.amount')}</span>
        <span className={s.right}>{_('trade.book.total')}</span>
      </div>
      {!data ? (
        <StreamEmpty status={book.status} />
      ) : (
        <>
          <Side levels={data.asks} kind="ask" onPick={onPick} />
          <div className={`${s.mid} ${s.mono}`}>{formatDecimal(ticker && ticker.count > 0 ? ticker.lastPrice : null)}</div>
          <Side levels={data.bids} kind="bid" onPick={onPick} />
        </>
      )}
    </SpotPanel>
  );
}
