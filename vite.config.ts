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
    include: ['test/**/*.test.{ts,tsx}'],
    exclude: ['test/bench/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: true,
    // Two files at a time on CI's two cores (vitest's default there is one): the suite is mostly waiting on
    // browsers, sockets and fsyncs, and takes about a third of the serial time.
    maxWorkers: 2,
  },
});
