// The CLI's end of the admin channel: connect to the socket, send one request line, read one answer line.
// The outcome says which of three things happened, because the CLI acts differently on each: nobody listens
// (no server: work on the store directly), an answer (checked against the protocol's schema), or a request sent
// whose answer never came (the command may or may not have run: repeat it with the same request id).
import { createConnection } from 'node:net';
import { MAX_ANSWER_BYTES, parseAnswer, type AdminAnswer, type AdminWireRequest } from './protocol.ts';

export type ChannelOutcome =
  | { readonly kind: 'absent'; readonly why: string }
  | { readonly kind: 'answer'; readonly answer: AdminAnswer }
  | { readonly kind: 'lost'; readonly why: string };

export class ChannelAccessError extends Error {
  override name = 'ChannelAccessError';
}

export interface CallOptions {
  /** Connecting longer than this counts as nobody listening (default 2 s). */
  connectTimeoutMs?: number;
  /** Waiting longer than this for the answer counts as a lost answer (default 60 s). */
  answerTimeoutMs?: number;
}

/** Whether the socket accepts a connection: the server runs. Throws for a socket the caller may not use. */
export function callChannel(socketPath: string, request: AdminWireRequest, o: CallOptions = {}): Promise<ChannelOutcome> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath);
    let connected = false;
    let settled = false;
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (outcome: ChannelOutcome | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      clearTimeout(answerTimer);
      socket.destroy();
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const connectTimer = setTimeout(() => finish({ kind: 'absent', why: 'the socket did not accept a connection in time' }), o.connectTimeoutMs ?? 2_000);
    let answerTimer: NodeJS.Timeout | undefined;
    socket.once('connect', () => {
      connected = true;
      clearTimeout(connectTimer);
      answerTimer = setTimeout(() => finish({ kind: 'lost', why: `no answer within ${(o.answerTimeoutMs ?? 60_000) / 1000} s` }), o.answerTimeoutMs ?? 60_000);
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on('data', (chunk: Buffer) => {
      const nl = chunk.indexOf(10);
      const part = nl === -1 ? chunk : chunk.subarray(0, nl);
      size += part.length;
      if (size > MAX_ANSWER_BYTES) return finish({ kind: 'lost', why: 'the answer was too large' });
      chunks.push(part);
      if (nl === -1) return;
      let value: unknown;
      try {
        value = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return finish({ kind: 'lost', why: 'the answer was not JSON' });
      }
      const parsed = parseAnswer(value);
      finish(parsed.ok ? { kind: 'answer', answer: parsed.answer } : { kind: 'lost', why: `the answer was malformed (${parsed.problem})` });
    });
    socket.on('end', () => finish({ kind: 'lost', why: 'the server closed the connection without an answer' }));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (connected) return finish({ kind: 'lost', why: `the connection failed (${error.code ?? error.message})` });
      // ENOENT: no socket file; ECONNREFUSED: a file nobody listens on (a killed server's): no server runs.
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') return finish({ kind: 'absent', why: error.code === 'ENOENT' ? 'no socket file' : 'nobody listens on it' });
      if (error.code === 'EACCES' || error.code === 'EPERM') {
        return finish(new ChannelAccessError(`permission denied on the admin socket ${socketPath}; run as the server's user`));
      }
      finish(new ChannelAccessError(`cannot connect to the admin socket ${socketPath} (${error.code ?? error.message})`));
    });
  });
}
