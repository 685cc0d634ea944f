// The kernel is pure: no clock, no randomness, no I/O, no globals of the host. Imports are checked by
// test/quality/dependencies.test.ts; this checks what an import list can't show.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const kernel = join(root, 'server', 'kernel');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const FORBIDDEN = [/\bDate\.now\b/, /\bnew Date\b/, /\bMath\.random\b/, /\bperformance\./, /\bprocess\./, /\bset(Timeout|Interval|Immediate)\b/, /\bcrypto\./, /\brequire\(/, /\bfetch\(/, /\bglobalThis\b/, /\bconsole\./];

it('uses no clock, randomness, host globals or I/O anywhere in server/kernel', () => {
  const found = files(kernel).flatMap((file) => {
    const code = readFileSync(file, 'utf8').replace(/\/\/.*$/gm, '');
    return FORBIDDEN.filter((re) => re.test(code)).map((re) => `${relative(root, file)}: ${re.source}`);
  });
  expect(files(kernel).length).toBeGreaterThan(10);
  expect(found).toEqual([]);
});
