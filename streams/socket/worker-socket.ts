// The page's side of the socket worker (socket-worker.ts): a class shaped like the browser's WebSocket, as
// reconnecting-websocket uses one (the ready states, send, close, open/message/error/close listeners), whose socket
// lives in the worker. Thousands of frames a second cost the main thread a handful of messages a frame, each the JSON
// of frames the worker has checked (and a book's diffs merged), instead of a task, an event and a parse each.
// Where a worker can't be had (no Worker, or the page's WebSocket is not the browser's own: a harness replaced it to
// route the socket, and must keep seeing it), the browser's WebSocket is used as it is, and the frames are parsed
// and checked on the page.
import type { ParsedMessage, WebSocketConstructor } from './connection.ts';
import type { ServerFrame } from './protocol.ts';
import type { SocketCommand, SocketReport } from './worker-protocol.ts';

type Listener = (event: unknown) => void;

const utf8 = new TextDecoder();
type EventName = 'open' | 'message' | 'error' | 'close';

/** The part of a Worker used here (a test may pass its own). */
export interface SocketWorker {
  postMessage(command: SocketCommand): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<SocketReport>) => void): void;
  addEventListener(type: 'error', listener: () => void): void;
}

/** A WebSocket class over `worker`; after the worker fails, new sockets are `fallback`'s. */
export function workerWebSocket(worker: SocketWorker, fallback: WebSocketConstructor): WebSocketConstructor {
  let nextId = 1;
  let broken = false;
  const live = new Map<number, WorkerSocket>();
  worker.addEventListener('message', (e) => live.get(e.data.id)?.report(e.data));
  // The worker did not start (its script failed): what it held is gone, and the next attempt uses the page's socket.
  worker.addEventListener('error', () => {
    broken = true;
    for (const s of [...live.values()]) {
      s.report({ id: 0, type: 'error' });
      s.report({ id: 0, type: 'close', code: 1006, reason: '', wasClean: false });
    }
  });

  class WorkerSocket {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSING = 2;
    static readonly CLOSED = 3;
    readonly CONNECTING = 0;
    readonly OPEN = 1;
    readonly CLOSING = 2;
    readonly CLOSED = 3;
    readonly url: string = '';
    readyState = 0;
    protocol = '';
    extensions = '';
    bufferedAmount = 0;
    binaryType = 'blob';
    private readonly id = nextId++;
    /** Replaced, not changed, when a listener comes or goes: an emit runs over the list it started with. */
    private readonly listeners: Record<EventName, readonly Listener[]> = { open: [], message: [], error: [], close: [] };

    constructor(url: string, protocols?: string | string[]) {
      // A constructor may hand back another object: after a failed worker, the browser's own socket.
      if (broken) return new fallback(url, protocols) as WorkerSocket;
      this.url = url;
      live.set(this.id, this);
      worker.postMessage({ op: 'open', id: this.id, url, protocols });
    }

    addEventListener(type: EventName, listener: Listener): void {
      const list = this.listeners[type];
      if (list && !list.includes(listener)) this.listeners[type] = [...list, listener];
    }

    removeEventListener(type: EventName, listener: Listener): void {
      const list = this.listeners[type];
      if (list) this.listeners[type] = list.filter((l) => l !== listener);
    }

    send(data: string): void {
      if (this.readyState !== this.OPEN) throw new Error('WebSocket is not open');
      worker.postMessage({ op: 'send', id: this.id, data });
    }

    close(code?: number, reason?: string): void {
      if (this.readyState >= this.CLOSING) return;
      this.readyState = this.CLOSING;
      worker.postMessage({ op: 'close', id: this.id, code, reason });
    }

    report(r: SocketReport): void {
      switch (r.type) {
        case 'open':
          this.readyState = this.OPEN;
          this.protocol = r.protocol;
          this.extensions = r.extensions;
          return this.emit('open', { type: 'open' });
        case 'frames':
          // The batch's frames, checked in the worker, in one message event (reconnecting-websocket hands it to the
          // connection as it is: connection.ts reads `frames` before `data`).
          return this.emit('message', { type: 'message', data: '', frames: JSON.parse(utf8.decode(r.json)) as ServerFrame[] } satisfies ParsedMessage);
        case 'error':
          return this.emit('error', { type: 'error' });
        case 'close':
          if (this.readyState === this.CLOSED) return;
          this.readyState = this.CLOSED;
          live.delete(this.id);
          return this.emit('close', { type: 'close', code: r.code, reason: r.reason, wasClean: r.wasClean });
      }
    }

    private emit(type: EventName, event: unknown): void {
      const list = this.listeners[type];
      for (let i = 0; i < list.length; i++) list[i]!(event);
    }
  }
  return WorkerSocket;
}

let shared: WebSocketConstructor | null = null;

/** The tab's WebSocket class: the worker's when it can be had (one worker for the tab), else the browser's. */
export function pageWebSocket(): WebSocketConstructor {
  const native = globalThis.WebSocket as WebSocketConstructor;
  if (shared) return shared;
  if (typeof Worker !== 'function' || typeof native !== 'function' || !Function.prototype.toString.call(native).includes('[native code]')) return native;
  try {
    const worker = new Worker(new URL('./socket-worker.ts', import.meta.url), { type: 'module', name: 'socket' }) as unknown as SocketWorker;
    shared = workerWebSocket(worker, native);
  } catch {
    return native;
  }
  return shared;
}
