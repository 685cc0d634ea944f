// Issue 20: a path no route serves under one of Binance's prefixes answers Binance's JSON error (a bot reads
// `{code, msg}`), never the web app's page with a 200, whatever the version segment; /app and /ws answer the app's
// envelope; every other GET is a page of the web app's client-side router and gets index.html.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fstreamRoutes } from '../../../server/gateway/binance/fstream.ts';
import { spotUserStreamRoutes } from '../../../server/gateway/binance/sstream-user.ts';
import { isApiPath } from '../../../server/gateway/routes/web.ts';
import { describeDialects } from '../dialects.ts';
import { openHarness, type Harness } from '../harness.ts';
import { openBinance, type BinanceHarness } from './harness.ts';

const BINANCE_UNKNOWN = [
  '/api/v3/nope', '/api/v1/ping', '/api/v9/x', '/api', '/api/',
  '/sapi/v1/nope', '/sapi/v3/asset/getUserAsset', '/sapi',
  '/fapi/v1/nope', '/fapi/v9/nope', '/fapi/v2/nope', '/fapi', '/fapi/',
  '/dapi/v1/nope', '/dapi/v2/x', '/dapi',
  '/stream/nope', '/stream', '/stream/ws2',
  '/fstream/nope', '/fstream',
  '/ws-api/x', '/ws-api/v1',
];

describeDialects('unknown paths with the Binance API', (dialect) => {
  let h: BinanceHarness;
  beforeAll(async () => {
    h = await openBinance(dialect);
    // As server.ts wires them: the WebSocket bases /fstream and /stream.
    fstreamRoutes(h.app, { trading: h.trading, store: h.store, clock: h.clock.now });
    spotUserStreamRoutes(h.app, { trading: h.trading, store: h.store, clock: h.clock.now });
  });
  afterAll(async () => h?.dispose());

  it.each(BINANCE_UNKNOWN)('GET %s answers Binance\'s 404 JSON', async (url) => {
    const reply = await h.app.inject({ method: 'GET', url });
    expect(reply.statusCode).toBe(404);
    expect(reply.headers['content-type']).toContain('application/json');
    expect(reply.json()).toEqual({ code: -1000, msg: 'Unknown endpoint.' });
  });

  it('answers other methods the same way', async () => {
    for (const method of ['POST', 'DELETE', 'PUT', 'HEAD'] as const) {
      const reply = await h.app.inject({ method, url: '/fapi/v9/order' });
      expect(reply.statusCode).toBe(404);
      if (method !== 'HEAD') expect(reply.json()).toEqual({ code: -1000, msg: 'Unknown endpoint.' });
    }
  });

  it('keeps the known endpoints working under the same prefixes', async () => {
    for (const url of ['/api/v3/ping', '/fapi/v1/ping', '/dapi/v1/ping']) {
      const reply = await h.app.inject({ method: 'GET', url });
      expect(reply.statusCode, url).toBe(200);
      expect(reply.json()).toEqual({});
    }
  });

  it('answers /app and /ws paths with the app\'s envelope', async () => {
    for (const url of ['/app/nothing', '/ws/x', '/app']) {
      const reply = await h.app.inject({ method: 'GET', url });
      expect(reply.statusCode, url).toBe(404);
      expect(reply.json()).toEqual({ code: 'request.not.found', msg: 'The requested resource was not found.', data: null });
    }
  });

  it('leaves page paths that only start like a prefix to the web app', async () => {
    for (const url of ['/fapiz', '/streams', '/apikeys', '/quotation', '/contractTransaction?symbol=BTCUSDT']) {
      const reply = await h.app.inject({ method: 'GET', url });
      expect(reply.headers['content-type'], url).toContain('text/html');
    }
  });
});

describe('the page fallback', () => {
  let dist: string;
  let h: Harness;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'openex-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>OpenEx app shell</title>');
    // No trading side: the Binance routes are not there, and their prefixes still never get the page.
    h = await openHarness('sqlite', { staticDir: dist });
  });
  afterAll(async () => {
    await h?.dispose();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html for the client-side routes', async () => {
    for (const url of ['/', '/quotation', '/currencyTransaction?symbol=BTCUSDT', '/contractTransaction', '/myassets', '/no-such-page', '/fapiz']) {
      const reply = await h.app.inject({ method: 'GET', url });
      expect(reply.statusCode, url).toBe(200);
      expect(reply.body, url).toContain('OpenEx app shell');
    }
  });

  it('never serves the page under an API prefix', async () => {
    for (const url of ['/fapi/v1/ping', '/dapi/v1/x', '/sapi/v1/x', '/api/v3/ping', '/stream/ws', '/fstream/ws', '/ws-api/v3', '/app/x', '/ws/x']) {
      expect(isApiPath(url), url).toBe(true);
      const reply = await h.app.inject({ method: 'GET', url });
      expect(reply.statusCode, url).toBe(404);
      expect(reply.body, url).not.toContain('OpenEx app shell');
      expect(reply.json().code, url).toBe('request.not.found');
    }
  });
});

describeDialects('a plain GET on a Binance WebSocket endpoint', (dialect) => {
  let h: BinanceHarness;
  beforeAll(async () => {
    h = await openBinance(dialect);
    fstreamRoutes(h.app, { trading: h.trading, store: h.store, clock: h.clock.now });
    spotUserStreamRoutes(h.app, { trading: h.trading, store: h.store, clock: h.clock.now });
  });
  afterAll(async () => h?.dispose());

  it.each(['/stream/ws', '/stream/ws/btcusdt@trade', '/stream/stream?streams=btcusdt@trade', '/fstream/ws/btcusdt@markPrice', '/ws-api/v3'])(
    'GET %s answers 426 with Binance\'s JSON', async (url) => {
      const reply = await h.app.inject({ method: 'GET', url });
      expect(reply.statusCode).toBe(426);
      expect(reply.json()).toEqual({ code: -1000, msg: 'This is a WebSocket endpoint: connect with an HTTP Upgrade request.' });
    },
  );
});
