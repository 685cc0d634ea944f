// Raw access to an admin socket for tests: send bytes as they are, read what comes back until the server closes.
import { createConnection } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_PROTOCOL_VERSION, type AdminArgs, type ChannelCommand } from '../../../server/admin/protocol.ts';
import { storeIdentity } from '../../../server/admin/paths.ts';

/** Writes `payload` (optionally ending the connection), resolves with everything the server sent before closing. */
/** `hangUp`: close the connection as soon as the request is written (its answer is lost). */
export function exchange(socketPath: string, payload: string | Buffer, o: { end?: boolean; hangUp?: boolean; timeoutMs?: number } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = createConnection(socketPath);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      s.destroy();
      reject(new Error('no close from the server'));
    }, o.timeoutMs ?? 15_000);
    s.on('connect', () => {
      s.write(payload, () => {
        if (o.hangUp) s.destroy();
      });
      if (o.end) s.end();
    });
    s.on('data', (c: Buffer) => chunks.push(c));
    s.on('error', () => undefined); // the server may cut an oversized request short; what it answered is kept
    s.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
  });
}

export interface Where {
  dataDir: string;
  databaseUrl?: string | undefined;
}

export const tokenOf = (where: Where) => readFileSync(join(where.dataDir, 'admin.token'), 'utf8').trim();
export const socketOf = (where: Where) => join(where.dataDir, 'admin.sock');

export function request(where: Where, command: ChannelCommand, args: AdminArgs, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    v: ADMIN_PROTOCOL_VERSION,
    token: tokenOf(where),
    id: `test-${Math.random().toString(36).slice(2, 12)}`,
    store: storeIdentity({ dataDir: where.dataDir, databaseUrl: where.databaseUrl }),
    operator: 'tester',
    command,
    args,
    reason: 'test',
    ...extra,
  };
}

/** Sends one request line and parses the answer line. */
export async function call(where: Where, body: Record<string, unknown>): Promise<Record<string, unknown> & { ok: boolean }> {
  const text = await exchange(socketOf(where), `${JSON.stringify(body)}\n`);
  return JSON.parse(text) as Record<string, unknown> & { ok: boolean };
}
