// The whole server over a real socket: the API, the built web app with client-side routing, the WebSocket, close.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type ServerHandle } from '../../server/server.ts';
import { describeDialects, newTarget, testClock, type Target } from './dialects.ts';

const INDEX = '<!doctype html><html><body><div id="root"></div><script src="/assets/app-1a2b.js"></script></body></html>';

function nextMessage(socket: WebSocket): Promise<unknown> {
  return new Promise((resolve, reject) => {
    socket.addEventListener('message', (event) => resolve(JSON.parse(String(event.data))), { once: true });
    socket.addEventListener('error', () => reject(new Error('socket error')), { once: true });
  });
}

async function open(url: string): Promise<WebSocket> {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', () => reject(new Error('cannot connect')), { once: true });
  });
  return socket;
}

describeDialects('server', (dialect) => {
  let target: Target;
  let staticDir: string;
  let server: ServerHandle;
  const clock = testClock();

  beforeAll(async () => {
    target = await newTarget(dialect);
    staticDir = mkdtempSync(join(tmpdir(), 'openex-dist-'));
    mkdirSync(join(staticDir, 'assets'));
    writeFileSync(join(staticDir, 'index.html'), INDEX);
    writeFileSync(join(staticDir, 'assets', 'app-1a2b.js'), 'console.log("app")');
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      ...(target.dataDir ? { dataDir: target.dataDir } : {}),
      ...(target.databaseUrl ? { databaseUrl: target.databaseUrl } : {}),
      staticDir,
      logger: false,
      clock: clock.now,
    });
  });
  afterAll(async () => {
    await server?.close();
    await target?.dispose();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('listens on the port it reports and answers the API with an envelope', async () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    const response = await fetch(`${server.url}/app/account/getUserInfo`, { headers: { lang: 'ko' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ code: 'login.user.not.login', msg: '먼저 로그인해 주세요.', data: null });
  });

  it('serves built files as they are, hashed assets cached for good', async () => {
    const asset = await fetch(`${server.url}/assets/app-1a2b.js`);
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe('console.log("app")');
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('answers any other page path with index.html, for client-side routing', async () => {
    for (const path of ['/', '/quotation', '/login?statusType=0', '/no/such/page', '/detail?id=1.5', '/v1.2/x']) {
      const page = await fetch(server.url + path);
      expect(page.status).toBe(200);
      expect(await page.text()).toBe(INDEX);
      expect(page.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('answers a missing file with 404, not with the page', async () => {
    for (const path of ['/assets/app-0000.js', '/favicon.ico', '/robots.txt?x=1']) {
      const response = await fetch(server.url + path);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe('Not found');
    }
  });

  it('never answers an API path with the page', async () => {
    for (const path of ['/app/nothing', '/api/v3/nothing', '/app']) {
      const response = await fetch(server.url + path);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'request.not.found' });
    }
  });

  it('answers WebSocket pings with the server time and malformed frames with an error frame', async () => {
    const socket = await open(`${server.url.replace('http', 'ws')}/ws?lang=ja`);
    try {
      socket.send(JSON.stringify({ op: 'ping' }));
      expect(await nextMessage(socket)).toEqual({ op: 'pong', time: clock.now() });
      for (const frame of ['{nope', JSON.stringify({ op: 'subscribe' }), JSON.stringify([1]), new Uint8Array([1, 2])]) {
        socket.send(frame);
        expect(await nextMessage(socket)).toEqual({ op: 'error', code: 'request.invalid', msg: 'リクエストが無効です。' });
      }
      clock.advance(5_000);
      socket.send(JSON.stringify({ op: 'ping' }));
      expect(await nextMessage(socket)).toEqual({ op: 'pong', time: clock.now() });
    } finally {
      socket.close();
    }
  });
});

it('answers page paths with a build hint when there is no build, and closes twice safely', async () => {
  const target = await newTarget('sqlite');
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir: target.dataDir, staticDir: join(target.dataDir!, 'no-dist'), logger: false });
  try {
    const page = await fetch(`${server.url}/quotation`);
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('npm run build');
    expect((await fetch(`${server.url}/app/account/getUserInfo`)).status).toBe(200);
  } finally {
    await server.close();
    await server.close();
    await target.dispose();
  }
});
