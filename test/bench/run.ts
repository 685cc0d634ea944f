// `npm run bench`: runs the benchmarks present (matching, the contract engine's liquidation sweep and order path,
// end-to-end HTTP order placement with durable commit, then the browser terminal under a synthetic feed) and prints a
// table, then one JSON line per benchmark for machines. Timing lives here only; tests never assert on speed.
// Options: --ops=N (default 1 000 000), --peer-runs=N (timed runs of the slow peer, default 2),
// --only=matching|contract|seconds|e2e|streams|reserves|earn|quant|nats-log|cluster|gateways|terminal (gateways, the e2e HTTP order load through a cluster of 1 and 2 gateway processes and one process per desk against the embedded server on PostgreSQL in the same run, per-role CPU per order, gateways.ts: --gateways-ms=N --gateways-cpu-prof=DIR; cluster, a spot desk applying the JetStream command log against applying directly, on loopback PostgreSQL and NATS, cluster.ts: --cluster-commands=N --cluster-client-ids, then the gateways bench; nats-log, the JetStream command log against the loopback NATS server, nats-log.ts: --nats-log-commands=N --nats-log-durable=N --nats-log-in-flight=N, NATS_URL; reserves, a liabilities snapshot of a million users: --reserves-users=N --reserves-assets=N --reserves-proofs=N --reserves-dialect=sqlite|postgres; quant, the spot desk's throughput with 10,000 grid bots against none in the same run, quant.ts: --quant-bots=N --quant-commands=N --quant-dialect=sqlite|postgres;
// earn, one accrual run over a million open wealth and mining orders all due at once, earn.ts: --earn-orders=N --earn-users=N --earn-transfers=N --earn-dialect=sqlite|postgres; seconds: --seconds-burst=N, --seconds-rate=N, --seconds-steady-ms=N, --seconds-duration=S;
// streams, Binance's spot streams fanned out, binance-streams.ts: --streams-sockets=N, --streams-rate=N trades/s, --streams-ms=N, --streams-warmup-ms=N), --e2e-ms=N (length of each end-to-end phase, default 5000); for the contract
// bench: --contract-positions=N (open positions of the sweep, default 100000), --contract-ops=N (order-path commands,
// default 200000), --contract-profile=FILE (CPU profile of the 10 % mark command alone, for DevTools);
// for the terminal (three scenarios, spot, contract, seconds; terminal.ts): --terminal-scenario=spot|contract|seconds (only one),
// --terminal-ms=N (the measured window of each, default 240000: frames over all of it, the heap's growth over its last 2 minutes; BENCH_TERMINAL_MS too),
// --terminal-warmup-ms=N (default 10000), --terminal-panels=chart,book,trades (spot: only some panels, to tell which
// costs what), --terminal-profile=FILE (the page's CPU profile of the window, for DevTools; with both scenarios,
// each gets its own, FILE with the scenario's name before the extension), --terminal-allocations=FILE (the page's sampled allocations, likewise), --terminal-trace=FILE (a 5 s trace of
// every process after the window, FILE with the scenario's name before the extension; where the threads' time went is printed), --dist=DIR (the built
// web app, default dist/; BENCH_DIST too). The terminal needs bench.html in the build: when dist/ lacks it,
// `vite build` runs first (into dist/); a dist/ built before a change to the web app is measured as it is.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { contractBench, reportContract } from './contract.ts';
import { e2eBench, reportE2e } from './e2e.ts';
import { engineBench } from './engine.ts';
import { type Figure, matchingBench } from './matching.ts';
import { generate } from './stream.ts';

const arg = (name: string, fallback: number): number => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? Number(hit.split('=')[1]) : fallback;
};

const only = process.argv.find((a) => a.startsWith('--only='))?.split('=')[1];
const text = (name: string): string | undefined => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const TARGET_OPS = 3_000_000;
const TARGET_RATIO = 10;

if (only === undefined || only === 'matching') {
  const ops = arg('ops', 1_000_000);
  const t0 = performance.now();
  const stream = generate(ops);
  console.log(`stream: ${ops} commands, seed fixed, generated in ${Math.round(performance.now() - t0)} ms`);
  console.log(`mix: ${Object.entries(stream.mix).map(([k, v]) => `${k} ${((v / ops) * 100).toFixed(1)}%`).join(', ')}; ${stream.liveAtEnd} orders resting at the end`);
  console.log(`node ${process.version}, one core, one warm-up run each (the peer: first 200k commands), median of timed runs\n`);

  const matching = matchingBench(stream, arg('peer-runs', 2));
  const engine = engineBench(stream);

  const row = (f: Figure): string =>
    `${f.name.padEnd(26)}${f.opsPerSec.toLocaleString('en-US').padStart(14)}   ${f.runsMs.join(' / ').padEnd(22)}${f.filled.toLocaleString('en-US').padStart(14)}`;
  console.log(`${'contestant'.padEnd(26)}${'ops/s'.padStart(14)}   ${'runs (ms)'.padEnd(22)}${'lots filled'.padStart(14)}`);
  console.log('book only (same work for every contestant)');
  for (const f of matching) console.log(row(f));
  console.log('full spot engine (rules, funds, fees, ledger, events)');
  for (const f of engine) console.log(row(f));

  const [fast, reference, peer] = matching as [Figure, Figure, Figure];
  const ratio = fast.opsPerSec / peer.opsPerSec;
  console.log(`\nfast / peer: ${ratio.toFixed(1)}×   fast / reference: ${(fast.opsPerSec / reference.opsPerSec).toFixed(1)}×`);
  console.log(`targets: fast ≥ ${TARGET_OPS.toLocaleString('en-US')} ops/s ${fast.opsPerSec >= TARGET_OPS ? 'met' : 'NOT met'}; fast ≥ ${TARGET_RATIO}× peer ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'}`);

  const json = {
    bench: 'matching',
    ops,
    node: process.version,
    opsPerSec: { fast: fast.opsPerSec, reference: reference.opsPerSec, peer: peer.opsPerSec },
    fastOverPeer: Number(ratio.toFixed(2)),
    engineOpsPerSec: { fast: engine[0]!.opsPerSec, reference: engine[1]!.opsPerSec },
    targets: { fastOpsPerSec: TARGET_OPS, fastOverPeer: TARGET_RATIO, met: fast.opsPerSec >= TARGET_OPS && ratio >= TARGET_RATIO },
  };
  console.log(JSON.stringify(json));
}

if (only === undefined || only === 'contract') {
  const profile = text('contract-profile');
  const figures = contractBench({
    positions: arg('contract-positions', 100_000),
    ops: arg('contract-ops', 200_000),
    ...(profile ? { profilePath: resolve(profile) } : {}),
  });
  console.log(JSON.stringify(reportContract(figures)));
}

if (only === undefined || only === 'seconds') {
  const { reportSeconds, secondsBench } = await import('./seconds.ts');
  const figures = await secondsBench({
    burst: arg('seconds-burst', 100_000),
    rate: arg('seconds-rate', 5_000),
    steadyMs: arg('seconds-steady-ms', 20_000),
    durationS: arg('seconds-duration', 10),
  });
  console.log(JSON.stringify(reportSeconds(figures)));
}

if (only === undefined || only === 'e2e') {
  console.log(JSON.stringify(reportE2e(await e2eBench({ phaseMs: arg('e2e-ms', 5000) }))));
}

if (only === undefined || only === 'streams') {
  const { binanceStreamsBench, reportBinanceStreams } = await import('./binance-streams.ts');
  const figures = await binanceStreamsBench({ sockets: arg('streams-sockets', 10_000), tradesPerSec: arg('streams-rate', 4), ms: arg('streams-ms', 10_000), warmupMs: arg('streams-warmup-ms', 3_000) });
  console.log(JSON.stringify(reportBinanceStreams(figures)));
}

if (only === undefined || only === 'reserves') {
  const { reportReserves, reservesBench, reservesOptions } = await import('./reserves.ts');
  console.log(JSON.stringify(reportReserves(await reservesBench(reservesOptions(process.argv.slice(2))))));
}

if (only === undefined || only === 'earn') {
  const { earnBench, earnOptions, reportEarn } = await import('./earn.ts');
  console.log(JSON.stringify(reportEarn(await earnBench(earnOptions(process.argv.slice(2))))));
}

if (only === undefined || only === 'quant') {
  const { quantBench, quantOptions, reportQuant } = await import('./quant.ts');
  console.log(JSON.stringify(reportQuant(await quantBench(quantOptions(process.argv.slice(2))))));
}

if (only === undefined || only === 'nats-log') {
  const { natsLogBench, natsLogOptions, reportNatsLog } = await import('./nats-log.ts');
  console.log(JSON.stringify(reportNatsLog(await natsLogBench(natsLogOptions(process.argv.slice(2))))));
}

if (only === undefined || only === 'cluster') {
  const { clusterBench, clusterOptions, reportCluster } = await import('./cluster.ts');
  console.log(JSON.stringify(reportCluster(await clusterBench(clusterOptions(process.argv.slice(2))))));
}

// --only=cluster runs the issue's whole cluster bench: the desk applying its log, then the e2e load through gateways.
if (only === undefined || only === 'gateways' || only === 'cluster') {
  const { gatewaysBench, gatewaysOptions, reportGateways } = await import('./gateways.ts');
  console.log(JSON.stringify(reportGateways(await gatewaysBench(gatewaysOptions(process.argv.slice(2))))));
}

if (only === undefined || only === 'terminal') {
  // Loaded only here: playwright-core and the browser harness would otherwise sit in the heap of the end-to-end
  // bench's server (same isolate), and every collection of it would mark them.
  const { browserSkipReason } = await import('../e2e/browser.ts');
  const { reportTerminal, terminalBench, TERMINAL_SCENARIOS } = await import('./terminal.ts');
  const root = resolve(import.meta.dirname, '..', '..');
  const distDir = resolve(text('dist') ?? process.env['BENCH_DIST'] ?? join(root, 'dist'));
  const skip = browserSkipReason();
  if (skip) console.log(`terminal: ${skip}`);
  else {
    if (!existsSync(join(distDir, 'bench.html'))) {
      if (distDir !== join(root, 'dist')) throw new Error(`${distDir} has no bench.html: build it with vite build --outDir ${distDir}`);
      console.log('terminal: dist/ has no bench.html, running vite build first');
      const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
      if (built.status !== 0) throw new Error('vite build failed');
    }
    const asked = text('terminal-scenario');
    const scenarios = TERMINAL_SCENARIOS.filter((s) => asked === undefined || s === asked);
    if (scenarios.length === 0) throw new Error(`--terminal-scenario=${asked}: one of ${TERMINAL_SCENARIOS.join(', ')}`);
    const profile = text('terminal-profile');
    for (const scenario of scenarios) {
      const profilePath = profile === undefined ? undefined : resolve(scenarios.length === 1 ? profile : profile.replace(/(\.[^./]*)?$/, `-${scenario}$1`));
      const figures = await terminalBench({
        distDir,
        scenario,
        measureMs: arg('terminal-ms', Number(process.env['BENCH_TERMINAL_MS'] ?? 240_000)),
        warmupMs: arg('terminal-warmup-ms', 10_000),
        ...(text('terminal-panels') ? { panels: text('terminal-panels')!.split(',') } : {}),
        ...(profilePath ? { profilePath } : {}),
        ...(text('terminal-allocations') ? { allocationsPath: resolve(text('terminal-allocations')!.replace(/(\.[^./]*)?$/, `-${scenario}$1`)) } : {}),
        ...(text('terminal-trace') ? { tracePath: resolve(text('terminal-trace')!.replace(/(\.[^./]*)?$/, `-${scenario}$1`)) } : {}),
      });
      console.log(JSON.stringify(reportTerminal(figures)));
    }
  }
}
