import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { lingui } from '@lingui/vite-plugin';
import { resolve } from 'node:path';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';
// The operator console's API listens on its own port (OPS_PORT, PORT + 1 by default): /ops.html in dev talks to it here.
const opsTarget = process.env.OPS_API_URL ?? 'http://127.0.0.1:8081';

export default defineConfig({
  root: 'src',
  publicDir: '../public',
  plugins: [react(), vanillaExtractPlugin(), lingui()],
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    // The app, the terminal benchmark's page (npm run bench -- --only=terminal) and the operator console (issue 25,
    // served on its own listener): each its own entry, so nothing of the others is in the app's initial bundle.
    rolldownOptions: {
      input: {
        main: resolve(import.meta.dirname, 'src/index.html'),
        bench: resolve(import.meta.dirname, 'src/bench.html'),
        ops: resolve(import.meta.dirname, 'src/ops.html'),
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/app': apiTarget,
      '/ops/api': opsTarget,
      '/api': apiTarget,
      '/ws': { target: apiTarget.replace(/^http/, 'ws'), ws: true },
    },
  },
  test: {
    root: '.',
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // expect.poll waits up to 10 s (vitest's default is 1 s): on a loaded two-core CI box a page reload and its first
    // fetches took longer than a second (security.test.ts's devices table). A poll that succeeds returns at once.
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    fileParallelism: true,
    // Three files at a time on CI's two cores (vitest's default there is one): the suite waits on browsers, sockets,
    // timers and fsyncs, and a third file fills the cores while two wait. Clean-clone runs on one box, back to back:
    // 958 s with two, 806 s with three (each file 20 % slower, the whole 16 % faster).
    maxWorkers: 3,
    projects: [
      // The web app's tests need Vite's transforms (TSX, vanilla-extract styles, Lingui's macros, vi.mock).
      { extends: true, test: { name: 'web', include: ['test/src/**/*.test.{ts,tsx}'] } },
      // Everything else is the server, the stream layer and tests of them, in TypeScript Node runs as it is (as
      // `npm start` does): imported natively, not through Vite's module runner, so a test file's worker loads the
      // server in about half the time (the browser tests' workers most of all; see the README's Performance).
      {
        extends: true,
        test: {
          name: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/src/**', 'test/bench/**', 'node_modules/**'],
          experimental: { viteModuleRunner: false },
        },
      },
    ],
  },
});
