// A describe block over PostgreSQL and the machine's NATS whose tests open desks' worlds and one command log, each
// closed after its test (the log's stream deleted): what the tests of a desk applying its log share.
import { afterEach, expect } from 'vitest';
import { createCommandLog, type CommandLog } from '../../../server/bus/index.ts';
import { describeCluster } from '../bus/nats-env.ts';
import { PG_SKIP_REASON, PG_URL } from '../dialects.ts';
import type { FundsDesk } from '../../../server/desks/core.ts';
import type { Dialect } from '../../../server/store/schema.ts';
import { openWorld, type World } from '../desks/world.ts';

export interface LogWorlds {
  readonly servers: string;
  /** The test's command log (one per test), on its own stream. */
  openLog(prefix: string): Promise<CommandLog>;
  /** A world over a fresh PostgreSQL schema. */
  world(): Promise<World>;
}

export function describeLogWorlds(title: string, body: (t: LogWorlds) => void): void {
  describeCluster(title, PG_URL, PG_SKIP_REASON, (servers) => {
    const open: World[] = [];
    let log: CommandLog | null = null;
    afterEach(async () => {
      await log?.destroy();
      log = null;
      for (const w of open.splice(0)) await w.dispose();
    });
    body({
      servers,
      openLog: async (prefix) => (log = await createCommandLog({ servers, prefix })),
      world: async () => {
        const w = await openWorld('postgres');
        open.push(w);
        return w;
      },
    });
  });
}

/**
 * Worlds of one dialect whose clocks stand apart (closed after each test), and a desk call applied as the command at
 * log position `seq` and log time `time`: how the tests of a desk that is a function of its log give it the log's
 * times without a log server. Call inside a describe block.
 */
export function loggedWorlds(dialect: Dialect): {
  world(clockOffset: number): Promise<World>;
  logged<R>(desk: FundsDesk, seq: number, time: number, call: () => Promise<R>): Promise<R>;
} {
  const open: World[] = [];
  afterEach(async () => {
    for (const w of open.splice(0)) await w.dispose();
  });
  return {
    async world(clockOffset) {
      const w = await openWorld(dialect);
      open.push(w);
      w.clock.advance(clockOffset);
      return w;
    },
    logged(desk, seq, time, call) {
      const r = desk.logged(seq, call, time);
      expect(r.sequenced).toBe(true);
      return r.value;
    },
  };
}
