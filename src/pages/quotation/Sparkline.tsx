// A 12-hour trend line (48 × 15 m closes; 1 m on a young market) as inline SVG: read once per market per visit, so a live list of many
// markets costs one small request each instead of a kline subscription each.
import { memo, useEffect, useState } from 'react';
import { fetchCloses } from '../../api/klines.ts';
import { vars } from '../../theme/tokens.css.ts';

const W = 96;
const H = 28;
const cache = new Map<string, Promise<number[]>>();

function closesOf(symbol: string): Promise<number[]> {
  let found = cache.get(symbol);
  if (!found) {
    // A young market has too few 15 m bars to draw; its last hour of 1 m bars says more.
    found = fetchCloses(symbol, '15m', 48)
      .then((closes) => (closes.length >= 8 ? closes : fetchCloses(symbol, '1m', 60)))
      .catch(() => []);
    cache.set(symbol, found);
    // Forget it after a while so a later visit draws a fresh line.
    setTimeout(() => cache.delete(symbol), 60_000);
  }
  return found;
}

export function sparkPath(closes: readonly number[], width = W, height = H): string {
  if (closes.length < 2) return '';
  const min = Math.min(...closes);
  const span = Math.max(...closes) - min || 1;
  const step = width / (closes.length - 1);
  return closes.map((c, i) => `${i === 0 ? 'M' : 'L'}${(i * step).toFixed(1)},${(height - 2 - ((c - min) / span) * (height - 4)).toFixed(1)}`).join(' ');
}

export const Sparkline = memo(function Sparkline({ symbol }: { symbol: string }) {
  const [closes, setCloses] = useState<readonly number[]>([]);
  useEffect(() => {
    let live = true;
    void closesOf(symbol).then((c) => live && setCloses(c));
    return () => {
      live = false;
    };
  }, [symbol]);
  const path = sparkPath(closes);
  const first = closes[0] ?? 0;
  const last = closes[closes.length - 1] ?? 0;
  return (
    <svg width={W} height={H} viewBox={`0 0 ${W} ${H}`} aria-hidden="true">
      {path ? <path d={path} fill="none" strokeWidth="1.5" stroke={last >= first ? vars.color.up : vars.color.down} /> : null}
    </svg>
  );
});
