// `npm test`: builds the web app (the browser tests and the size check use it), runs every vitest project
// (unit, server, quality, browser) and ends with the one summary line CI reads: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const extra = process.argv.slice(2);

let failedSteps = 0;

const build = spawnSync(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) {
  console.error('web app build failed');
  failedSteps += 1;
}

const outDir = join(root, '.tmp');
// Node keeps what it compiled of each module (the server's TypeScript included) for the next process that loads
// it: every test file's worker, and every CLI a test starts, loads the server without compiling it again.
process.env['NODE_COMPILE_CACHE'] ??= join(outDir, 'node-compile-cache');
mkdirSync(outDir, { recursive: true });
const report = join(outDir, 'vitest-report.json');
rmSync(report, { force: true });
const run = spawnSync(
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra],
  { cwd: root, stdio: 'inherit' },
);

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numFailedTestSuites: number;
}
let summary: VitestJson | null = null;
try {
  summary = JSON.parse(readFileSync(report, 'utf8')) as VitestJson;
} catch {
  summary = null;
}

const passed = summary?.numPassedTests ?? 0;
// A file that fails to load has no failed test of its own; count failed suites then, so it cannot pass silently.
const failedTests = summary ? (summary.numFailedTests > 0 ? summary.numFailedTests : summary.numFailedTestSuites) : 1;
const failed = failedTests + failedSteps;
const skipped = summary ? summary.numPendingTests + summary.numTodoTests : 0;
const ok = failed === 0 && run.status === 0 && passed > 0;
console.log(`\n${passed} passed, ${ok ? 0 : Math.max(failed, 1)} failed, ${skipped} skipped`);
process.exit(ok ? 0 : 1);
