// Forcing the ways a server's stop can meet an operator's request on the admin socket, each one on purpose rather
// than by hoping a timer lands in the right microsecond:
//   - `onTaken`: the server has just taken (accepted) the connection and its request is not read yet;
//   - `onConnect`: the client's connect() has returned (its connection is queued at the listener, not taken);
//   - `deafListener`: a listener in another process that never takes anything (a server that hangs), so what the
//     client writes stays in the queue until the test kills that process (its kernel then resets the queue).
// The hooks wrap net's prototypes for the sockets of one path only and are undone by the function they return.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Server, Socket } from 'node:net';

/** The path a Socket.connect call goes to (createConnection passes its normalized arguments as one array). */
function pathOf(args: unknown[]): string | undefined {
  const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
  if (typeof first === 'string') return first;
  if (first !== null && typeof first === 'object' && 'path' in first && typeof first.path === 'string') return first.path;
  return undefined;
}

/** Calls `hook` with each socket connecting to `path`, just after its connect() (the n-th such call, from 1). */
export function onConnect(path: string, hook: (socket: Socket, n: number) => void): () => void {
  const original = Socket.prototype.connect;
  let n = 0;
  Socket.prototype.connect = function (this: Socket, ...args: unknown[]) {
    const result = (original as (...a: unknown[]) => Socket).apply(this, args);
    if (pathOf(args) === path) hook(this, ++n);
    return result;
  } as typeof original;
  return () => {
    Socket.prototype.connect = original;
  };
}

/** Calls `hook` as the listener on `path` takes a connection, after the listener's own handler has run. */
export function onTaken(path: string, hook: (socket: Socket) => void): () => void {
  const original = Server.prototype.emit;
  const emit = original as (this: Server, event: string | symbol, ...args: unknown[]) => boolean;
  Server.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    const result = emit.call(this, event, ...args);
    if (event === 'connection' && this.address() === path) hook(args[0] as Socket);
    return result;
  } as typeof original;
  return () => {
    Server.prototype.emit = original;
  };
}

/** What a reset connection reports. */
export const resetError = (): NodeJS.ErrnoException => Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', errno: -104, syscall: 'read' });

export interface DeafListener {
  /** SIGKILL: the listener dies with whatever is queued at it (the socket file stays, as a killed server's does). */
  kill(): Promise<void>;
}

/** A process listening on `path` whose event loop is blocked, so it never accepts a connection. */
export async function deafListener(path: string): Promise<DeafListener> {
  const code = `require('node:net').createServer().listen(process.argv[1], () => {
    process.stdout.write('listening\\n');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  });`;
  const child = spawn(process.execPath, ['-e', code, path], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = once(child, 'exit');
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (c) => reject(new Error(`the deaf listener exited (${c})`)));
  });
  return {
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
