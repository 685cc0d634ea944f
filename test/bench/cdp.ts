// The terminal bench's browser: Chromium launched with the flags Playwright launches it with (so the page renders the
// same way), driven over the DevTools protocol directly with one flat session on one page, and nothing enabled but
// what the bench asks for. Playwright enables the Network domain on every page and cannot leave it off; that domain
// reports every WebSocket frame to the driver, which costs the renderer's main thread, the browser process and the
// driver's own process for each of the thousands of frames a second the feed sends (measured on the 2-core machine:
// a page doing nothing with 2,000 frames/s took 198 ms/s of its main thread under Playwright, 129 ms/s without it).
// A user's browser has no driver attached, so the bench leaves Network on only while the page loads (to catch a
// failed request) and measures without it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM } from '../e2e/browser.ts';

/** Playwright's default switches for Chromium (playwright-core chromiumSwitches, headless), and the e2e harness's. */
const SWITCHES = [
  '--headless', '--hide-scrollbars', '--mute-audio', '--no-sandbox', '--disable-gpu', '--disable-quic',
  '--blink-settings=primaryHoverType=2,availableHoverTypes=2,primaryPointerType=4,availablePointerTypes=4',
  '--disable-field-trial-config', '--disable-background-networking', '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows', '--disable-back-forward-cache', '--disable-breakpad',
  '--disable-component-extensions-with-background-pages', '--disable-component-update', '--no-default-browser-check',
  '--disable-default-apps', '--disable-dev-shm-usage', '--disable-extensions',
  '--disable-features=AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,HttpsUpgrades,LensOverlay,MediaRouter,PaintHolding,ThirdPartyStoragePartitioning,OptimizationHints',
  '--allow-pre-commit-input', '--disable-hang-monitor', '--disable-ipc-flooding-protection', '--disable-popup-blocking',
  '--disable-prompt-on-repost', '--disable-renderer-backgrounding', '--force-color-profile=srgb', '--metrics-recording-only',
  '--no-first-run', '--password-store=basic', '--use-mock-keychain', '--no-service-autorun', '--disable-search-engine-choice-screen',
  '--disable-sync',
];

type Listener = (params: never) => void;

/** One page's flat session: commands and events, as Playwright's CDPSession (send, on, off). */
export interface CdpPage {
  send<T = Record<string, unknown>>(method: string, params?: Record<string, unknown>): Promise<T>;
  on(event: string, listener: Listener): void;
  off(event: string, listener: Listener): void;
  /** Runs `fn` (no closure: its source is sent) with `arg` in the page; its value, awaited, comes back. */
  evaluate<A, R>(fn: (arg: A) => R, arg?: A): Promise<Awaited<R>>;
}

export interface CdpBrowser {
  readonly page: CdpPage;
  /** Records a trace of every process for `ms` (Chrome's trace event format: open it in DevTools' Performance panel). */
  trace(ms: number, categories: readonly string[]): Promise<unknown[]>;
  close(): Promise<void>;
}

interface Message {
  id?: number;
  method?: string;
  params?: unknown;
  sessionId?: string;
  result?: unknown;
  error?: { message: string };
}

export async function launchCdpPage(size: { width: number; height: number }): Promise<CdpBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'openex-bench-chromium-'));
  const chrome: ChildProcess = spawn(CHROMIUM, [...SWITCHES, `--user-data-dir=${profile}`, '--remote-debugging-port=0', `--window-size=${size.width},${size.height}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const endpoint = await new Promise<string>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${text.slice(-500)}`)), 30_000);
    chrome.stderr?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const found = /DevTools listening on (ws:\/\/\S+)/.exec(text);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    });
    chrome.once('exit', (code) => reject(new Error(`Chromium exited (${code}): ${text.slice(-500)}`)));
  });
  const socket = new WebSocket(endpoint);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let nextId = 0;
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  const listeners = new Map<string, Set<Listener>>();
  socket.addEventListener('message', (e: MessageEvent<string>) => {
    const m = JSON.parse(e.data) as Message;
    if (m.id !== undefined) {
      const w = waiting.get(m.id);
      waiting.delete(m.id);
      if (m.error) w?.reject(new Error(m.error.message));
      else w?.resolve(m.result ?? {});
    } else if (m.method) for (const l of listeners.get(m.method) ?? []) l(m.params as never);
  });
  const call = <T>(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = ++nextId;
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });

  const { targetInfos } = await call<{ targetInfos: Array<{ targetId: string; type: string }> }>('Target.getTargets');
  const target = targetInfos.find((t) => t.type === 'page') ?? (await call<{ targetId: string }>('Target.createTarget', { url: 'about:blank' }));
  const { sessionId } = await call<{ sessionId: string }>('Target.attachToTarget', { targetId: target.targetId, flatten: true });
  const page: CdpPage = {
    send: (method, params) => call(method, params, sessionId),
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
    },
    off: (event, listener) => void listeners.get(event)?.delete(listener),
    async evaluate<A, R>(fn: (arg: A) => R, arg?: A): Promise<Awaited<R>> {
      const reply = await call<{ result: { value?: unknown }; exceptionDetails?: { text: string; exception?: { description?: string } } }>(
        'Runtime.evaluate',
        { expression: `(${fn.toString()})(${arg === undefined ? '' : JSON.stringify(arg)})`, returnByValue: true, awaitPromise: true },
        sessionId,
      );
      if (reply.exceptionDetails) throw new Error(reply.exceptionDetails.exception?.description ?? reply.exceptionDetails.text);
      return reply.result.value as Awaited<R>;
    },
  };
  await page.send('Emulation.setDeviceMetricsOverride', { width: size.width, height: size.height, deviceScaleFactor: 1, mobile: false });
  return {
    page,
    async trace(ms, categories) {
      const events: unknown[] = [];
      const collect = (p: { value: unknown[] }) => void events.push(...p.value);
      const done = new Promise<void>((resolve) => {
        const complete = () => {
          listeners.get('Tracing.tracingComplete')?.delete(complete);
          resolve();
        };
        page.on('Tracing.tracingComplete', complete);
      });
      page.on('Tracing.dataCollected', collect as Listener);
      await call('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: categories } });
      await new Promise((resolve) => setTimeout(resolve, ms));
      await call('Tracing.end');
      await done;
      page.off('Tracing.dataCollected', collect as Listener);
      return events;
    },
    async close() {
      socket.close();
      chrome.kill();
      await new Promise((resolve) => (chrome.exitCode === null ? chrome.once('exit', resolve) : resolve(null)));
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
