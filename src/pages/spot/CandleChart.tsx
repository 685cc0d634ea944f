// The candlestick chart (its own lazy chunk, since lightweight-charts is the heaviest thing on the page): candles
// and a volume histogram, fed straight from candles$ in an effect, so a live bar never re-renders React.
import { useEffect, useRef } from 'react';
import { CandlestickSeries, ColorType, createChart, HistogramSeries, type UTCTimestamp } from 'lightweight-charts';
import { candles$, type Candle } from '../../../streams/index.ts';
import type { KlineInterval } from '../../contract.ts';
import { barFeeder, type Bar } from './candle-draw.ts';
import * as s from './spot.css.ts';

const UP = '#16c784';
const DOWN = '#ea3943';

interface Drawn {
  setAll(bars: Bar[]): void;
  update(bar: Bar): void;
  precision(decimals: number): void;
}

/** Price decimals for the axis: the default 2 would show a 0.2903 market as 0.29. */
export const axisDecimals = (price: number): number => (price >= 1000 ? 2 : price >= 1 ? 4 : 6);

export default function CandleChart({ symbol, interval }: { symbol: string; interval: KlineInterval }) {
  const box = useRef<HTMLDivElement>(null);
  const drawn = useRef<Drawn | null>(null);
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
    drawn.current = {
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
    };
    return () => {
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
    const sub = candles$(symbol, interval).subscribe((l) => {
      const data: readonly Candle[] | undefined = l.status === 'idle' ? undefined : l.data;
      if (!data) return;
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
    return () => sub.unsubscribe();
  }, [symbol, interval]);
  return <div ref={box} className={s.chartBox} data-testid="candle-chart" />;
}
