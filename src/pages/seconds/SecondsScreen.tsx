// The seconds contract screen (spec: seconds contract with pending, timed order, countdown, history), the contract
// area's "seconds" mode: the pair picker (price and 24 h change), the market's record price (what contracts open and
// settle on) over its chart, the entry, and the account's tabs. Deep links: /contractTransaction?mode=seconds&symbol=X.
import { useMemo } from 'react';
import { useLingui } from '@lingui/react';
import { dataOf, usePriceRecord, useSecondsConfig, useTickers } from '../../../streams/index.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { formatTime } from '../../format/date.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ChartPanel } from '../spot/ChartPanel.tsx';
import { SpotPanel } from '../spot/SpotPanel.tsx';
import { ChangeText } from '../quotation/MarketRow.tsx';
import { pairName } from '../quotation/market-rows.ts';
import { marketsOf } from './seconds-form.ts';
import { SecondsForm } from './SecondsForm.tsx';
import { SecondsTables, type SecondsTab } from './SecondsTables.tsx';
import * as s from '../spot/spot.css.ts';
import * as c from './seconds.css.ts';

/** A list price at a width the narrow column holds: cents from 100 up, four places below. */
const listDecimals = (price: string): number => (Number(price) >= 100 ? 2 : 4);

function Markets({ market, markets, onPick }: { market: string; markets: readonly string[]; onPick(m: string): void }) {
  const { _ } = useLingui();
  const tickers = dataOf(useTickers());
  return (
    <SpotPanel area="markets" title={_('market.col.pair')} testId="seconds-markets">
      <div role="listbox" aria-label={_('market.col.pair')}>
        {markets.map((m) => {
          // A market not traded in the last 24 h has no price or change to show yet.
          const found = tickers?.get(m) ?? null;
          const ticker = found !== null && found.count > 0 ? found : null;
          return (
            <button
              key={m}
              type="button"
              role="option"
              aria-selected={m === market}
              className={m === market ? s.marketRowOn : s.marketRow}
              data-testid={`seconds-market-${m}`}
              onClick={() => onPick(m)}
            >
              <strong>{pairName(m)}</strong>
              <span className={`${s.mono} ${s.right}`}>{ticker ? formatDecimal(ticker.lastPrice, listDecimals(ticker.lastPrice)) : '--'}</span>
              <span className={`${s.mono} ${s.right}`}>{ticker ? <ChangeText ticker={ticker} /> : '--'}</span>
            </button>
          );
        })}
        {markets.length === 0 ? <EmptyState>{_('seconds.noMarkets')}</EmptyState> : null}
      </div>
    </SpotPanel>
  );
}

/** The market's record price (what contracts open and settle on), its entry number and time, and the 24 h change. */
function Headline({ market }: { market: string }) {
  const { _ } = useLingui();
  const record = dataOf(usePriceRecord(market)) ?? null;
  const found = dataOf(useTickers())?.get(market) ?? null;
  const ticker = found !== null && found.count > 0 ? found : null;
  return (
    <div className={c.headline} data-testid="seconds-headline">
      <strong>{pairName(market)}</strong>
      <span className={c.headPrice} data-testid="seconds-price">
        {formatDecimal(record?.price ?? null)}
      </span>
      {ticker ? <ChangeText ticker={ticker} /> : null}
      <span className={s.muted}>
        {_('seconds.recordPrice')}
        {record ? ` #${record.seq} · ${formatTime(record.ts)}` : ''}
      </span>
    </div>
  );
}

export function SecondsScreen({
  symbol, tab, onSymbol, onTab, onTransfer,
}: { symbol: string; tab: SecondsTab; onSymbol(m: string): void; onTab(t: SecondsTab): void; onTransfer(): void }) {
  const config = dataOf(useSecondsConfig());
  const markets = useMemo(() => marketsOf(config ?? []), [config]);
  // A deep link to a market without seconds contracts shows the first market that has them.
  const market = config && markets.length > 0 && !markets.includes(symbol) ? markets[0]! : symbol;
  return (
    <div className={c.screen} data-testid="seconds-screen" data-market={market}>
      <Markets market={market} markets={markets} onPick={onSymbol} />
      <section className={s.areas.chart}>
        <Headline market={market} />
        <ChartPanel symbol={market} venue="spot" />
      </section>
      <SecondsForm market={market} onTransfer={onTransfer} />
      <SecondsTables tab={tab} onTab={onTab} />
    </div>
  );
}
