// The disk's durable-commit ceiling: how many write + fdatasync rounds per second a file in the data directory
// takes, like SQLite's WAL in synchronous=FULL (one sync of the WAL per committed transaction). A desk commits one
// transaction per batch, so orders/s can't pass fsyncs/s × the batch size the desk reaches.
import { closeSync, fdatasyncSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export interface FsyncFigure {
  /** Synced writes per second. */
  perSec: number;
  /** Median and 99th percentile of one write + fdatasync, ms. */
  p50Ms: number;
  p99Ms: number;
  rounds: number;
  bytes: number;
}

/** Write `bytes` (a commit's worth of WAL frames) then fdatasync, over and over, for `ms`, in `dir`. */
export function fsyncBench(dir: string, ms = 2000, bytes = 16 * 1024): FsyncFigure {
  const file = join(dir, `fsync-bench-${process.pid}.tmp`);
  const fd = openSync(file, 'w');
  const page = Buffer.alloc(bytes, 7);
  // A WAL is reused from its start after each checkpoint: cycle over 4 MB written once up front.
  const span = 4 * 1024 * 1024;
  for (let off = 0; off < span; off += page.length) writeSync(fd, page, 0, page.length, off);
  fdatasyncSync(fd);
  const times: number[] = [];
  let off = 0;
  const t0 = performance.now();
  let now = t0;
  try {
    while (now - t0 < ms) {
      const s = now;
      writeSync(fd, page, 0, page.length, off);
      fdatasyncSync(fd);
      off = (off + page.length) % span;
      now = performance.now();
      times.push(now - s);
    }
  } finally {
    closeSync(fd);
    rmSync(file, { force: true });
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { perSec: Math.round((times.length / (now - t0)) * 1000), p50Ms: round2(at(0.5)), p99Ms: round2(at(0.99)), rounds: times.length, bytes };
}

const round2 = (x: number) => Math.round(x * 100) / 100;
