// A describe block over PostgreSQL and the machine's NATS whose tests open desks' worlds and one command log, each
// closed after its test (the log's stream deleted): what the tests of a desk applying its log share.
import { afterEach } from 'vitest';
import { createCommandLog, type CommandLog } from '../../../server/bus/index.ts';
import { describeCluster } from '../bus/nats-env.ts';
import { PG_SKIP_REASON, PG_URL } from '../dialects.ts';
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
