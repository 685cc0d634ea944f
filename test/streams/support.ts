// A mock-socket server that speaks the /ws protocol for the stream tests: it records every client frame, acks
// subscribe/auth and answers pings unless told not to, and pushes events with chosen sequence numbers.
import { Server, WebSocket as MockWebSocket, type Client } from 'mock-socket';
import { vi } from 'vitest';
import type { WebSocketConstructor } from '../../streams/socket/connection.ts';
import type { ClientFrame as WsClientFrame, ServerFrame as WsServerFrame, StreamTopic as Topic } from '../../streams/socket/protocol.ts';

export const WS_URL = 'ws://streams.test/ws';
export const MockSocket = MockWebSocket as unknown as WebSocketConstructor;

export interface Received {
  /** Which connection (1 = first) sent it. */
  readonly connection: number;
  readonly frame: WsClientFrame;
}

export class FakeWsServer {
  server: Server | null = null;
  received: Received[] = [];
  connections = 0;
  client: Client | null = null;
  autoAck = true;
  autoPong = true;
  serverTime = () => Date.now();

  readonly url: string;
  constructor(url = WS_URL) {
    this.url = url;
  }

  start(): this {
    const server = new Server(this.url);
    server.on('connection', (socket) => {
      const connection = ++this.connections;
      this.client = socket;
      socket.on('message', (data) => {
        const frame = JSON.parse(String(data)) as WsClientFrame;
        this.received.push({ connection, frame });
        if (frame.op === 'ping' && this.autoPong) this.send({ op: 'pong', ...(frame.id === undefined ? {} : { id: frame.id }), time: this.serverTime() }, socket);
        if ((frame.op === 'subscribe' || frame.op === 'auth') && this.autoAck) this.send({ op: 'ack', id: frame.id }, socket);
      });
    });
    this.server = server;
    return this;
  }

  /** Server gone: every client sees a close, and new connections fail until start(). */
  stop(): void {
    this.server?.close();
    this.server?.stop();
    this.server = null;
    this.client = null;
  }

  send(frame: WsServerFrame, socket: Client | null = this.client): void {
    socket?.send(JSON.stringify(frame));
  }

  event(topic: Topic, seq: number, data: unknown): void {
    this.send({ op: 'event', topic, seq, data });
  }

  frames(op?: WsClientFrame['op'], connection?: number): WsClientFrame[] {
    return this.received
      .filter((r) => (connection === undefined || r.connection === connection) && (op === undefined || r.frame.op === op))
      .map((r) => r.frame);
  }

  /** Topics named in subscribe (or unsubscribe) frames, in order. */
  topics(op: 'subscribe' | 'unsubscribe', connection?: number): Topic[] {
    return this.frames(op, connection).flatMap((f) => ('topics' in f ? f.topics : []));
  }
}

/** Runs fake timers forward, letting promise callbacks (reconnecting-websocket, fetch stubs) settle in between. */
export const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);
