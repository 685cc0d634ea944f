// Small pieces the wealth and mining screens share: a coin's badge (no images: its ticker on a colour of its own),
// amounts with as many places as they carry (at least 2, at most 8), rates as percentages, an order's status as of
// the server's clock, and that clock at minute steps (statuses and "next payout" move on their own, no per-second
// ticking).
import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react';
import { serverNow, useServerOffset } from '../../../streams/index.ts';
import type { EarnKind, EarnOrderItem } from '../../contract.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { MINING_STATUS_LABELS, percentText, STATUS_LABELS, statusAt } from './earn-form.ts';
import * as s from './defi.css.ts';

/** Trailing zeros trimmed down to two places: "1,234.50", "0.00012345". */
export function amountText(value: string | null | undefined): string {
  const text = formatDecimal(value, 8);
  if (text === '--') return text;
  return text.replace(/(\.\d\d\d*?)0+$/, '$1');
}

/** Every trailing zero trimmed ("10", "50,000", "0.001"): bounds and quotas, which are round figures. */
export function compactAmount(value: string | null | undefined): string {
  const text = formatDecimal(value, 8);
  return text === '--' ? text : text.replace(/\.?0+$/, '');
}

const pad = (n: number): string => String(n).padStart(2, '0');
/** YYYY-MM-DD HH:mm in the viewer's zone: the schedule's instants are whole hours. */
export function formatMinute(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '--';
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export const percent = (rate: string, places = 4): string => `${percentText(rate, places)}%`;

const HUES = [28, 45, 140, 165, 195, 215, 260, 290, 330, 5];
function hueOf(asset: string): number {
  let h = 0;
  for (const ch of asset) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return HUES[h % HUES.length]!;
}

/** The coin's mark: its ticker (up to 4 letters, smaller type for 4) on its own colour. */
export function CoinBadge({ asset, small = false }: { asset: string; small?: boolean }) {
  const label = asset.slice(0, 4);
  const size = small ? (label.length > 3 ? 6.5 : 8) : label.length > 3 ? 9 : 11;
  return (
    <span className={small ? s.badgeSmall : s.badge} style={{ background: `hsl(${hueOf(asset)} 70% 62%)`, fontSize: `${size}px` }} aria-hidden="true">
      {label}
    </span>
  );
}

/** Server time, read again every `stepMs` (default a minute), when the measured server offset moves and when the tab
 *  shows again. */
export function useEarnNow(stepMs = 60_000): number {
  const [now, setNow] = useState(() => serverNow());
  const offset = useServerOffset();
  useEffect(() => setNow(serverNow()), [offset]);
  useEffect(() => {
    const tick = () => setNow(serverNow());
    const timer = setInterval(tick, stepMs);
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [stepMs]);
  return now;
}

export function StatusText({ order, now }: { order: EarnOrderItem; now: number }) {
  const { _ } = useLingui();
  const status = statusAt(order, now);
  const labels = order.kind === 'mining' ? MINING_STATUS_LABELS : STATUS_LABELS;
  return (
    <span className={s.status[status]} data-testid="earn-status" data-status={status}>
      {_(labels[status])}
    </span>
  );
}

/** The rate an order or product is quoted at: annual for wealth, daily for mining. */
export function rateLabelId(kind: EarnKind): string {
  return kind === 'wealth' ? 'defi.col.annualRate' : 'defi.col.dailyRate';
}
