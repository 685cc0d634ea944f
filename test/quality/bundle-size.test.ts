// Budget for the JavaScript a first visit downloads before anything else: the entry script and the modules it
// preloads. Lazy route chunks are not counted. `npm test` builds dist/ before the tests run.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { ROOT } from './imports.ts';

const INITIAL_JS_BUDGET_GZIP = 200 * 1024;

it('keeps the initial JavaScript within 200 KB gzipped', () => {
  const dist = join(ROOT, 'dist');
  const html = join(dist, 'index.html');
  expect(existsSync(html), 'dist/index.html missing: run `npm run build` (npm test does it first)').toBe(true);
  const page = readFileSync(html, 'utf8');
  const scripts = [...page.matchAll(/<script[^>]+src="([^"]+\.js)"/g), ...page.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)]
    .map((m) => m[1])
    .filter((src): src is string => Boolean(src));
  expect(scripts.length).toBeGreaterThan(0);
  const sizes = scripts.map((src) => ({ src, gzip: gzipSync(readFileSync(join(dist, src.replace(/^\//, '')))).length }));
  const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
  console.log(`initial JS: ${(total / 1024).toFixed(1)} KB gzipped of ${INITIAL_JS_BUDGET_GZIP / 1024} KB (${sizes.length} files)`);
  expect(total).toBeLessThanOrEqual(INITIAL_JS_BUDGET_GZIP);
});
