// The WebSocket endpoint (contract/ws.ts): ping → pong with the server time; subscribe/unsubscribe → ack, or an
// error carrying the request id; auth with the session ticket (checked like the app API's) for private topics;
// events from the hub with a per-topic seq that restarts at 1 after each ack; with ?batch=1, a turn's frames in one
// message (contract/ws.ts WS_BATCH_PARAM). Every frame is JSON, checked at the
// edge like a request body. A connection silent for three heartbeats is dropped: the web app pings every one.
// Without trading (buildApp with no desks) there is no hub, and only ping is served.
//
// Closing. A connection whose session ends is closed with WS_CLOSE_SESSION_ENDED (ws-hub.ts says when). A reader
// more than MAX_BUFFERED behind is destroyed at once (its buffers go with it), not asked to close: a close frame
// would queue behind the same backlog, and ws would hold the socket for its 30 s closing timeout. Protocol
// violations the ws library catches (a frame over the size limit, a bad opcode, invalid UTF-8) are the client's
// doing: logged once per connection at info level without a stack and counted (status.ts gatewayCounters), so no
// one can fill the error log by sending them.
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { isContractTopic } from '../../contract/api.ts';
import { isTopic, WS_BATCH_PARAM, WS_CLOSE_SESSION_ENDED, WS_HEARTBEAT_MS, WS_PATH, type WsServerFrame } from '../../contract/ws.ts';
import { isErrorCode, type ErrorCode, type ServerErrorCode } from '../../contract/errors.ts';
import { resolveLocale } from '../../contract/locales.ts';
import type { Clock } from '../../clock.ts';
import type { Messages } from '../../i18n/messages.ts';
import { requestLocale } from '../envelope.ts';
import { gatewayCounters, type GatewayCounters } from '../status.ts';
import { WsFrame } from '../schemas.ts';
import { AppError } from '../../errors.ts';
import { parser } from '../validate.ts';
import { isSecondsTopic } from './seconds-topics.ts';
import { EARN_TOPIC } from '../../contract/earn.ts';
import { QUANT_TOPIC } from '../../contract/quant.ts';
import { CONTENT_TOPIC } from '../../contract/content.ts';
import { wsHubOf, type WsClient, type WsHub, type WsTopic } from './ws-hub.ts';

/** A topic of contract/ws.ts, one of the perpetual contracts' (contract/api.ts), the seconds contracts', `earn` (contract/earn.ts), `quant` or `notices` (contract/content.ts). */
const isWsTopic = (name: string): name is WsTopic =>
  isTopic(name) || isContractTopic(name) || isSecondsTopic(name) || name === EARN_TOPIC || name === QUANT_TOPIC || name === CONTENT_TOPIC;

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
  on(event: 'error', listener: (error: Error) => void): void;
  removeAllListeners(event: 'error'): unknown;
}

const OPEN = 1;
/** A reader this far behind is cut off rather than buffered for without bound (a client resubscribes on reconnect). */
export const MAX_BUFFERED = 4 * 1024 * 1024;
/** Policy violation: the close code for a connection that went silent. */
const CLOSE_SILENT = 4000;
/** How long a peer has to answer our close before its socket is destroyed (ws alone would wait 30 s). */
const CLOSE_GRACE_MS = 1_000;

/** The errors ws raises for a peer that broke the protocol: their `code`, and the counter each one goes to. */
const PROTOCOL_ERRORS: Readonly<Record<string, 'wsOversizedFrames' | 'wsProtocolErrors'>> = {
  WS_ERR_UNSUPPORTED_MESSAGE_LENGTH: 'wsOversizedFrames',
  WS_ERR_INVALID_OPCODE: 'wsProtocolErrors',
  WS_ERR_INVALID_UTF8: 'wsProtocolErrors',
  WS_ERR_INVALID_CLOSE_CODE: 'wsProtocolErrors',
  WS_ERR_EXPECTED_FIN: 'wsProtocolErrors',
  WS_ERR_EXPECTED_MASK: 'wsProtocolErrors',
  WS_ERR_UNEXPECTED_MASK: 'wsProtocolErrors',
  WS_ERR_UNEXPECTED_RSV_1: 'wsProtocolErrors',
  WS_ERR_UNEXPECTED_RSV_2_3: 'wsProtocolErrors',
  WS_ERR_INVALID_CONTROL_PAYLOAD_LENGTH: 'wsProtocolErrors',
};
/** Errors of a connection that simply went away (reset by the peer, a write after it left). */
const GONE = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ETIMEDOUT', 'ERR_STREAM_DESTROYED']);

/** Connections whose protocol violation was logged already: one line per connection, however many follow. */
const reported = new WeakSet<object>();

/**
 * @fastify/websocket's errorHandler: an error on an established connection. Its default logs every one at error
 * level with a stack; a peer's protocol violation (an oversized frame above all) is logged once per connection at
 * info level and counted, a peer that went away at debug level, anything else still at error level. The socket is
 * destroyed in every case (ws has already sent the close code that says why, 1009 for a frame too large).
 */
export function wsErrorHandler(this: FastifyInstance, error: Error, socket: Pick<Socket, 'terminate'>, request: FastifyRequest): void {
  reportWsError(this, error, socket, request.log, request.ip);
}

/** wsErrorHandler's work, with the logger and the peer's address rather than the request. */
export function reportWsError(app: FastifyInstance, error: Error, socket: Pick<Socket, 'terminate'>, log: FastifyBaseLogger, remote: string): void {
  const code = (error as { code?: unknown }).code;
  const kind = typeof code === 'string' ? PROTOCOL_ERRORS[code] : undefined;
  if (kind !== undefined) {
    const counters = gatewayCounters(app);
    counters[kind]++;
    if (!reported.has(socket)) {
      reported.add(socket);
      log.info({ wsError: code, remote }, `websocket closed: ${error.message}`);
    }
  } else if (typeof code === 'string' && GONE.has(code)) {
    log.debug({ wsError: code }, 'websocket connection lost');
  } else {
    log.error({ err: error }, 'websocket error');
  }
  socket.terminate();
}

/** The parts of ws's WebSocket that releaseUpgrade touches. */
interface UpgradedSocket {
  removeAllListeners(event: 'error'): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  terminate(): void;
}
interface HttpMessageHolder {
  _httpMessage?: { detachSocket?(socket: unknown): void } | null;
}

/**
 * Lets go of an upgrade's request, reply and response once its connection is set up. @fastify/websocket keeps the
 * request and reply in the socket's error listener, and the upgrade's ServerResponse stays on the TCP socket
 * (holding the IncomingMessage and its headers), all for the socket's life, about 3 KB a connection. The error
 * listener is replaced by one doing what wsErrorHandler does, and the response is detached. Call it first in a
 * WebSocket route's handler, and keep no reference to `request` after.
 */
export function releaseUpgrade(app: FastifyInstance, socket: UpgradedSocket, request: FastifyRequest): void {
  const log = app.log;
  const remote = request.ip;
  socket.removeAllListeners('error');
  socket.on('error', (error) => reportWsError(app, error, socket, log, remote));
  const tcp = request.raw.socket as (typeof request.raw.socket & HttpMessageHolder) | null;
  const response = tcp?._httpMessage;
  if (tcp && response && typeof response.detachSocket === 'function') response.detachSocket(tcp);
}

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
    // Nothing below keeps the request (releaseUpgrade).
    const log = app.log;
    releaseUpgrade(app, socket, request);
    const hub: WsHub | undefined = wsHubOf(app);
    const counters: GatewayCounters = gatewayCounters(app);
    let closed = false;
    /** Closes with `code`, and destroys the socket if the peer has not answered within the grace. */
    const closeWith = (code: number, reason: string) => {
      if (socket.readyState !== OPEN) return;
      socket.close(code, reason);
      setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
    };
    const cutOff = () => {
      if (closed) return;
      closed = true; // nothing more is sent or joined; 'close' follows and the hub forgets the connection
      counters.wsSlowDropped++;
      socket.terminate();
    };
    const write = (text: string) => {
      if (closed || socket.readyState !== OPEN) return;
      if (socket.bufferedAmount > MAX_BUFFERED) return cutOff();
      socket.send(text);
    };
    // ?batch=1 (contract/ws.ts WS_BATCH_PARAM): the frames of this turn go out together once it ends.
    const batching = query.get(WS_BATCH_PARAM) === '1';
    let batch: string[] | null = null;
    const flush = () => {
      const frames = batch;
      batch = null;
      if (frames !== null) write(frames.length === 1 ? frames[0]! : `[${frames.join(',')}]`);
    };
    const client: WsClient = {
      send: (text) => {
        if (!batching) return write(text);
        if (batch === null) {
          batch = [];
          setImmediate(flush);
        }
        batch.push(text);
      },
      endSession: () => {
        counters.wsSessionsEnded++;
        closeWith(WS_CLOSE_SESSION_ENDED, 'session.expired');
      },
      cutOff,
      user: null,
      session: null,
      seqs: new Map(),
      held: null,
    };
    const send = (frame: WsServerFrame) => client.send(JSON.stringify(frame));
    // Socket frames carry the catalogue's codes only (no seconds route answers here).
    const error = (raw: ServerErrorCode, id?: number) => {
      const code: ErrorCode = isErrorCode(raw) ? raw : 'request.invalid';
      send({ op: 'error', ...(id === undefined ? {} : { id }), code, msg: messages.t(locale, code) });
    };

    let heard = clock();
    const heartbeatMs = hub?.heartbeatMs ?? WS_HEARTBEAT_MS;
    // Checked on a timer of one heartbeat, so a silent socket goes between 3 and 4 intervals after its last frame.
    let dropping = false;
    const watchdog = setInterval(() => {
      if (!dropping && clock() - heard >= 3 * heartbeatMs) {
        dropping = true;
        closeWith(CLOSE_SILENT, 'heartbeat timeout');
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

    const subscribe = async (id: number, names: string[]) => {
      if (hub === undefined) return error('service.unavailable', id);
      if (closed) return; // a frame handled after the close: joining now would leave a dead member behind
      const topics: WsTopic[] = [];
      for (const name of names) {
        if (!isWsTopic(name)) return error('request.invalid', id);
        topics.push(name);
      }
      // All or nothing: a refused topic leaves the subscriptions as they were and the error names the request.
      const refused = hub.subscribe(client, topics);
      if (refused !== null) return error(refused, id);
      // A perpetual's depth diffs read their first state before the ack, so a snapshot taken after it has a diff to
      // start from (perp-market-stream.ts); events sent meanwhile are held back, so the seq starts at 1 after it.
      const pending = hub.whenReady(topics);
      if (pending !== null) await pending;
      hub.admit(client, topics);
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
          for (const name of frame.topics) if (hub !== undefined && isWsTopic(name)) hub.unsubscribe(client, name);
          return send({ op: 'ack', id: frame.id });
        case 'auth': {
          if (hub === undefined) return error('service.unavailable', frame.id);
          if (closed) return;
          try {
            await hub.signIn(client, frame.ticket);
            if (closed) return hub.drop(client); // closed while the session was read
            return send({ op: 'ack', id: frame.id });
          } catch (e) {
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
        log.error({ err: e }, 'websocket frame failed');
        error('system.error', idOf(value));
      });
    });
  });
}
