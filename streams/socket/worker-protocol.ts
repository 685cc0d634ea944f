// What the page and the socket worker (socket-worker.ts, worker-socket.ts) tell each other, and how the worker
// batches: topic events wait up to BATCH_MS for the ones after them; anything else goes at once.

/** How long a topic event may wait in the worker for the frames after it. */
export const BATCH_MS = 4;

export type SocketCommand =
  | { readonly op: 'open'; readonly id: number; readonly url: string; readonly protocols?: string | string[] | undefined }
  | { readonly op: 'send'; readonly id: number; readonly data: string }
  | { readonly op: 'close'; readonly id: number; readonly code?: number | undefined; readonly reason?: string | undefined };

export type SocketReport =
  | { readonly id: number; readonly type: 'open'; readonly protocol: string; readonly extensions: string }
  | { readonly id: number; readonly type: 'messages'; readonly data: readonly string[] }
  | { readonly id: number; readonly type: 'error' }
  | { readonly id: number; readonly type: 'close'; readonly code: number; readonly reason: string; readonly wasClean: boolean };

/**
 * Topic events only, as the server writes them (server/gateway/routes/ws-hub.ts: `{"op":"event",…`), alone or as a
 * batch (`[{"op":"event",…},…]`, contract/ws.ts WS_BATCH_PARAM) with no frame of another kind in it.
 */
export const isEventFrame = (text: string): boolean =>
  text.startsWith('[') ? text.startsWith('[{"op":"event"') && !OTHER_OP.test(text) : text.startsWith('{"op":"event"');
/** A frame that is not an event, in a batch (payloads are Binance's shapes: none has a key `op`). */
const OTHER_OP = /\{"op":"(?!event")/;
