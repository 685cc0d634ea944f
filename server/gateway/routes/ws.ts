// The WebSocket endpoint. For now it answers pings with the server time (clients use it for countdown offsets);
// topic subscriptions arrive with the market data issue. Every frame is JSON, checked like a request body.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { WS_PATH, type WsServerFrame } from '../../contract/ws.ts';
import type { ErrorCode } from '../../contract/errors.ts';
import { resolveLocale } from '../../contract/locales.ts';
import type { Clock } from '../../clock.ts';
import type { Messages } from '../../i18n/messages.ts';
import { requestLocale } from '../envelope.ts';
import { WsFrame } from '../schemas.ts';
import { AppError } from '../../errors.ts';
import { parser } from '../validate.ts';

const parseFrame = parser(WsFrame);

type RawFrame = Buffer | ArrayBuffer | Buffer[];

/** The part of ws's WebSocket we use, typed here because @types/ws is not installed. */
interface Socket {
  send(data: string): void;
  on(event: 'message', listener: (raw: RawFrame, isBinary: boolean) => void): void;
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

export function wsRoutes(app: FastifyInstance, clock: Clock, messages: Messages): void {
  app.get(WS_PATH, { websocket: true }, (socket: Socket, request: FastifyRequest) => {
    // Browsers can't set headers on a WebSocket, so the language may also come as ?lang=.
    const query = new URL(request.url, 'http://localhost').searchParams;
    const locale = resolveLocale(query.get('lang')) ?? requestLocale(request);
    const send = (frame: WsServerFrame) => socket.send(JSON.stringify(frame));
    const error = (code: ErrorCode) => send({ op: 'error', code, msg: messages.t(locale, code) });

    socket.on('message', (raw, isBinary) => {
      try {
        const frame = parseFrame(decode(raw, isBinary));
        if (frame.op === 'ping') send({ op: 'pong', time: clock() });
        else error('request.invalid');
      } catch (e) {
        error(e instanceof AppError ? e.code : 'system.error');
      }
    });
  });
}
