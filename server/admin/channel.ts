// The server's admin channel: a Unix domain socket (DATA_DIR/admin.sock, mode 0600, so only the server's OS user
// can even connect; never a network port) that takes one request per connection (protocol.ts), checks the token
// (constant-time), the store identity and the request's shape, runs the command through the executor (the
// server's own desks, in sequence with users' commands) and answers one line. The socket file is removed on close;
// a stale one a killed server left behind is replaced at the next start, a live one (another server) is refused.
//
// Stopping. close() closes the listener at once (new connections find no socket and the CLI works on the store),
// then answers every connection it had already taken: a request read in full is done through the desks, which run
// until close() returns (the server closes them after), and answered; one still arriving gets a short grace
// (CLOSE_READ_GRACE_MS) and is then refused, nothing done. So an operator whose connection the server took gets the
// outcome of their request, never a connection dropped with the request unread. Connections still queued in the
// kernel when the listener closes are reset by the kernel (nothing can take them any more): the client (client.ts)
// counts that as a lost answer and the CLI repeats the request with its id.
import { createHash, timingSafeEqual } from 'node:crypto';
import { chmodSync, lstatSync, mkdirSync, unlinkSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { dirname } from 'node:path';
import { AdminError, type AdminExecutor } from './commands.ts';
import { AdminSetupError, checkSocketPath } from './paths.ts';
import { ADMIN_PROTOCOL_VERSION, MAX_REQUEST_BYTES, parseRequest, REQUEST_READ_TIMEOUT_MS, type AdminAnswer, type AdminErrorKind } from './protocol.ts';

export interface ChannelLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface AdminChannelOptions {
  readonly socketPath: string;
  readonly token: string;
  /** This server's store (paths.ts storeIdentity): requests meant for another store are refused. */
  readonly storeId: string;
  readonly executor: AdminExecutor;
  readonly log?: ChannelLog | undefined;
  /** How long close() waits for commands in progress (default 30 s). */
  readonly closeTimeoutMs?: number | undefined;
  /** How long close() gives a connection it took to finish sending its request (default CLOSE_READ_GRACE_MS). */
  readonly closeReadGraceMs?: number | undefined;
}

export interface AdminChannel {
  readonly socketPath: string;
  /** Stops taking connections, answers the ones taken (their commands finish), removes the socket file. */
  close(): Promise<void>;
}

/** A request still arriving when the server stops has this long to arrive in full before it is refused. */
export const CLOSE_READ_GRACE_MS = 2_000;

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether something accepts connections on the socket path (a live server), within a second. */
export function socketAnswers(path: string, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createConnection(path);
    const done = (answer: boolean) => {
      clearTimeout(timer);
      s.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}

async function clearStale(path: string): Promise<void> {
  let stat;
  try {
    stat = lstatSync(path);
  } catch {
    return; // nothing there
  }
  if (!stat.isSocket()) throw new AdminSetupError(`${path} exists and is not a socket; move it away or set ADMIN_SOCKET`);
  if (await socketAnswers(path)) throw new AdminSetupError(`another server answers on the admin socket ${path}`);
  unlinkSync(path); // left by a server that was killed
}

function listen(server: Server, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    // The socket file is made by bind(), synchronously inside listen(): with this umask it is born 0600, so there
    // is no moment at which another user could connect. (chmod below says the same, for filesystems that ignore it.)
    // (A worker thread may not set the umask: there the chmod alone narrows it, and the token still guards it.)
    let previous: number | undefined;
    try {
      previous = process.umask(0o177);
    } catch {
      previous = undefined;
    }
    try {
      server.listen(path, () => {
        server.off('error', reject);
        resolve();
      });
    } finally {
      if (previous !== undefined) process.umask(previous);
    }
  });
}

export async function openAdminChannel(o: AdminChannelOptions): Promise<AdminChannel> {
  const path = o.socketPath;
  checkSocketPath(path);
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  await clearStale(path);
  const expected = digest(o.token);
  const sockets = new Set<Socket>();
  /** One per connection taken, until it is settled (see below). */
  const pending = new Set<Promise<void>>();
  /** Connections still reading their request: close() shortens their deadline to the grace. */
  const readers = new Set<(graceMs: number) => void>();
  let closing = false;

  const answerLine = (answer: AdminAnswer) => `${JSON.stringify(answer)}\n`;
  const refusal = (id: string | null, kind: AdminErrorKind, message: string): AdminAnswer => ({ v: ADMIN_PROTOCOL_VERSION, id, ok: false, error: { kind, message } });

  async function handle(line: string): Promise<AdminAnswer> {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return refusal(null, 'protocol', 'malformed request: not JSON');
    }
    const fields = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
    const id = typeof fields['id'] === 'string' && fields['id'].length <= 64 ? fields['id'] : null;
    // The token first: a peer without it learns nothing, not even what a well-formed request looks like.
    const token = fields['token'];
    if (typeof token !== 'string' || !timingSafeEqual(digest(token), expected)) {
      o.log?.warn('admin channel: a request with a missing or wrong token was refused');
      return refusal(id, 'auth', 'missing or wrong admin token');
    }
    if (fields['v'] !== ADMIN_PROTOCOL_VERSION) {
      return refusal(id, 'protocol', `protocol version ${JSON.stringify(fields['v'] ?? null)} is not spoken here (this server speaks ${ADMIN_PROTOCOL_VERSION})`);
    }
    const parsed = parseRequest(value);
    if (!parsed.ok) return refusal(id, 'protocol', `malformed request: ${parsed.problem}`);
    const req = parsed.request;
    if (req.store !== o.storeId) return refusal(req.id, 'store', 'this server runs on another store (DATA_DIR or DATABASE_URL differ)');
    // Also while closing: the connection was taken before the listener closed, and the desks run until close() returns.
    try {
      const outcome = await o.executor.execute({ id: req.id, operator: req.operator, command: req.command, args: req.args, reason: req.reason });
      o.log?.info(`admin channel: ${req.operator} ran "${req.command}" (request ${req.id})${outcome.replayed ? ', answered from its earlier outcome' : ''}`);
      return { v: ADMIN_PROTOCOL_VERSION, id: req.id, ok: true, data: outcome.data ?? null, text: outcome.text, replayed: outcome.replayed };
    } catch (error) {
      if (error instanceof AdminError) {
        o.log?.info(`admin channel: ${req.operator} ran "${req.command}" (request ${req.id}): ${error.message}`);
        return refusal(req.id, error.kind, error.message);
      }
      const message = error instanceof Error ? error.message : String(error);
      o.log?.error(`admin channel: "${req.command}" (request ${req.id}) failed: ${message}`);
      return refusal(req.id, 'internal', `unexpected failure: ${message}`);
    }
  }

  const server = createServer({ allowHalfOpen: true }, (socket) => {
    sockets.add(socket);
    // Settled once the connection needs nothing more from the server: closed after its answer went out (its
    // command, if any, done first), or gone before its request was complete. close() waits for every one.
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    pending.add(settled);
    void settled.then(() => pending.delete(settled));
    let working = false;
    let answered = false;
    socket.on('close', () => {
      sockets.delete(socket);
      readers.delete(hurry);
      // A client that went away while its command runs: the command still completes and is audited; answer() settles.
      if (working && !answered) return;
      clearTimeout(deadline);
      settle();
    });
    socket.on('error', () => undefined); // a client that went away
    const chunks: Buffer[] = [];
    let size = 0;
    const answer = (a: AdminAnswer) => {
      if (answered) return;
      answered = true;
      clearTimeout(deadline);
      readers.delete(hurry);
      if (socket.destroyed) settle();
      else socket.end(answerLine(a), () => socket.destroy()); // its 'close' settles
    };
    // Bounded in time as in size: the whole request within REQUEST_READ_TIMEOUT_MS.
    let deadline = setTimeout(() => answer(refusal(null, 'protocol', `no complete request within ${REQUEST_READ_TIMEOUT_MS / 1000} s`)), REQUEST_READ_TIMEOUT_MS);
    /** The server is stopping: what has not arrived within the grace is refused (nothing is done). */
    function hurry(graceMs: number) {
      clearTimeout(deadline);
      deadline = setTimeout(() => answer(refusal(null, 'failed', 'the server is shutting down; nothing was done')), graceMs);
    }
    if (closing) hurry(o.closeReadGraceMs ?? CLOSE_READ_GRACE_MS);
    else readers.add(hurry);
    let reading = true;
    socket.on('data', (chunk: Buffer) => {
      if (!reading) return;
      const nl = chunk.indexOf(10);
      const part = nl === -1 ? chunk : chunk.subarray(0, nl);
      size += part.length;
      if (size + 1 > MAX_REQUEST_BYTES) {
        reading = false;
        answer(refusal(null, 'protocol', `request too large (at most ${MAX_REQUEST_BYTES} bytes)`));
        return;
      }
      chunks.push(part);
      if (nl === -1) return;
      reading = false;
      working = true;
      clearTimeout(deadline);
      readers.delete(hurry);
      void handle(Buffer.concat(chunks).toString('utf8')).then(answer, (error: unknown) =>
        answer(refusal(null, 'internal', `unexpected failure: ${error instanceof Error ? error.message : String(error)}`)),
      );
    });
    socket.on('end', () => {
      if (reading) {
        reading = false;
        answer(refusal(null, 'protocol', 'the request must be one line of JSON ending with a newline'));
      }
    });
  });

  await listen(server, path);
  chmodSync(path, 0o600);
  const ours = lstatSync(path).ino;
  o.log?.info(`admin channel on ${path}`);

  let closed: Promise<void> | null = null;
  return {
    socketPath: path,
    close: () =>
      (closed ??= (async () => {
        closing = true;
        // The listener closes now (synchronously): no connection is taken after this, so `pending` is complete.
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const hurry of readers) hurry(o.closeReadGraceMs ?? CLOSE_READ_GRACE_MS);
        readers.clear();
        const limit = new Promise<void>((resolve) => setTimeout(resolve, o.closeTimeoutMs ?? 30_000).unref());
        await Promise.race([Promise.allSettled([...pending]), limit]);
        for (const s of sockets) s.destroy();
        await stopped;
        // Only our own file: a server started after us on the same path has replaced it with its own.
        try {
          if (lstatSync(path).ino === ours) unlinkSync(path);
        } catch {
          // already gone
        }
      })()),
  };
}
