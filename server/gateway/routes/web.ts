// The built web app (dist/): files as they are, and index.html for every other page path, so the client's
// router (and its not-found page) handles deep links. The API prefixes never fall through to the page: /app and /ws
// (the web app's own), and Binance's (/api, /sapi, /fapi, /dapi, /stream, /fstream, /ws-api: binance/index.ts
// answers their unknown paths with Binance's JSON error; without the trading side they get the app's 404).
// The operator console (server/ops/) is never served here: its page (ops.html), its assets and anything under /ops
// answer 404 on the public port; the console has its own listener (OPS_PORT, 127.0.0.1 by default).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const API_PATH = /^\/(app|ws|api|sapi|fapi|dapi|stream|fstream|ws-api|ops)(\/|\?|$)/;

/** The console's files in the build (its page and the assets of its own entry): never on the public port. */
const CONSOLE_FILE = /^\/(ops\.html|ops\/|assets\/ops[-./])/;

export function isConsolePath(url: string): boolean {
  return CONSOLE_FILE.test(url);
}

export function isApiPath(url: string): boolean {
  return API_PATH.test(url);
}

const ASSET = /[/\\]assets[/\\]/;
/** A last path segment with an extension names a file, never a page of the client's router. */
const FILE_PATH = /\/[^/?]*\.[^/?]+(\?|$)/;

export function isFilePath(url: string): boolean {
  return FILE_PATH.test(url);
}

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>OpenEx</title></head>
<body><h1>The web app is not built yet</h1><p>Run <code>npm run build</code>, then reload this page.
The API under <code>/app</code> is running.</p></body></html>
`;

export async function webRoutes(app: FastifyInstance, staticDir: string): Promise<void> {
  const built = existsSync(staticDir);
  if (!built) app.log.warn(`no web app in ${staticDir}: run \`npm run build\` (the API works without it)`);
  await app.register(fastifyStatic, {
    root: staticDir,
    // Without a build there is nothing to serve; reply.sendFile stays available for when one appears.
    serve: built,
    // Hashed build assets never change under their name; everything else (index.html) is revalidated.
    cacheControl: false,
    allowedPath: (path) => !isConsolePath(path),
    setHeaders(reply, path) {
      reply.header('cache-control', ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

/**
 * The page for a GET that matched no file: the app shell, or a hint to build it. A missing file (say a script
 * of an older build) gets a 404 instead: index.html in its place would only fail later as a wrong MIME type.
 */
export function sendAppShell(url: string, reply: FastifyReply, staticDir: string): FastifyReply {
  if (isFilePath(url)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  if (existsSync(join(staticDir, 'index.html'))) {
    return reply.header('cache-control', 'no-cache').sendFile('index.html', staticDir);
  }
  return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT);
}
