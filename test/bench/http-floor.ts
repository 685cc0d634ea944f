// The HTTP floor of the end-to-end benchmark: a bare node:http server on loopback that reads each order request's
// body, parses its JSON and answers with a reply the exchange gave in the same run, with nothing behind it. Driven by
// the same load generator over the same kind of sockets in the same run, it shows what HTTP/1.1 alone costs on this
// machine (the server's parsing and writing, the load generator, the kernel's loopback TCP), so the exchange's
// figure reads as a share of what any HTTP server written on Node could answer here.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HttpFloor {
  readonly port: number;
  close(): Promise<void>;
}

/** `reply`: an answer the exchange gave to the same kind of request in the same run, sent back byte for byte. */
export async function startHttpFloor(reply: string): Promise<HttpFloor> {
  const body = Buffer.from(reply);
  const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) };
  const server = createServer({ keepAliveTimeout: 60_000 }, (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let ok = false;
      try {
        const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        ok = typeof parsed === 'object' && parsed !== null && typeof req.headers['ticket'] === 'string';
      } catch {
        ok = false;
      }
      if (!ok) {
        res.writeHead(400).end();
        return;
      }
      res.writeHead(200, headers);
      res.end(body);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
