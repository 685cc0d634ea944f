// The terminal benchmark: the bench page (src/bench.html) in headless Chromium, fed by the synthetic feed on loopback
// (terminal-feed.ts), in one of two scenarios. `spot`: three markets side by side with the real chart, ticker line,
// canvas order book and recent trades over the real stream layer, under 2,000 depth diffs/s and 200 trades/s.
// `contract`: the contract terminal's panels (src/bench/BenchContract.tsx): the same three markets as perpetuals,
// each with its summary strip (mark, funding countdown), chart (candles, mark line, the position's lines), own book
// and trades, over the positions table with 200 open positions (one per market), signed in through the app's session
// and the socket's auth, under 5,000 perp depth diffs/s, 500 trades/s (each with its live bar, as the server sends
// them) and 10 marks/s of every market (`markPrice@`, with `funding@` for the markets shown, and their mark bars).
// `seconds`: the seconds contract screen (src/bench/BenchSeconds.tsx, the app's SecondsScreen: pairs, record price,
// chart, entry, tabs) with 500 holding contracts counting down on the one shared clock, signed in as above, under the
// three markets' trades (their live bars) and a price-record entry a second of each market; deliveries fall all over
// the window, each settles on `secondsContracts` and a new contract opens in its place (terminal-seconds.ts).
// The browser is driven over the DevTools protocol directly (cdp.ts), with nothing listening to the network while
// it measures: Playwright would report every socket frame to itself, which costs the page more than the frames do.
// After a warm-up it records every animation frame's interval, long tasks (PerformanceObserver 'longtask'), the heap
// after forced GCs at start, half-way and end (CDP heap snapshots), the renderer's script/layout/style time (CDP
// Performance.getMetrics, outside the halfway pause), and the frames the page's socket received, so the feed rate
// is checked in the same run. Mean fps is frames over the time sampled (the window less the pause).
// Targets from the issues: ≥ 58 fps median and mean, no long task, flat heap. Flat is judged on the second half of
// the window (by default 4 minutes, so "heap growth over 2 minutes" is read after 2 minutes of running): the heap is
// also taken (after GC, with frame and long-task sampling paused around it) halfway, so the one-off growth of a
// warming page (compiled code, caches filling) is told apart from a leak; the second half's growth, as a rate over 2
// minutes, must stay ≤ 5 %. The heap is read from a heap snapshot and counts the page's data (every node but V8's
// compiled code); compiled code is printed beside it: it grows for minutes as V8 optimises more functions, which is
// not the page holding on to memory.
import { writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { launchCdpPage } from './cdp.ts';
import { BENCH_TICKET, startTerminalFeed, type FeedCounts } from './terminal-feed.ts';

export const TARGET_FPS = 58;
/** The frame budget at 60 Hz: what the p95 frame time is read against. */
export const FRAME_BUDGET_MS = 1000 / 60;
export const MAX_HEAP_GROWTH = 0.05;
const LONG_TASK_MS = 50;

export type TerminalScenario = 'spot' | 'contract' | 'seconds';
export const TERMINAL_SCENARIOS: readonly TerminalScenario[] = ['spot', 'contract', 'seconds'];

/** Each scenario's load, from its issue. */
const LOAD: Readonly<Record<TerminalScenario, Load>> = {
  spot: { depthPerSec: 2_000, tradesPerSec: 200, marksPerSec: 0, positions: 0, holding: 0 },
  contract: { depthPerSec: 5_000, tradesPerSec: 500, marksPerSec: 10, positions: 200, holding: 0 },
  seconds: { depthPerSec: 0, tradesPerSec: 200, marksPerSec: 0, positions: 0, holding: 500 },
};
/** Seconds: the holding contracts' deliveries fall over this span from the start, and each is replaced when it settles. */
const SECONDS_SPREAD_MS = 30 * 60_000;
interface Load {
  depthPerSec: number;
  tradesPerSec: number;
  marksPerSec: number;
  positions: number;
  /** Seconds: contracts holding (counting down) at all times. */
  holding: number;
}

export interface TerminalOptions {
  distDir: string;
  /** Default 'spot'. */
  scenario?: TerminalScenario;
  warmupMs?: number;
  measureMs?: number;
  depthPerSec?: number;
  tradesPerSec?: number;
  /** Contract: marks per second of each market, and open positions (one per market). */
  marksPerSec?: number;
  positions?: number;
  /** Seconds: contracts holding at all times. */
  holding?: number;
  viewport?: { width: number; height: number };
  /** Only these panels (spot: chart, book, trades; contract: header, chart, book, trades, positions), to tell which one costs what; all by default. */
  panels?: readonly string[];
  /** Writes the renderer's CPU profile of the measured window here (open it in Chrome's DevTools). */
  profilePath?: string;
  /** Writes the page's sampled allocations of the measured window here (V8's sampling heap profile: DevTools opens it as .heapprofile). */
  allocationsPath?: string;
  /** Writes a 5 s trace of every process, taken after the measured window (DevTools' Performance panel opens it), and prints where the renderer's main thread spent it. */
  tracePath?: string;
  /** The trace's length (default 5 s, or BENCH_TRACE_MS). */
  traceMs?: number;
}

export interface TerminalFigures {
  scenario: TerminalScenario;
  markets: readonly string[];
  /** Contract: the positions the table holds at the start and at the end (seconds: the holding contracts). */
  positionRows: [number, number];
  /** What the scenario asks of the feed, per second (marks: per market). */
  load: Load;
  panels: readonly string[];
  measuredMs: number;
  frames: number;
  medianFps: number;
  /** Frames over the seconds sampled (the window less its halfway pause): below the median when some frames are long. */
  meanFps: number;
  p95FrameMs: number;
  maxFrameMs: number;
  longTasks: number;
  longestTaskMs: number;
  heapStartMb: number;
  heapMidMb: number;
  heapEndMb: number;
  /** Compiled code at start, half-way and end (not counted in the heap figures above). */
  codeMb: [number, number, number];
  /** Per second over the measured window. */
  sent: { depth: number; trade: number; kline: number; ticker: number; mark: number; markKline: number; frames: number; messages: number };
  receivedPerSec: number;
  /** Depth snapshots served during the measured window (a resync each; 0 when every book stayed in sync). */
  resyncs: number;
  dropped: number;
  /** Renderer time per second of wall clock, ms. */
  rendererMsPerSec: { script: number; layout: number; style: number; task: number };
}

interface HeapReading {
  /** Bytes of everything but compiled code, after GC. */
  data: number;
  /** Bytes of V8's compiled code (bytecode, baseline and optimised code, their metadata). */
  code: number;
}

interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
}

interface PageSample {
  frames: number[];
  longTasks: Array<{ start: number; duration: number }>;
  messages: number;
  /** While true (the halfway heap reading), frames are not counted. */
  paused: boolean;
  /** Page-time windows of the pauses: long tasks inside them are the forced GC, not the page. */
  pauses: Array<[number, number]>;
}

declare global {
  interface Window {
    __benchMessages?: number;
    __bench?: PageSample & { stop: boolean };
  }
}

const quantile = (sorted: readonly number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
const mb = (bytes: number) => bytes / 1024 / 1024;

export async function terminalBench(o: TerminalOptions): Promise<TerminalFigures> {
  const warmupMs = o.warmupMs ?? 10_000;
  const measureMs = o.measureMs ?? 240_000;
  const scenario = o.scenario ?? 'spot';
  const contract = scenario === 'contract';
  const seconds = scenario === 'seconds';
  const base = LOAD[scenario];
  const load: Load = {
    depthPerSec: o.depthPerSec ?? base.depthPerSec,
    tradesPerSec: o.tradesPerSec ?? base.tradesPerSec,
    marksPerSec: contract ? (o.marksPerSec ?? base.marksPerSec) : 0,
    positions: contract ? (o.positions ?? base.positions) : 0,
    holding: seconds ? (o.holding ?? base.holding) : 0,
  };
  const feed = await startTerminalFeed({
    distDir: o.distDir,
    lifetimeMs: warmupMs + measureMs + 120_000,
    depthPerSec: load.depthPerSec,
    tradesPerSec: load.tradesPerSec,
    ...(contract ? { venue: 'perp' as const, positions: load.positions, marksPerSec: load.marksPerSec } : {}),
    ...(seconds ? { seconds: { holding: load.holding, spreadMs: SECONDS_SPREAD_MS } } : {}),
  });
  const browser = await launchCdpPage(o.viewport ?? { width: 1920, height: 1080 });
  try {
    const page = browser.page;
    const errors: string[] = [];
    page.on('Runtime.exceptionThrown', (e: { exceptionDetails: { text: string; exception?: { description?: string } } }) =>
      errors.push(e.exceptionDetails.exception?.description ?? e.exceptionDetails.text),
    );
    page.on('Runtime.consoleAPICalled', (e: { type: string; args: Array<{ value?: unknown; description?: string }> }) => {
      if (e.type === 'error') errors.push(e.args.map((a) => a.description ?? String(a.value)).join(' '));
    });
    page.on('Log.entryAdded', (e: { entry: { level: string; text: string; url?: string } }) => {
      if (e.entry.level === 'error') errors.push(`${e.entry.text}${e.entry.url ? ` ${e.entry.url}` : ''}`);
    });
    page.on('Network.responseReceived', (e: { response: { status: number; url: string } }) => {
      if (e.response.status >= 400) errors.push(`${e.response.status} ${e.response.url}`);
    });
    await Promise.all([page.send('Runtime.enable'), page.send('Log.enable'), page.send('Page.enable'), page.send('Network.enable'), page.send('Performance.enable')]);
    // Counts the messages the page's socket receives, before any script of the page runs. The socket lives in a
    // worker (streams/socket/worker-socket.ts), which hands the page their frames in batches ({type: 'frames', frames,
    // messages}); the page's WebSocket is left as the browser's own, or the stream layer would keep the socket on the page.
    await page.send('Page.addScriptToEvaluateOnNewDocument', {
      source: `(${(() => {
        const Native = window.Worker;
        window.__benchMessages = 0;
        window.Worker = class extends Native {
          constructor(url: string | URL, options?: WorkerOptions) {
            super(url, options);
            this.addEventListener('message', (e: MessageEvent<{ type?: unknown; messages?: unknown }>) => {
              if (e.data?.type === 'frames' && typeof e.data.messages === 'number') window.__benchMessages = (window.__benchMessages ?? 0) + e.data.messages;
            });
          }
        };
      }).toString()})()`,
    });
    const panels = o.panels ?? (contract ? ['header', 'chart', 'book', 'trades', 'positions'] : seconds ? ['seconds'] : ['chart', 'book', 'trades']);
    const query = `${contract || seconds ? `scenario=${scenario}&ticket=${BENCH_TICKET}&` : ''}panels=${panels.join(',')}`;
    await page.send('Page.navigate', { url: `${feed.url}/bench.html?symbols=${feed.symbols.join(',')}&${query}${process.env.BENCH_HASH ?? ''}` });
    // Every book drawn, every chart up, and (contract) every position's row with a mark, before the clock starts.
    const ready = { n: feed.symbols.length, book: panels.includes('book'), chart: panels.includes('chart') || seconds, positions: load.positions, holding: load.holding };
    for (let waited = 0; ; waited += 100) {
      const up = await page.evaluate(({ n, book, chart, positions, holding }) => {
        const books = [...document.querySelectorAll<HTMLCanvasElement>('[data-testid="book-canvas"]')];
        const booksDrawn = books.length === n && books.every((c) => (c.dataset['bids'] ?? '') !== '');
        const charts = document.querySelectorAll('[data-testid="candle-chart"] canvas').length > 0;
        const table = document.querySelector<HTMLElement>('[data-testid="positions"]');
        const rows = positions === 0 || table === null || (table.dataset['count'] === String(positions) && document.querySelector('[data-testid="position-row"]') !== null);
        const marks = [...document.querySelectorAll('[data-testid="contract-mark"]')].every((m) => /\d/.test(m.textContent ?? ''));
        const held = document.querySelector<HTMLElement>('[data-testid="seconds-holding"]');
        const counting =
          holding === 0 || (held !== null && held.dataset['count'] === String(holding) && document.querySelector('[data-testid="seconds-countdown"]') !== null);
        return (window.__benchMessages ?? 0) > 0 && (!book || booksDrawn) && (!chart || charts) && rows && marks && counting;
      }, ready);
      if (up) break;
      if (waited > 60_000) throw new Error(`bench page not ready after 60 s${errors.length > 0 ? `: ${errors.join('; ')}` : ''}`);
      await sleep(100);
    }
    // From here on the driver asks only for what the bench reads: no per-frame network events.
    await page.send('Network.disable');
    // The positions the table holds (its rows in view are drawn; the rest are not in the page, as in the app).
    const positionRows = () =>
      page.evaluate(() => Number(document.querySelector<HTMLElement>('[data-testid="positions"], [data-testid="seconds-holding"]')?.dataset['count'] ?? 0));
    const rowsAtStart = await positionRows();
    if (errors.length > 0) throw new Error(`bench page errors: ${errors.join('; ')}`);
    await sleep(warmupMs);

    // Two full collections (the second takes what the first only unlinked), then a heap snapshot summed by node
    // type: the page's data (objects, arrays, strings, closures…) apart from V8's compiled code, which grows for
    // minutes as more functions are optimised and is not the page holding on to anything.
    const heap = async (): Promise<HeapReading> => {
      await page.send('HeapProfiler.collectGarbage');
      await page.send('HeapProfiler.collectGarbage');
      const chunks: string[] = [];
      const onChunk = (e: { chunk: string }) => chunks.push(e.chunk);
      page.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
      await page.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
      page.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
      const snap = JSON.parse(chunks.join('')) as HeapSnapshot;
      const fields = snap.snapshot.meta.node_fields;
      const typeNames = snap.snapshot.meta.node_types[0];
      const typeAt = fields.indexOf('type');
      const sizeAt = fields.indexOf('self_size');
      let data = 0;
      let code = 0;
      for (let i = 0; i < snap.nodes.length; i += fields.length) {
        const size = snap.nodes[i + sizeAt] ?? 0;
        if (typeNames[snap.nodes[i + typeAt] ?? 0] === 'code') code += size;
        else data += size;
      }
      return { data, code };
    };
    const metrics = async (): Promise<Record<string, number>> =>
      Object.fromEntries((await page.send<{ metrics: Array<{ name: string; value: number }> }>('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
    const heapStart = await heap();
    await sleep(3000); // the snapshot's aftermath before the clock starts
    const m0 = await metrics();
    const c0 = feed.counts();
    await page.evaluate(() => {
      const sample: PageSample & { stop: boolean } = { frames: [], longTasks: [], messages: window.__benchMessages ?? 0, stop: false, paused: false, pauses: [] };
      window.__bench = sample;
      let last = -1;
      const frame = (t: number) => {
        if (last >= 0 && !sample.paused) sample.frames.push(t - last);
        last = sample.paused ? -1 : t;
        if (!sample.stop) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) sample.longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask' });
    });
    if (o.profilePath) {
      await page.send('Profiler.enable');
      await page.send('Profiler.start');
    }
    // BENCH_ALLOCATIONS_SURVIVING=1 leaves out what died young (collected by a scavenge): what is left is what
    // survived one (the objects that make scavenges slow and fill the old generation), and also whatever was still
    // young when the window ended (about the last scavenge interval's allocations: read it over a long window).
    const youngToo = process.env['BENCH_ALLOCATIONS_SURVIVING'] !== '1';
    if (o.allocationsPath) await page.send('HeapProfiler.startSampling', { samplingInterval: 16_384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: youngToo });
    const t0 = performance.now();
    await sleep(measureMs / 2);
    await page.evaluate(() => {
      window.__bench!.paused = true;
      window.__bench!.pauses.push([performance.now(), Number.POSITIVE_INFINITY]);
    });
    const mPause = await metrics();
    const tPause = performance.now();
    const heapMid = await heap();
    // The snapshot's own aftermath (the renderer freeing what it built for it) stays inside the pause.
    await sleep(3000);
    await page.evaluate(() => {
      const s = window.__bench!;
      const open = s.pauses[s.pauses.length - 1];
      if (open) open[1] = performance.now();
      s.paused = false;
    });
    const mResume = await metrics();
    const pausedMs = performance.now() - tPause;
    await sleep(measureMs / 2);
    if (o.profilePath) writeFileSync(o.profilePath, JSON.stringify((await page.send<{ profile: unknown }>('Profiler.stop')).profile));
    if (o.allocationsPath) writeFileSync(o.allocationsPath, JSON.stringify((await page.send<{ profile: unknown }>('HeapProfiler.stopSampling')).profile));
    const sample = await page.evaluate(() => {
      const s = window.__bench!;
      s.stop = true;
      const inPause = (t: { start: number; duration: number }) => s.pauses.some(([a, b]) => t.start < b && t.start + t.duration > a);
      return { frames: s.frames, longTasks: s.longTasks.filter((t) => !inPause(t)).map((t) => t.duration), messages: (window.__benchMessages ?? 0) - s.messages };
    });
    const measuredMs = performance.now() - t0;
    const rowsAtEnd = await positionRows();
    const c1 = feed.counts();
    const m1 = await metrics();
    const heapEnd = await heap();
    if (o.tracePath) {
      const traceMs = o.traceMs ?? Number(process.env['BENCH_TRACE_MS'] ?? 5_000);
      const events = await browser.trace(traceMs, ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink', 'cc', 'gpu', 'viz']);
      writeFileSync(o.tracePath, JSON.stringify({ traceEvents: events }));
      console.log(traceSummary(events, traceMs / 1000));
    }
    if (errors.length > 0) throw new Error(`bench page errors: ${errors.join('; ')}`);

    const perSec = (k: keyof FeedCounts) => ((c1[k] - c0[k]) * 1000) / measuredMs;
    // The renderer's time outside the pause (the heap reading's collections and snapshot are the bench's, not the page's).
    const rate = (k: string) => (((mPause[k] ?? 0) - (m0[k] ?? 0) + (m1[k] ?? 0) - (mResume[k] ?? 0)) * 1000 * 1000) / (measuredMs - pausedMs);
    const sorted = [...sample.frames].sort((a, b) => a - b);
    const long = sample.longTasks.filter((d) => d > LONG_TASK_MS);
    return {
      scenario,
      markets: feed.symbols,
      positionRows: [rowsAtStart, rowsAtEnd],
      load,
      panels,
      measuredMs,
      frames: sorted.length,
      medianFps: 1000 / quantile(sorted, 0.5),
      // Over the time sampled: the window less the halfway pause (the heap reading), when no frame is counted.
      meanFps: (sorted.length * 1000) / sorted.reduce((sum, ms) => sum + ms, 0),
      p95FrameMs: quantile(sorted, 0.95),
      maxFrameMs: sorted[sorted.length - 1] ?? Number.NaN,
      longTasks: long.length,
      longestTaskMs: Math.max(0, ...sample.longTasks),
      heapStartMb: mb(heapStart.data),
      heapMidMb: mb(heapMid.data),
      heapEndMb: mb(heapEnd.data),
      codeMb: [mb(heapStart.code), mb(heapMid.code), mb(heapEnd.code)],
      sent: {
        depth: perSec('depth'), trade: perSec('trade'), kline: perSec('kline'), ticker: perSec('ticker'), mark: perSec('mark'), markKline: perSec('markKline'),
        frames: perSec('frames'),
        messages: perSec('messages'),
      },
      receivedPerSec: (sample.messages * 1000) / measuredMs,
      resyncs: c1.snapshots - c0.snapshots,
      dropped: c1.dropped - c0.dropped,
      rendererMsPerSec: { script: rate('ScriptDuration'), layout: rate('LayoutDuration'), style: rate('RecalcStyleDuration'), task: rate('TaskDuration') },
    };
  } finally {
    await browser.close();
    await feed.close();
  }
}

/** Prints the figures beside their targets; returns the JSON line's object. */
export function reportTerminal(f: TerminalFigures): Record<string, unknown> {
  const n = (x: number, d = 1) => x.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
  // The second half's growth as a rate over 2 minutes, against 5 % of the heap at halfway.
  const growth = ((f.heapEndMb - f.heapMidMb) * 120_000) / (f.measuredMs / 2);
  const allowed = f.heapMidMb * MAX_HEAP_GROWTH;
  const contract = f.scenario === 'contract';
  const seconds = f.scenario === 'seconds';
  const met = {
    fps: f.medianFps >= TARGET_FPS && f.meanFps >= TARGET_FPS,
    longTasks: f.longTasks === 0,
    heap: growth <= allowed,
    rows: seconds
      ? f.positionRows[0] === f.load.holding && f.positionRows[1] === f.load.holding
      : !f.panels.includes('positions') || (f.positionRows[0] === f.load.positions && f.positionRows[1] === f.load.positions),
  };
  const yes = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const what = contract
    ? `contract: ${f.markets.join(', ')} perpetuals side by side (summary strip, chart with mark line, book, trades) over ${f.load.positions} open positions`
    : seconds
      ? `seconds: the seconds contract screen (${f.markets.join(', ')}: pairs, record price, chart, entry) with ${f.load.holding} holding contracts counting down`
      : `terminal: ${f.markets.join(', ')} side by side (${f.panels.join(', ')})`;
  console.log(`\n${what}, headless Chromium (software rendering), ${n(f.measuredMs / 1000, 0)} s measured, ${f.frames} frames`);
  console.log(`${'figure'.padEnd(24)}${'value'.padStart(16)}   ${'target'.padEnd(16)}${'ratio'.padStart(8)}`);
  const row = (name: string, value: string, target: string, ratio: string, note = '') =>
    console.log(`${name.padEnd(24)}${value.padStart(16)}   ${target.padEnd(16)}${ratio.padStart(8)}  ${note}`);
  const rate = (name: string, sent: number, asked: number, note = '') => row(name, `${n(sent, 0)}/s`, `${n(asked, 0)}/s`, `${n(asked > 0 ? sent / asked : 0, 2)}×`, note);
  row('median fps', n(f.medianFps), `≥ ${TARGET_FPS}`, `${n(f.medianFps / TARGET_FPS, 2)}×`, yes(f.medianFps >= TARGET_FPS));
  row('mean fps', n(f.meanFps), `≥ ${TARGET_FPS}`, `${n(f.meanFps / TARGET_FPS, 2)}×`, `${yes(f.meanFps >= TARGET_FPS)}; frames over seconds`);
  row('p95 frame time', `${n(f.p95FrameMs)} ms`, `${n(FRAME_BUDGET_MS)} ms budget`, `${n(f.p95FrameMs / FRAME_BUDGET_MS, 2)}×`, `max ${n(f.maxFrameMs)} ms`);
  row(`long tasks > ${LONG_TASK_MS} ms`, String(f.longTasks), '0', f.longTasks === 0 ? '—' : `${f.longTasks} over`, `${yes(met.longTasks)}; longest ${n(f.longestTaskMs)} ms`);
  row('compiled code', `${f.codeMb.map((c) => n(c)).join(' → ')} MB`, '—', '—', 'V8 optimising more functions over time; not counted as heap growth');
  row('heap growth, 2nd half', `${growth >= 0 ? '+' : ''}${n(growth, 2)} MB/2 min`, `≤ +${n(allowed)} MB`, `${n(allowed > 0 ? Math.max(0, growth) / allowed : 0, 2)}×`, `${yes(met.heap)}; objects after GC ${n(f.heapStartMb, 2)} → ${n(f.heapMidMb, 2)} → ${n(f.heapEndMb, 2)} MB (start, half, end)`);
  rate('depth diffs sent', f.sent.depth, f.load.depthPerSec);
  rate('trades sent', f.sent.trade, f.load.tradesPerSec);
  if (contract) {
    const markets = f.load.positions;
    rate('marks sent', f.sent.mark, f.load.marksPerSec * markets, `${n(f.sent.mark / markets, 2)}/s for each of ${markets} markets; a markPrice@ event each (and funding@, to the pages that take it)`);
    if (f.panels.includes('positions')) row('positions in table', `${f.positionRows[0]} → ${f.positionRows[1]}`, String(markets), '—', `${yes(met.rows)} (start → end)`);
  }
  if (seconds) row('holding contracts', `${f.positionRows[0]} → ${f.positionRows[1]}`, String(f.load.holding), '—', `${yes(met.rows)} (start → end; each settles at delivery and a new one opens)`);
  const extras = contract ? `${n(f.sent.kline, 0)} klines/s, ${n(f.sent.markKline, 0)} mark klines/s, ${n(f.sent.ticker, 0)} tickers/s` : `${n(f.sent.kline, 0)} klines/s, ${n(f.sent.ticker, 0)} tickers/s`;
  row('page received', `${n(f.receivedPerSec, 0)} msg/s`, `${n(f.sent.messages, 0)} sent/s`, `${n(f.sent.messages > 0 ? f.receivedPerSec / f.sent.messages : 0, 2)}×`, `WebSocket messages holding ${n(f.sent.frames, 0)} frames/s, incl. ${extras}`);
  row('book resyncs', String(f.resyncs), '0', '—', f.dropped > 0 ? `${f.dropped} sockets dropped as too slow` : '');
  const r = f.rendererMsPerSec;
  console.log(`renderer main thread per second: script ${n(r.script, 0)} ms, layout ${n(r.layout, 0)} ms, style ${n(r.style, 0)} ms, all tasks ${n(r.task, 0)} ms`);
  return {
    bench: 'terminal',
    scenario: f.scenario,
    markets: f.markets,
    panels: f.panels,
    load: f.load,
    measuredMs: Math.round(f.measuredMs),
    medianFps: Number(f.medianFps.toFixed(2)),
    meanFps: Number(f.meanFps.toFixed(2)),
    p95FrameMs: Number(f.p95FrameMs.toFixed(2)),
    longTasks: f.longTasks,
    longestTaskMs: Number(f.longestTaskMs.toFixed(1)),
    heapMb: { start: Number(f.heapStartMb.toFixed(2)), mid: Number(f.heapMidMb.toFixed(2)), end: Number(f.heapEndMb.toFixed(2)), secondHalfPer2Min: Number(growth.toFixed(3)), code: f.codeMb.map((c) => Number(c.toFixed(2))) },
    sentPerSec: Object.fromEntries(Object.entries(f.sent).map(([k, v]) => [k, Math.round(v)])),
    receivedPerSec: Math.round(f.receivedPerSec),
    resyncs: f.resyncs,
    ...(contract || seconds ? { positionRows: f.positionRows } : {}),
    rendererMsPerSec: Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Math.round(v)])),
    targets: { medianFps: TARGET_FPS, meanFps: TARGET_FPS, longTasks: 0, heapGrowth: MAX_HEAP_GROWTH, met: met.fps && met.longTasks && met.heap && (!(contract || seconds) || met.rows) },
  };
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  args?: { name?: string };
}

/** Each thread's busy time in the trace (its top-level tasks), and the main thread's by event, per second. */
function traceSummary(raw: readonly unknown[], span: number): string {
  const events = raw as TraceEvent[];
  const names = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args?.name ?? '?');
  const busy = new Map<string, number>();
  for (const e of events) if (e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && e.dur !== undefined) {
    const k = `${e.pid}:${e.tid}`;
    busy.set(k, (busy.get(k) ?? 0) + e.dur);
  }
  const lines = [...busy].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, us]) => `  ${(names.get(k) ?? k).padEnd(28)} ${(us / 1000 / span).toFixed(0)} ms/s`);
  // The page's renderer: the busiest of the trace's renderer main threads (a browser may hold another, idle one).
  const main = [...names].filter(([, n]) => n === 'CrRendererMain').map(([k]) => k).sort((a, b) => (busy.get(b) ?? 0) - (busy.get(a) ?? 0))[0];
  const byName = new Map<string, number>();
  for (const e of events) if (main && `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.dur !== undefined) byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur);
  const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([n, us]) => `    ${n.padEnd(44)} ${(us / 1000 / span).toFixed(1)} ms/s`);
  // The main thread's pauses for V8's collections: how often, how long in all, the longest.
  const gc = (name: string) => {
    const pauses = events.filter((e) => main && `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.name === name && e.dur !== undefined).map((e) => e.dur! / 1000);
    const sum = pauses.reduce((a, b) => a + b, 0);
    return `${name} ${(pauses.length / span).toFixed(1)}/s, ${(sum / span).toFixed(1)} ms/s, longest ${Math.max(0, ...pauses).toFixed(1)} ms`;
  };
  const tasks = events.filter((e) => main && `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && e.dur !== undefined).map((e) => e.dur! / 1000);
  const over = (ms: number) => tasks.filter((d) => d > ms).length;
  return [
    'threads (tasks, ms per second):', ...lines,
    `  renderer main: ${gc('MinorGC')}; ${gc('MajorGC')}`,
    `  renderer main tasks: longest ${Math.max(0, ...tasks).toFixed(1)} ms, over 16 ms ${over(16)}, over 30 ms ${over(30)}, over 50 ms ${over(50)}`,
    '  renderer main, by event (inclusive, nested events overlap):', ...top,
  ].join('\n');
}
