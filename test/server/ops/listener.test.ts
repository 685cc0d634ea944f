// The console lives on its own listener only: over real HTTP, nothing of it answers on the public port (its API, its
// page ops.html, its entry's assets, any /ops path, and the public app's page fallback never hands out ops.html),
// while the console's listener serves its page for every page path, its assets, and not the public app's page. The
// console listens on 127.0.0.1 by default, and it is refused on the public port (configuration and start).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadOpsConfig } from '../../../server/config.ts';
import { OPS_PATHS, OPS_REQUEST_HEADER } from '../../../server/contract/ops.ts';
import { startServer } from '../../../server/server.ts';
import { APP_PAGE, CONSOLE_PAGE, openOpsWorld, type OpsWorld } from './world.ts';

describe('the console\'s listener', () => {
  let w: OpsWorld;
  beforeAll(async () => {
    w = await openOpsWorld('sqlite');
  }, 60_000);
  afterAll(async () => {
    await w?.dispose();
  });

  const get = async (base: string, path: string, init: RequestInit = {}) => {
    const r = await fetch(`${base}${path}`, { redirect: 'manual', ...init });
    return { status: r.status, text: await r.text(), type: r.headers.get('content-type') ?? '' };
  };

  it('serves nothing of the console on the public port', async () => {
    const pub = w.server.url;
    for (const path of [OPS_PATHS.me, OPS_PATHS.health, OPS_PATHS.users, '/ops', '/ops/', '/ops/users/1', '/ops.html', '//ops.html', '/assets/ops-abc123.js', '/assets/../ops.html', '/ops/api/login']) {
      const r = await get(pub, path);
      // 403: the static server's answer to a path it won't resolve (//ops.html).
      expect([403, 404], path).toContain(r.status);
      expect(r.text, path).not.toContain('console');
    }
    // Spelled otherwise, a path is at most an unknown page of the public app: never the console's page or script.
    for (const path of ['/ops%2Ehtml', '/%6Fps.html', '/assets/ops%2Dabc123.js', '/assets%2Fops-abc123.js', '/OPS.html']) {
      const r = await get(pub, path);
      expect(r.text, path).not.toBe(CONSOLE_PAGE);
      expect(r.text, path).not.toContain('console.log("ops")');
    }
    const post = await get(pub, OPS_PATHS.login, { method: 'POST', headers: { 'content-type': 'application/json', [OPS_REQUEST_HEADER]: '1' }, body: '{}' });
    expect(post.status).toBe(404);
    // The public app and its fallback still work, and the fallback is the app's page, never the console's.
    expect((await get(pub, '/assets/index-abc123.js')).status).toBe(200);
    for (const path of ['/', '/trade/BTCUSDT', '/operator', '/opsx']) {
      const r = await get(pub, path);
      expect(r.status, path).toBe(200);
      expect(r.text, path).toBe(APP_PAGE);
    }
  });

  it('serves the console page, its assets and API on its own listener, bound to 127.0.0.1', async () => {
    const ops = w.server.opsUrl!;
    expect(ops).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(ops).not.toBe(w.server.url);
    const address = w.server.opsApp!.server.address();
    expect(typeof address === 'object' && address !== null ? address.address : null).toBe('127.0.0.1');
    for (const path of ['/', '/users/42', '/audit']) {
      const r = await get(ops, path);
      expect(r.status, path).toBe(200);
      expect(r.text, path).toBe(CONSOLE_PAGE);
    }
    expect((await get(ops, '/assets/ops-abc123.js')).status).toBe(200);
    expect((await get(ops, '/favicon.svg')).status).toBe(200);
    // Not the public app's page, nor any other file of dist/.
    expect((await get(ops, '/index.html')).status).toBe(404);
    expect((await get(ops, '/bench.html')).status).toBe(404);
    expect((await get(ops, '/ops.html')).text).toBe(CONSOLE_PAGE);
    const unknown = await get(ops, '/ops/api/nothing');
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.text)).toMatchObject({ code: 'request.not.found' });
    expect((await get(ops, OPS_PATHS.me)).status).toBe(401);
    // The public app's API is not on the console's listener (a GET there is just a page path of the console).
    expect((await get(ops, '/app/product/list')).text).toBe(CONSOLE_PAGE);
    expect((await get(ops, '/app/product/list', { method: 'POST', headers: { [OPS_REQUEST_HEADER]: '1' } })).status).toBe(404);
  });

  it('is configured on 127.0.0.1:PORT+1 and refused on the public port', async () => {
    expect(loadOpsConfig({})).toEqual({ port: 8081, host: '127.0.0.1' });
    expect(loadOpsConfig({ PORT: '9000', OPS_HOST: '10.0.0.5' })).toEqual({ port: 9001, host: '10.0.0.5' });
    expect(loadOpsConfig({ PORT: '0' })).toEqual({ port: 0, host: '127.0.0.1' });
    expect(loadOpsConfig({ OPS_PORT: 'off' })).toBeNull();
    expect(() => loadOpsConfig({ PORT: '9000', OPS_PORT: '9000' })).toThrow(ConfigError);
    expect(() => loadOpsConfig({ OPS_PORT: '8080' })).toThrow('OPS_PORT must not be the public port (8080)');
    expect(() => loadOpsConfig({ OPS_PORT: 'eighty' })).toThrow(ConfigError);

    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const a = s.address();
        s.close(() => resolve(typeof a === 'object' && a !== null ? a.port : 0));
      });
    });
    const dataDir = mkdtempSync(join(tmpdir(), 'openex-ops-same-'));
    try {
      await expect(
        startServer({ port, host: '127.0.0.1', dataDir, feeds: false, bots: false, logger: false, admin: false, staticDir: join(dataDir, 'none'), ops: { port } }),
      ).rejects.toThrow(`the operator console can't listen on the public port ${port}`);
      // And the store was closed again: the same folder starts cleanly, without a console when none is asked for.
      const plain = await startServer({ port: 0, host: '127.0.0.1', dataDir, feeds: false, bots: false, logger: false, admin: false, staticDir: join(dataDir, 'none') });
      expect(plain.opsUrl).toBeNull();
      expect((await fetch(`${plain.url}${OPS_PATHS.me}`)).status).toBe(404);
      await plain.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
