// The terminal benchmark's page (test/bench/terminal.ts drives it in headless Chromium against a synthetic feed):
// the real panels over the real stream layer and WebSocket, several markets at once. `?symbols=A,B,C` picks them,
// `?panels=chart,book,trades` which panels show (all by default). `?scenario=contract&ticket=T` shows the contract
// terminal's panels instead (BenchContract.tsx; panels header, chart, book, trades, positions), signed in with the
// session ticket T: the app's own session state and stream host (the app's REST seeds, the socket's auth before the
// private topics). `?scenario=seconds&ticket=T` shows the seconds contract screen (BenchSeconds.tsx), signed in the same way.
// Its own Vite entry (bench.html), never linked from the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import '../theme/global.css.ts';
import { setUpStreams } from '../../streams/index.ts';
import { setupI18n } from '../i18n/setup.ts';
import { StreamsHost } from '../layout/StreamsHost.tsx';
import { StateProvider, startSession } from '../state/index.ts';
import { BenchContract, CONTRACT_BENCH_PANELS, type ContractBenchPanel } from './BenchContract.tsx';
import { BenchSeconds } from './BenchSeconds.tsx';
import { BENCH_PANELS, BenchTerminal, type BenchPanel } from './BenchTerminal.tsx';

const DEFAULT_SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'];

async function start(): Promise<void> {
  await setupI18n();
  const query = new URLSearchParams(window.location.search);
  const asked = query.get('symbols');
  const symbols = asked ? asked.split(',').filter((x) => /^[A-Z0-9]{2,20}$/.test(x)) : DEFAULT_SYMBOLS;
  const only = query.get('panels')?.split(',');
  const panels = only ? BENCH_PANELS.filter((p: BenchPanel) => only.includes(p)) : BENCH_PANELS;
  const contractPanels = only ? CONTRACT_BENCH_PANELS.filter((p: ContractBenchPanel) => only.includes(p)) : CONTRACT_BENCH_PANELS;
  const ticket = query.get('ticket');
  const contract = query.get('scenario') === 'contract' && ticket !== null;
  const seconds = query.get('scenario') === 'seconds' && ticket !== null;
  if (contract || seconds) startSession(ticket);
  else setUpStreams();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from bench.html');
  createRoot(container).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        {contract || seconds ? (
          <StateProvider>
            <StreamsHost />
            {seconds ? <BenchSeconds symbols={symbols} /> : <BenchContract symbols={symbols} panels={contractPanels} />}
          </StateProvider>
        ) : (
          <BenchTerminal symbols={symbols} panels={panels} />
        )}
      </I18nProvider>
    </StrictMode>,
  );
}

void start();
