// The tab's WebSocket, held in a dedicated worker (worker-socket.ts is the page's side): the browser's cost of taking
// in each message (an IPC message, a task, an event, the text made a string), parsing it and checking its frames
// (frames.ts) is paid on the worker's thread, and the page's main thread gets the frames in order, a few
// milliseconds' worth in one message, with each book's run of diffs merged into one (coalesce.ts): thousands of
// depth diffs a second reach it as a few per frame. A frame that is not a topic event (pong, ack, error: someone
// waits for it) goes at once, with whatever came before it.
//
// The frames go as the bytes of their JSON text, handed over (transferred), not as objects or a string: a message's
// data stays reachable from its MessageEvent until a full collection, so objects posted as they are were copied by
// every scavenge until then (the page's scavenges twice as long), and so was a string (a megabyte a second promoted
// to the old generation); transferred bytes live outside the JS heap, and what the page parses from them dies young.
//
// Page → worker: {op: 'open', id, url, protocols} | {op: 'send', id, data} | {op: 'close', id, code?, reason?}
// Worker → page: {id, type: 'open', protocol, extensions} | {id, type: 'frames', json, messages} | {id, type: 'error'}
//                | {id, type: 'close', code, reason, wasClean}
import { FrameBatch } from './coalesce.ts';
import { parseServerFrames } from './frames.ts';
import { BATCH_MS, type SocketCommand, type SocketReport } from './worker-protocol.ts';

interface WorkerScope {
  onmessage: ((e: MessageEvent<SocketCommand>) => void) | null;
  postMessage(message: SocketReport, transfer?: Transferable[]): void;
}

const scope = globalThis as unknown as WorkerScope;
const sockets = new Map<number, WebSocket>();
const frames = new FrameBatch();
const utf8 = new TextEncoder();
/** The socket whose frames the batch holds, and how many of its messages they came in. */
let batch: { id: number; messages: number } | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;

function flush(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  if (batch === null) return;
  const json = utf8.encode(JSON.stringify(frames.take()));
  scope.postMessage({ id: batch.id, type: 'frames', json, messages: batch.messages }, [json.buffer]);
  batch = null;
}

function received(id: number, text: string): void {
  if (batch !== null && batch.id !== id) flush();
  batch ??= { id, messages: 0 };
  batch.messages += 1;
  let urgent = false;
  for (const frame of parseServerFrames(text)) {
    frames.add(frame);
    if (frame.op !== 'event') urgent = true;
  }
  if (urgent) flush();
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
