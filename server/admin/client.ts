// The CLI's end of the admin channel: connect to the socket, send one request line, read one answer line.
// The outcome says which of three things happened, because the CLI acts differently on each: nobody listens
// (no server: work on the store directly), an answer (checked against the protocol's schema), or no answer
// (the command may or may not have run: repeat it with the same request id, which is never applied twice).
//
// A connection can also be cut under the request, with ECONNRESET (or EPIPE, ECONNABORTED), by a server that stops
// or dies. On a Unix socket connect() succeeds as soon as the connection is queued at the listener, before the
// server has accepted it; if the listener closes first (a server's stop closes it at once; a killed server's kernel
// closes it for it), every connection still queued is reset. Before the 'connect' event that reset means nothing was
// written, after it that the request may sit unread in a queue that is gone, or may have been read and done with
// its answer cut. Neither is a socket the CLI may not use: both are a lost answer (`sent` tells them apart), and
// repeating the request with its id is right for both (a server answers it from its record or does it then;
// the store does it once; FundsDesk.adjustOnce refuses an id it has journalled). A cut before anything was sent is
// not `absent` either: the server was there a moment ago and may still be stopping, its desks holding their leases,
// and the CLI's way with a lost answer (a pause, then the same request again) suits it.
import { createConnection } from 'node:net';
import { MAX_ANSWER_BYTES, parseAnswer, type AdminAnswer, type AdminWireRequest } from './protocol.ts';

export type ChannelOutcome =
  | { readonly kind: 'absent'; readonly why: string }
  | { readonly kind: 'answer'; readonly answer: AdminAnswer }
  /** `sent`: false when the connection was cut before the request was written (the server never saw it). */
  | { readonly kind: 'lost'; readonly why: string; readonly sent: boolean };

export class ChannelAccessError extends Error {
  override name = 'ChannelAccessError';
}

export interface CallOptions {
  /** Connecting longer than this counts as nobody listening (default 2 s). */
  connectTimeoutMs?: number;
  /** Waiting longer than this for the answer counts as a lost answer (default 60 s). */
  answerTimeoutMs?: number;
}

/** Errors that cut a connection the listener had queued or taken: the server stopped or died under it. */
const CUT = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/** Sends one request and reads its answer. Throws (ChannelAccessError) only for a socket the caller cannot use. */
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
    const lost = (why: string): ChannelOutcome => ({ kind: 'lost', why, sent: true });
    const connectTimer = setTimeout(() => finish({ kind: 'absent', why: 'the socket did not accept a connection in time' }), o.connectTimeoutMs ?? 2_000);
    let answerTimer: NodeJS.Timeout | undefined;
    socket.once('connect', () => {
      connected = true;
      clearTimeout(connectTimer);
      answerTimer = setTimeout(() => finish(lost(`no answer within ${(o.answerTimeoutMs ?? 60_000) / 1000} s`)), o.answerTimeoutMs ?? 60_000);
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on('data', (chunk: Buffer) => {
      const nl = chunk.indexOf(10);
      const part = nl === -1 ? chunk : chunk.subarray(0, nl);
      size += part.length;
      if (size > MAX_ANSWER_BYTES) return finish(lost('the answer was too large'));
      chunks.push(part);
      if (nl === -1) return;
      let value: unknown;
      try {
        value = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return finish(lost('the answer was not JSON'));
      }
      const parsed = parseAnswer(value);
      finish(parsed.ok ? { kind: 'answer', answer: parsed.answer } : lost(`the answer was malformed (${parsed.problem})`));
    });
    socket.on('end', () => finish(lost('the server closed the connection without an answer')));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      const code = error.code ?? error.message;
      if (connected) {
        const why = CUT.has(code) ? `the connection was cut after the request was sent (${code}): the server stopped or died` : `the connection failed (${code})`;
        return finish(lost(why));
      }
      // ENOENT: no socket file; ECONNREFUSED: a file nobody listens on (a killed server's): no server runs.
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') return finish({ kind: 'absent', why: error.code === 'ENOENT' ? 'no socket file' : 'nobody listens on it' });
      // Queued at a listener that closed before taking it: a server was there and stopped; nothing was written.
      if (CUT.has(code)) return finish({ kind: 'lost', why: `the server dropped the connection before the request was sent (${code}): it stopped or died`, sent: false });
      if (error.code === 'EACCES' || error.code === 'EPERM') {
        return finish(new ChannelAccessError(`permission denied on the admin socket ${socketPath}; run as the server's user`));
      }
      finish(new ChannelAccessError(`cannot connect to the admin socket ${socketPath} (${code})`));
    });
  });
}
