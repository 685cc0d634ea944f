// The perpetual's summary strip above the terminal: last, mark and index price, the predicted funding rate with a
// countdown to the next settlement (server time), 24 h high / low / volume of the perpetual, and open interest.
import { useEffect, useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { dataOf, useContractMark, useCountdown, usePerpTicker } from '../../../streams/index.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { pairName } from '../quotation/market-rows.ts';
import { ChangeText } from '../quotation/MarketRow.tsx';
import * as s from '../spot/spot.css.ts';
import * as c from './terminal.css.ts';

export const OPEN_INTEREST_POLL_MS = 10_000;

/** Green when shorts pay (negative), red when longs pay: what the rate costs a long. */
export const fundingClass = (rate: string | null): string => (rate === null ? '' : rate.startsWith('-') ? s.up : /[1-9]/.test(rate) ? s.down : '');

/** hh:mm:ss of a non-negative number of milliseconds. */
export function clockText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

function useOpenInterest(symbol: string): string | null {
  const [value, setValue] = useState<{ symbol: string; openInterest: string } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const read = () =>
      fetch(`/fapi/v1/openInterest?${new URLSearchParams({ symbol }).toString()}`, { signal: controller.signal })
        .then(async (r) => (r.ok ? ((await r.json()) as unknown) : null))
        .then((body) => {
          const oi = typeof body === 'object' && body !== null && 'openInterest' in body ? body.openInterest : null;
          if (typeof oi === 'string') setValue({ symbol, openInterest: oi });
        })
        .catch(() => undefined);
    void read();
    const timer = setInterval(() => void read(), OPEN_INTEREST_POLL_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [symbol]);
  return value && value.symbol === symbol ? value.openInterest : null;
}

function Countdown({ deadline }: { deadline: number }) {
  const left = useCountdown(deadline);
  return (
    <span className={s.mono} data-testid="funding-countdown">
      {clockText(left)}
    </span>
  );
}

function Item({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <span className={c.headerItem} data-testid={testId}>
      <span className={s.muted}>{label}</span>
      <span className={s.mono}>{children}</span>
    </span>
  );
}

export function ContractHeader({ symbol }: { symbol: string }) {
  const { _ } = useLingui();
  const mark = dataOf(useContractMark(symbol));
  const ticker = dataOf(usePerpTicker(symbol)) ?? null;
  const openInterest = useOpenInterest(symbol);
  const traded = ticker !== null && ticker.count > 0;
  return (
    <div className={c.header} data-testid="contract-header">
      <strong className={c.headerSymbol}>
        {pairName(symbol)} <span className={s.muted}>{_('perp.perpetual')}</span>
      </strong>
      <span className={`${s.mono} ${c.headerLast}`} data-testid="contract-last">
        {traded ? formatDecimal(ticker.lastPrice) : '--'}
      </span>
      {traded ? <ChangeText ticker={ticker} /> : null}
      <Item label={_('perp.markPrice')} testId="contract-mark">
        {formatDecimal(mark?.markPrice ?? null)}
      </Item>
      <Item label={_('perp.indexPrice')} testId="contract-index">
        {formatDecimal(mark?.indexPrice ?? null)}
      </Item>
      <span className={c.headerItem}>
        <span className={s.muted}>{_('perp.fundingCountdown')}</span>
        <span className={s.mono}>
          <span className={fundingClass(mark?.fundingRate ?? null)} data-testid="contract-funding-rate">
            {mark?.fundingRate ? `${formatDecimal(mark.fundingRate, 4)}%` : '--'}
          </span>
          {' / '}
          {mark?.nextFundingTime ? <Countdown deadline={mark.nextFundingTime} /> : '--'}
        </span>
      </span>
      <Item label={_('market.col.high')}>{traded ? formatDecimal(ticker.highPrice) : '--'}</Item>
      <Item label={_('market.col.low')}>{traded ? formatDecimal(ticker.lowPrice) : '--'}</Item>
      <Item label={_('market.col.volume')}>{ticker ? formatDecimal(ticker.quoteVolume, 2) : '--'}</Item>
      <Item label={_('perp.openInterest')} testId="contract-open-interest">
        {openInterest === null ? '--' : formatDecimal(openInterest, 3)}
      </Item>
    </div>
  );
}
