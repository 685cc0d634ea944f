// The terminal benchmark's page (test/bench/terminal.ts drives it in headless Chromium against a synthetic feed):
// the real panels over the real stream layer and WebSocket, several markets at once. `?symbols=A,B,C` picks them,
// `?panels=chart,book,trades` which panels show (all by default).
// Its own Vite entry (bench.html), never linked from the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import '../theme/global.css.ts';
import { setUpStreams } from '../../streams/index.ts';
import { setupI18n } from '../i18n/setup.ts';
import { BENCH_PANELS, BenchTerminal, type BenchPanel } from './BenchTerminal.tsx';

const DEFAULT_SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'];

async function start(): Promise<void> {
  await setupI18n();
  const query = new URLSearchParams(window.location.search);
  const asked = query.get('symbols');
  const symbols = asked ? asked.split(',').filter((x) => /^[A-Z0-9]{2,20}$/.test(x)) : DEFAULT_SYMBOLS;
  const only = query.get('panels')?.split(',');
  const panels = only ? BENCH_PANELS.filter((p: BenchPanel) => only.includes(p)) : BENCH_PANELS;
  setUpStreams();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from bench.html');
  createRoot(container).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <BenchTerminal symbols={symbols} panels={panels} />
      </I18nProvider>
    </StrictMode>,
  );
}

void start();
