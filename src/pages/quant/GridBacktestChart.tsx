// A grid backtest drawn as SVG (vector, so crisp at any pixel ratio, in the theme's colours): the replayed period's
// 15-minute bars (candles when there is room for them, else their closes as a line), the ladder's levels as lines
// (its bounds solid), and every fill the result carries as a marker at its level and minute: buys green ▲ under the
// price, sells red ▼ over it. The pointer reads out the bar under it. The svg keeps counts in data attributes.
import { useEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import { useLingui } from '@lingui/react';
import { toUnits, type QuantBacktestResult } from '../../contract.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { vars } from '../../theme/tokens.css.ts';
import { bpsPercent, chartGeometry, formatMinute, signedText, type PlotBox } from './grid-form.ts';
import * as s from './grid.css.ts';

const AXIS_RIGHT = 78;
const AXIS_BOTTOM = 22;
const PAD = 8;
const FONT = { fontFamily: vars.font.mono, fontSize: '11px' } as const;
const BAR_MS = 15 * 60_000;
/** Pixels a bar needs before it is drawn as a candle. */
const CANDLE_MIN_PX = 5;
/** The widest a candle's body is drawn (a short history has few, wide bars). */
const CANDLE_MAX_PX = 14;

const pad2 = (n: number) => String(n).padStart(2, '0');
function timeLabel(t: number, step: number, span: number): string {
  const d = new Date(t);
  const day = `${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;
  const hm = `${pad2(d.getHours())}:${pad2(d.getMinutes())}`;
  if (step >= 86_400_000) return day;
  return span > 86_400_000 ? `${day} ${hm}` : hm;
}

interface Props {
  result: QuantBacktestResult;
  /** Places of the market's tick. */
  priceDecimals: number;
}

export function GridBacktestChart({ result, priceDecimals }: Props) {
  const { _ } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ w: number; h: number }>({ w: 0, h: 0 });
  const [hover, setHover] = useState<number | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    const measure = () => {
      const r = el.getBoundingClientRect();
      setSize((old) => (Math.round(r.width) === old.w && Math.round(r.height) === old.h ? old : { w: Math.round(r.width), h: Math.round(r.height) }));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    measure();
    return () => observer.disconnect();
  }, []);

  const plot: PlotBox = { left: PAD, top: PAD, width: Math.max(size.w - PAD - AXIS_RIGHT, 10), height: Math.max(size.h - PAD - AXIS_BOTTOM, 10) };
  const geo = useMemo(
    () => chartGeometry(result, Math.max(2, Math.floor(plot.width / 110)), new Date().getTimezoneOffset(), Math.max(3, Math.floor(plot.height / 45)), BAR_MS),
    [result, plot.width, plot.height],
  );
  const x = (t: number) => plot.left + ((t - geo.t0) / (geo.t1 - geo.t0)) * plot.width;
  const y = (p: number) => plot.top + ((geo.pMax - p) / (geo.pMax - geo.pMin)) * plot.height;
  const crisp = (v: number) => Math.round(v) + 0.5;
  const bars = result.chart;
  const barPx = (BAR_MS / (geo.t1 - geo.t0)) * plot.width;
  const candles = barPx >= CANDLE_MIN_PX;

  const drawn = useMemo(() => {
    if (size.w === 0) return null;
    const closes = bars.map(([t, , , , c]) => `${(x(t + BAR_MS / 2)).toFixed(1)},${y(Number(c)).toFixed(1)}`).join(' ');
    let buys = '';
    let sells = '';
    const m = 4.5;
    for (const f of result.fills) {
      const fx = x(f.time + 30_000);
      const fy = y(Number(f.price));
      if (f.side === 'buy') buys += `M${fx.toFixed(1)},${(fy + 2).toFixed(1)}l${m},${m * 1.6}h${-2 * m}z`;
      else sells += `M${fx.toFixed(1)},${(fy - 2).toFixed(1)}l${m},${-m * 1.6}h${-2 * m}z`;
    }
    return { closes, buys, sells };
    // x and y follow from geo and the plot's size.
  }, [bars, result.fills, geo, size.w, size.h]);

  const buyCount = result.fills.filter((f) => f.side === 'buy').length;
  const sellCount = result.fills.length - buyCount;
  const onMove = (e: PointerEvent<SVGSVGElement>) => {
    const left = e.currentTarget.getBoundingClientRect().left;
    const t = geo.t0 + ((e.clientX - left - plot.left) / plot.width) * (geo.t1 - geo.t0);
    if (bars.length === 0 || t < geo.t0 || t > geo.t1) return setHover(null);
    let best = 0;
    for (let i = 1; i < bars.length; i++) if (Math.abs(bars[i]![0] + BAR_MS / 2 - t) < Math.abs(bars[best]![0] + BAR_MS / 2 - t)) best = i;
    setHover(best);
  };
  const hovered = hover === null ? null : bars[hover];
  const lower = result.levels[0];
  const upper = result.levels[result.levels.length - 1];

  return (
    <div className={s.backtest}>
      <div ref={box} className={s.chartBox}>
        {size.w > 0 && drawn ? (
          <svg
            className={s.chartSvg}
            width={size.w}
            height={size.h}
            viewBox={`0 0 ${size.w} ${size.h}`}
            role="img"
            aria-label={_('grid.backtest.chart')}
            data-testid="grid-backtest-chart"
            data-bars={bars.length}
            data-levels={result.levels.length}
            data-fills={result.fills.length}
            data-buys={buyCount}
            data-sells={sellCount}
            data-candles={candles ? '1' : '0'}
            onPointerMove={onMove}
            onPointerLeave={() => setHover(null)}
          >
            <rect x={0} y={0} width={size.w} height={size.h} style={{ fill: vars.color.surface }} />
            {/* Price grid and axis. */}
            {geo.priceTicks.map((p) => (
              <g key={`p${p}`}>
                <line x1={plot.left} x2={plot.left + plot.width} y1={crisp(y(p))} y2={crisp(y(p))} style={{ stroke: vars.color.raised }} shapeRendering="crispEdges" />
                <text x={plot.left + plot.width + 6} y={y(p)} dominantBaseline="middle" style={{ ...FONT, fill: vars.color.faint }}>
                  {formatDecimal(p, priceDecimals)}
                </text>
              </g>
            ))}
            {geo.timeTicks.map((t) => (
              <g key={`t${t}`}>
                <line x1={crisp(x(t))} x2={crisp(x(t))} y1={plot.top} y2={plot.top + plot.height} style={{ stroke: vars.color.raised }} shapeRendering="crispEdges" />
                <text
                  x={Math.min(Math.max(x(t), plot.left), plot.left + plot.width)}
                  y={plot.top + plot.height + 15}
                  textAnchor={x(t) < plot.left + 24 ? 'start' : x(t) > plot.left + plot.width - 24 ? 'end' : 'middle'}
                  style={{ ...FONT, fill: vars.color.faint }}
                >
                  {timeLabel(t, geo.timeStep, geo.t1 - geo.t0)}
                </text>
              </g>
            ))}
            {/* The ladder. */}
            {result.levels.map((p, i) => {
              const edge = i === 0 || i === result.levels.length - 1;
              return (
                <line
                  key={`l${i}`}
                  x1={plot.left}
                  x2={plot.left + plot.width}
                  y1={crisp(y(Number(p)))}
                  y2={crisp(y(Number(p)))}
                  style={{ stroke: edge ? vars.color.accent : vars.color.muted, strokeOpacity: edge ? 0.9 : 0.45 }}
                  strokeDasharray={edge ? undefined : '3 4'}
                  shapeRendering="crispEdges"
                  data-level={i}
                />
              );
            })}
            {lower !== undefined && upper !== undefined ? (
              <>
                <text x={plot.left + 4} y={y(Number(upper)) - 4} style={{ ...FONT, fill: vars.color.accent }}>
                  {formatDecimal(upper, priceDecimals)}
                </text>
                <text x={plot.left + 4} y={y(Number(lower)) + 12} style={{ ...FONT, fill: vars.color.accent }}>
                  {formatDecimal(lower, priceDecimals)}
                </text>
              </>
            ) : null}
            {/* The price. */}
            {candles ? (
              bars.map(([t, o, h, l, c]) => {
                const rising = Number(c) >= Number(o);
                const color = rising ? vars.color.up : vars.color.down;
                const cx = crisp(x(t + BAR_MS / 2));
                const w = Math.min(CANDLE_MAX_PX, Math.max(1, Math.floor(barPx * 0.6)));
                const top = y(Math.max(Number(o), Number(c)));
                const bottom = y(Math.min(Number(o), Number(c)));
                return (
                  <g key={t}>
                    <line x1={cx} x2={cx} y1={y(Number(h))} y2={y(Number(l))} style={{ stroke: color }} />
                    <rect x={Math.round(cx - w / 2)} y={Math.round(top)} width={w} height={Math.max(1, Math.round(bottom - top))} style={{ fill: color }} />
                  </g>
                );
              })
            ) : (
              <polyline points={drawn.closes} style={{ fill: 'none', stroke: vars.color.text, strokeOpacity: 0.85, strokeWidth: 1.25, strokeLinejoin: 'round' }} />
            )}
            {/* The fills. */}
            <path d={drawn.buys} style={{ fill: vars.color.up, stroke: vars.color.surface, strokeWidth: 0.75 }} data-testid="grid-backtest-buys" />
            <path d={drawn.sells} style={{ fill: vars.color.down, stroke: vars.color.surface, strokeWidth: 0.75 }} data-testid="grid-backtest-sells" />
            {/* The readout. */}
            {hovered ? (
              <g pointerEvents="none">
                <line x1={crisp(x(hovered[0] + BAR_MS / 2))} x2={crisp(x(hovered[0] + BAR_MS / 2))} y1={plot.top} y2={plot.top + plot.height} style={{ stroke: vars.color.muted }} strokeDasharray="2 3" />
                <rect x={plot.left + 4} y={plot.top + 4} width={Math.min(plot.width - 8, 330)} height={20} rx={3} style={{ fill: vars.color.raised, fillOpacity: 0.92 }} />
                <text x={plot.left + 10} y={plot.top + 18} style={{ ...FONT, fill: vars.color.text }}>
                  {`${timeLabel(hovered[0], 60_000, 2 * 86_400_000)}  O ${formatDecimal(hovered[1], priceDecimals)}  H ${formatDecimal(hovered[2], priceDecimals)}  L ${formatDecimal(hovered[3], priceDecimals)}  C ${formatDecimal(hovered[4], priceDecimals)}`}
                </text>
              </g>
            ) : null}
          </svg>
        ) : null}
      </div>
      <div className={s.legend}>
        <span>
          <span className={s.swatch} style={{ background: vars.color.accent }} />
          {_('grid.backtest.legend.range')}
        </span>
        <span>
          <span className={s.swatch} style={{ background: vars.color.muted, opacity: 0.6 }} />
          {_('grid.backtest.legend.levels', { count: result.levels.length })}
        </span>
        <span data-testid="grid-backtest-legend-buys">
          <span className={s.swatch} style={{ background: vars.color.up }} />
          {_('grid.backtest.legend.buys', { count: buyCount })}
        </span>
        <span data-testid="grid-backtest-legend-sells">
          <span className={s.swatch} style={{ background: vars.color.down }} />
          {_('grid.backtest.legend.sells', { count: sellCount })}
        </span>
      </div>
    </div>
  );
}

/** The run's figures: its P&L and its share of the investment, annualized, rounds, grid profit, fees, bars, period. */
export function BacktestFigures({ result, quote }: { result: QuantBacktestResult; quote: string }) {
  const { _ } = useLingui();
  const pnl = toUnits(result.pnl);
  const tone = pnl > 0n ? s.up : pnl < 0n ? s.down : undefined;
  const figure = (label: string, value: string, testId: string, className?: string) => (
    <div className={s.figure}>
      <span className={s.figureLabel}>{label}</span>
      <span className={className ? `${s.figureValue} ${className}` : s.figureValue} data-testid={testId}>
        {value}
      </span>
    </div>
  );
  return (
    <div className={s.figures} data-testid="grid-backtest-figures" data-pnl={result.pnl} data-rounds={result.rounds}>
      {figure(_('grid.fig.pnl'), `${signedText(pnl, 2)} ${quote}`, 'grid-backtest-pnl', tone)}
      {figure(_('grid.fig.pnlPercent'), bpsPercent(result.pnlBps), 'grid-backtest-pnl-percent', tone)}
      {figure(_('grid.fig.annualized'), bpsPercent(result.annualizedBps), 'grid-backtest-annualized', tone)}
      {figure(_('grid.fig.rounds'), String(result.rounds), 'grid-backtest-rounds')}
      {figure(_('grid.fig.gridProfit'), `${signedText(toUnits(result.gridProfit), 4)} ${quote}`, 'grid-backtest-grid-profit')}
      {figure(_('grid.fig.fees'), `${formatDecimal(result.fees, 4)} ${quote}`, 'grid-backtest-fees')}
      {figure(_('grid.fig.fills'), String(result.fills.length), 'grid-backtest-fills')}
      {figure(_('grid.fig.bars'), String(result.bars), 'grid-backtest-bars')}
      {figure(_('grid.fig.period'), `${formatMinute(result.from)} – ${formatMinute(result.to)}`, 'grid-backtest-period')}
    </div>
  );
}
