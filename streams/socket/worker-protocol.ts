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
  /** The frames of `messages` socket messages, parsed and checked (frames.ts), a book's runs of diffs merged
   *  (coalesce.ts), as the UTF-8 bytes of their array's JSON text (socket-worker.ts says why bytes). */
  | { readonly id: number; readonly type: 'frames'; readonly json: Uint8Array; readonly messages: number }
  | { readonly id: number; readonly type: 'error' }
  | { readonly id: number; readonly type: 'close'; readonly code: number; readonly reason: string; readonly wasClean: boolean };
