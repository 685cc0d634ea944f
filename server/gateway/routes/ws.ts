// The WebSocket endpoint (contract/ws.ts): ping → pong with the server time; subscribe/unsubscribe → ack, or an
// error carrying the request id; auth with the session ticket (checked like the app API's) for private topics;
// events from the hub with a per-topic seq that restarts at 1 after each ack. Every frame is JSON, checked at the
// edge like a request body. A connection silent for three heartbeats is dropped: the web app pings every one.
// Without trading (buildApp with no desks) there is no hub, and only ping is served.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isTopic, WS_HEARTBEAT_MS, WS_PATH, type Topic, type WsServerFrame } from '../../contract/ws.ts';
import type { ErrorCode } from '../../contract/errors.ts';
import { resolveLocale } from '../../contract/locales.ts';
import type { Clock } from '../../clock.ts';
import type { Messages } from '../../i18n/messages.ts';
import { requestLocale } from '../envelope.ts';
import { WsFrame } from '../schemas.ts';
import { AppError } from '../../errors.ts';
import { parser } from '../validate.ts';
import { wsHubOf, type WsClient, type WsHub } from './ws-hub.ts';

const parseFrame = parser(WsFrame);

type RawFrame = Buffer | ArrayBuffer | Buffer[];

/** The part of ws's WebSocket we use, typed here because @types/ws is not installed. */
interface Socket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  on(event: 'message', listener: (raw: RawFrame, isBinary: boolean) => void): void;
  on(event: 'close', listener: () => void): void;
}

const OPEN = 1;
/** A reader this far behind is cut off rather than buffered for without bound (a client resubscribes on reconnect). */
const MAX_BUFFERED = 4 * 1024 * 1024;
const CLOSE_TOO_SLOW = 1013;
/** Policy violation: the close code for a connection that went silent. */
const CLOSE_SILENT = 4000;

function decode(raw: RawFrame, isBinary: boolean): unknown {
  if (isBinary) throw new AppError('request.invalid');
  const text = Buffer.isBuffer(raw) ? raw.toString('utf8') : Array.isArray(raw) ? Buffer.concat(raw).toString('utf8') : Buffer.from(raw).toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('request.invalid');
  }
}

/** The request id of a frame that failed validation, when it has a usable one, so the error can name it. */
function idOf(value: unknown): number | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const id = (value as { id?: unknown }).id;
  return Number.isSafeInteger(id) && (id as number) >= 0 ? (id as number) : undefined;
}

export function wsRoutes(app: FastifyInstance, clock: Clock, messages: Messages): void {
  app.get(WS_PATH, { websocket: true }, (socket: Socket, request: FastifyRequest) => {
    // Browsers can't set headers on a WebSocket, so the language may also come as ?lang=.
    const query = new URL(request.url, 'http://localhost').searchParams;
    const locale = resolveLocale(query.get('lang')) ?? requestLocale(request);
    const hub: WsHub | undefined = wsHubOf(app);
    let closed = false;
    const client: WsClient = {
      send: (text) => {
        if (socket.readyState !== OPEN) return;
        if (socket.bufferedAmount > MAX_BUFFERED) return socket.close(CLOSE_TOO_SLOW, 'too slow');
        socket.send(text);
      },
      user: null,
      seqs: new Map(),
    };
    const send = (frame: WsServerFrame) => client.send(JSON.stringify(frame));
    const error = (code: ErrorCode, id?: number) => send({ op: 'error', ...(id === undefined ? {} : { id }), code, msg: messages.t(locale, code) });

    let heard = clock();
    const heartbeatMs = hub?.heartbeatMs ?? WS_HEARTBEAT_MS;
    // Checked on a timer of one heartbeat, so a silent socket goes between 3 and 4 intervals after its last frame.
    let dropping = false;
    const watchdog = setInterval(() => {
      if (!dropping && clock() - heard >= 3 * heartbeatMs) {
        dropping = true;
        socket.close(CLOSE_SILENT, 'heartbeat timeout');
        // A peer that does not answer the close handshake is cut off after one more interval.
        setTimeout(() => socket.terminate(), heartbeatMs).unref();
      }
    }, heartbeatMs);
    watchdog.unref();
    socket.on('close', () => {
      closed = true;
      clearInterval(watchdog);
      hub?.drop(client);
    });

    // Auth answers come back in the order the frames came: a subscribe sent right after auth waits for it.
    let queue: Promise<void> = Promise.resolve();

    const subscribe = (id: number, names: string[]) => {
      if (hub === undefined) return error('service.unavailable', id);
      if (closed) return; // a frame handled after the close: joining now would leave a dead member behind
      const topics: Topic[] = [];
      for (const name of names) {
        if (!isTopic(name)) return error('request.invalid', id);
        topics.push(name);
      }
      // All or nothing: a refused topic leaves the subscriptions as they were and the error names the request.
      const refused = hub.subscribe(client, topics);
      if (refused !== null) return error(refused, id);
      send({ op: 'ack', id });
    };

    const handle = async (value: unknown) => {
      let frame;
      try {
        frame = parseFrame(value);
      } catch (e) {
        return error(e instanceof AppError ? e.code : 'request.invalid', idOf(value));
      }
      switch (frame.op) {
        case 'ping':
          return send({ op: 'pong', ...(frame.id === undefined ? {} : { id: frame.id }), time: clock() });
        case 'subscribe':
          return subscribe(frame.id, frame.topics);
        case 'unsubscribe':
          for (const name of frame.topics) if (hub !== undefined && isTopic(name)) hub.unsubscribe(client, name);
          return send({ op: 'ack', id: frame.id });
        case 'auth': {
          if (hub === undefined) return error('service.unavailable', frame.id);
          try {
            const user = await hub.authenticate(frame.ticket);
            if (client.user !== user) hub.dropPrivate(client);
            client.user = user;
            return send({ op: 'ack', id: frame.id });
          } catch (e) {
            hub.dropPrivate(client);
            client.user = null;
            return error(e instanceof AppError ? e.code : 'system.error', frame.id);
          }
        }
      }
    };

    socket.on('message', (raw, isBinary) => {
      heard = clock();
      let value: unknown;
      try {
        value = decode(raw, isBinary);
      } catch (e) {
        return error(e instanceof AppError ? e.code : 'system.error');
      }
      queue = queue.then(() => handle(value)).catch((e: unknown) => {
        request.log.error({ err: e }, 'websocket frame failed');
        error('system.error', idOf(value));
      });
    });
  });
}
