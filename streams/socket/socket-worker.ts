// The tab's WebSocket, held in a dedicated worker (worker-socket.ts is the page's side): the browser's cost of taking
// in each frame (an IPC message, a task, an event, the text made a string) is paid on the worker's thread, and the
// page's main thread gets the frames in order, a few milliseconds' worth in one message. A frame that is not a topic
// event (pong, ack, error: someone waits for it) goes at once, with whatever came before it.
//
// Page → worker: {op: 'open', id, url, protocols} | {op: 'send', id, data} | {op: 'close', id, code?, reason?}
// Worker → page: {id, type: 'open', protocol, extensions} | {id, type: 'messages', data: string[]} | {id, type: 'error'}
//                | {id, type: 'close', code, reason, wasClean}
import { BATCH_MS, isEventFrame, type SocketCommand, type SocketReport } from './worker-protocol.ts';

interface WorkerScope {
  onmessage: ((e: MessageEvent<SocketCommand>) => void) | null;
  postMessage(message: SocketReport): void;
}

const scope = globalThis as unknown as WorkerScope;
const sockets = new Map<number, WebSocket>();
let batch: { id: number; data: string[] } | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;

function flush(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  if (batch === null) return;
  scope.postMessage({ id: batch.id, type: 'messages', data: batch.data });
  batch = null;
}

function received(id: number, text: string): void {
  if (batch !== null && batch.id !== id) flush();
  if (batch === null) batch = { id, data: [] };
  batch.data.push(text);
  if (!isEventFrame(text)) flush();
  else timer ??= setTimeout(flush, BATCH_MS);
}

scope.onmessage = (e) => {
  const c = e.data;
  switch (c.op) {
    case 'open': {
      let ws: WebSocket;
      try {
        ws = new WebSocket(c.url, c.protocols);
      } catch {
        scope.postMessage({ id: c.id, type: 'error' });
        scope.postMessage({ id: c.id, type: 'close', code: 1006, reason: '', wasClean: false });
        return;
      }
      sockets.set(c.id, ws);
      ws.onopen = () => scope.postMessage({ id: c.id, type: 'open', protocol: ws.protocol, extensions: ws.extensions });
      ws.onmessage = (m: MessageEvent) => {
        if (typeof m.data === 'string') received(c.id, m.data);
      };
      ws.onerror = () => {
        flush();
        scope.postMessage({ id: c.id, type: 'error' });
      };
      ws.onclose = (ce: CloseEvent) => {
        flush();
        sockets.delete(c.id);
        scope.postMessage({ id: c.id, type: 'close', code: ce.code, reason: ce.reason, wasClean: ce.wasClean });
      };
      return;
    }
    case 'send': {
      const ws = sockets.get(c.id);
      if (ws && ws.readyState === WebSocket.OPEN) ws.send(c.data);
      return;
    }
    case 'close':
      sockets.get(c.id)?.close(c.code, c.reason);
  }
};
