// The candlestick chart (its own lazy chunk, since lightweight-charts is the heaviest thing on the page): candles
// and a volume histogram, fed straight from the venue's candles in an effect, so a live bar never re-renders React.
// A perpetual's chart adds its mark price as a line (the closes of its mark-price candles, live) and draws the price
// lines it is given (a position's entry, liquidation, take-profit, stop-loss), changed in place when they change.
// Every change redraws the whole chart (lightweight-charts rebuilds every bar's drawing of a series it updates), so
// live changes reach it together at most every CHART_UPDATE_MS, the pace of Binance's futures kline stream (its spot
// one is slower still; a cross position's liquidation line moves with every mark of any market held): a change
// after a quiet spell is drawn at once. The page's charts take turns, one per frame. The book, the trades and the
// positions move at every frame.
import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react';
import {
  CandlestickSeries, ColorType, createChart, HistogramSeries, LineSeries, LineStyle, type IChartApi, type IPriceLine, type UTCTimestamp,
} from 'lightweight-charts';
import { perpMarkCandles$, venueCandles$, type Candle } from '../../../streams/index.ts';
import type { KlineInterval, MarketVenue } from '../../contract.ts';
import { barFeeder, chartLane, pacer, pageClock, priceLineKeeper, type Bar, type ChartPriceLine, type PriceLineLook } from './candle-draw.ts';
import * as s from './spot.css.ts';

const UP = '#16c784';
const DOWN = '#ea3943';
const MARK = '#6ea8fe';
const LINE_COLORS: Readonly<Record<ChartPriceLine['color'], string>> = { entry: '#f0b90b', liquidation: '#ff8a3d', takeProfit: UP, stopLoss: DOWN };

/** How often live changes may redraw the chart. */
export const CHART_UPDATE_MS = 250;

interface Drawn {
  readonly chart: IChartApi;
  /** Live changes, the latest of each kind, drawn together at most every CHART_UPDATE_MS. */
  readonly paced: ReturnType<typeof pacer>;
  setAll(bars: Bar[]): void;
  update(bar: Bar): void;
  precision(decimals: number): void;
  priceLines(lines: readonly ChartPriceLine[]): void;
}

interface Props {
  symbol: string;
  interval: KlineInterval;
  /** Whose candles: the spot market's (default) or the perpetual's, which also draws its mark price. */
  venue?: MarketVenue;
  priceLines?: readonly ChartPriceLine[];
}

/** Price decimals for the axis: the default 2 would show a 0.2903 market as 0.29. */
export const axisDecimals = (price: number): number => (price >= 1000 ? 2 : price >= 1 ? 4 : 6);

const NO_LINES: readonly ChartPriceLine[] = [];

export default function CandleChart({ symbol, interval, venue = 'spot', priceLines = NO_LINES }: Props) {
  const { _ } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  const drawn = useRef<Drawn | null>(null);
  const markLabel = _('perp.markPrice');
  // One chart per mount; switching market or interval only swaps the data, so the panel never flashes empty.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const chart = createChart(el, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: '#12161c' }, textColor: '#8c95a3', fontSize: 11 },
      grid: { vertLines: { color: '#1a1f27' }, horzLines: { color: '#1a1f27' } },
      timeScale: { timeVisible: true, secondsVisible: false, borderColor: '#262c36' },
      rightPriceScale: { borderColor: '#262c36' },
    });
    const candles = chart.addSeries(CandlestickSeries, { upColor: UP, downColor: DOWN, wickUpColor: UP, wickDownColor: DOWN, borderVisible: false });
    const volume = chart.addSeries(HistogramSeries, { priceScaleId: 'volume', priceFormat: { type: 'volume' } });
    chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    const candle = (b: Bar) => ({ time: b.time as UTCTimestamp, open: b.open, high: b.high, low: b.low, close: b.close });
    const vol = (b: Bar) => ({ time: b.time as UTCTimestamp, value: b.volume, color: b.up ? 'rgba(22,199,132,0.4)' : 'rgba(234,57,67,0.4)' });
    const look = (l: PriceLineLook) => ({ price: l.price, title: l.title, color: LINE_COLORS[l.kind] });
    const priceLines = priceLineKeeper<IPriceLine>({
      create: (l) => candles.createPriceLine({ ...look(l), lineWidth: 1, lineStyle: LineStyle.Dashed, axisLabelVisible: true }),
      change: (line, l) => line.applyOptions(look(l)),
      remove: (line) => candles.removePriceLine(line),
    });
    const paced = pacer(CHART_UPDATE_MS, pageClock, chartLane);
    drawn.current = {
      chart,
      paced,
      setAll(bars) {
        candles.setData(bars.map(candle));
        volume.setData(bars.map(vol));
      },
      update(bar) {
        candles.update(candle(bar));
        volume.update(vol(bar));
      },
      precision(decimals) {
        candles.applyOptions({ priceFormat: { type: 'price', precision: decimals, minMove: 10 ** -decimals } });
      },
      priceLines,
    };
    return () => {
      paced.stop();
      drawn.current = null;
      chart.remove();
    };
  }, []);
  useEffect(() => {
    const sink = drawn.current;
    if (!sink) return;
    // A fresh feeder per market and interval starts with a full setData of the new history.
    sink.setAll([]);
    const feed = barFeeder(sink);
    let sized = false;
    const sub = venueCandles$(venue, symbol, interval).subscribe((l) => {
      const data: readonly Candle[] | undefined = l.status === 'idle' ? undefined : l.data;
      if (!data) return;
      sink.paced.set('candles', () => {
        const last = data[data.length - 1];
        if (last && !sized) {
          sized = true;
          sink.precision(axisDecimals(Number(last.close)));
        }
        feed(data);
        // The live bar's state as attributes (written only when it changes): what a reader or a test can check
        // without reading pixels.
        const el = box.current;
        if (last && el && el.dataset['lastVolume'] !== last.volume) {
          el.dataset['lastTime'] = String(last.time);
          el.dataset['lastClose'] = last.close;
          el.dataset['lastVolume'] = last.volume;
        }
      });
    });
    return () => {
      sub.unsubscribe();
      sink.paced.drop('candles');
    };
  }, [symbol, interval, venue]);
  // A perpetual's mark price: a line on the candles' scale, from its mark-price candles of the same interval.
  useEffect(() => {
    const sink = drawn.current;
    const chart = sink?.chart;
    if (!sink || !chart || venue !== 'perp') return;
    const line = chart.addSeries(LineSeries, {
      color: MARK, lineWidth: 1, lineStyle: LineStyle.Dotted, priceLineVisible: false, crosshairMarkerVisible: false, title: markLabel,
    });
    const point = (b: Bar) => ({ time: b.time as UTCTimestamp, value: b.close });
    const feed = barFeeder({ setAll: (bars) => line.setData(bars.map(point)), update: (bar) => line.update(point(bar)) });
    let sized = false;
    const sub = perpMarkCandles$(symbol, interval).subscribe((l) => {
      const data = l.status === 'idle' ? undefined : l.data;
      const last = data?.[data.length - 1];
      if (!data || !last) return;
      sink.paced.set('marks', () => {
        if (!sized) {
          sized = true;
          const decimals = axisDecimals(Number(last.close));
          line.applyOptions({ priceFormat: { type: 'price', precision: decimals, minMove: 10 ** -decimals } });
        }
        feed(data);
        if (box.current) box.current.dataset['lastMark'] = last.close;
      });
    });
    return () => {
      sub.unsubscribe();
      sink.paced.drop('marks');
      // Gone with the chart when the panel unmounts (that cleanup runs first).
      if (drawn.current?.chart === chart) chart.removeSeries(line);
    };
  }, [symbol, interval, venue, markLabel]);
  useEffect(() => {
    const sink = drawn.current;
    if (!sink) return;
    sink.paced.set('lines', () => {
      sink.priceLines(priceLines);
      // What is drawn, for tests and tools (the spot chart, which has none, gets no attribute).
      const el = box.current;
      if (el && (priceLines.length > 0 || el.dataset['priceLines'] !== undefined)) {
        el.dataset['priceLines'] = priceLines.map((l) => `${l.color}:${l.price}`).join(' ');
      }
    });
  }, [priceLines]);
  return <div ref={box} className={s.chartBox} data-testid="candle-chart" />;
}
