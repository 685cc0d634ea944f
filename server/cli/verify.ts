// `npm run verify -- seconds --from T1 --to T2 [--url http://localhost:8080]`: recomputes seconds contracts'
// settlements and checks the price record's hash chains from the public API alone (server/tools/verify-seconds.ts).
// T1 and T2 are Unix milliseconds or ISO times. Prints the counts and each mismatch; exit code 1 on any mismatch,
// 2 on a usage or network error.
// `npm run verify -- liabilities proof.json [--root root.json]`: a saved liabilities proof, checked by the browser's
// own module, against the published root when given (server/reserves/verify-file.ts; exit codes likewise).
import { pathToFileURL } from 'node:url';
import { reportLines, verifySeconds } from '../tools/verify-seconds.ts';
import { LIABILITIES_USAGE, verifyLiabilitiesFiles } from '../reserves/verify-file.ts';

export const VERIFY_USAGE = `usage: npm run verify -- seconds --from T1 --to T2 [--url http://localhost:8080]   (T: Unix ms or ISO time)\n${LIABILITIES_USAGE}`;

function time(text: string | undefined, name: string): number {
  if (text === undefined) throw new Error(`--${name} is required`);
  const n = /^\d+$/.test(text) ? Number(text) : Date.parse(text);
  if (!Number.isSafeInteger(n)) throw new Error(`--${name}: not a time: ${text}`);
  return n;
}

export async function runVerify(argv: readonly string[], out: (line: string) => void = console.log): Promise<number> {
  const [what, ...rest] = argv;
  if (what === 'liabilities') {
    // A saved proof file, checked by the browser's own module (server/reserves/verify-file.ts).
    const [proof, ...more] = rest;
    const root = more[0] === '--root' ? more[1] : undefined;
    if (proof === undefined || proof.startsWith('--') || (more.length > 0 && (more.length !== 2 || root === undefined))) {
      out(LIABILITIES_USAGE);
      return 2;
    }
    const check = await verifyLiabilitiesFiles(proof, root);
    for (const line of check.lines) out(line);
    if (check.exitCode === 2) out(LIABILITIES_USAGE);
    return check.exitCode;
  }
  const flags = new Map<string, string>();
  for (let i = 0; i < rest.length; i += 2) flags.set(rest[i]!.replace(/^--/, ''), rest[i + 1] ?? '');
  try {
    if (what !== 'seconds') throw new Error(`unknown check: ${what ?? '(none)'}`);
    const from = time(flags.get('from'), 'from');
    const to = time(flags.get('to'), 'to');
    if (from > to) throw new Error('--from is after --to');
    const report = await verifySeconds({ url: flags.get('url') ?? 'http://localhost:8080', from, to });
    for (const line of reportLines(report)) out(line);
    return report.mismatches.length === 0 ? 0 : 1;
  } catch (error) {
    out(`${error instanceof Error ? error.message : String(error)}\n${VERIFY_USAGE}`);
    return 2;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await runVerify(process.argv.slice(2));
}
