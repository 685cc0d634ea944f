// Test helpers for the web app's framework-free modules.

/** A localStorage stand-in for node. */
export class MemoryStorage {
  private readonly map = new Map<string, string>();
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.map.set(key, String(value));
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
  clear(): void {
    this.map.clear();
  }
  get length(): number {
    return this.map.size;
  }
  key(index: number): string | null {
    return [...this.map.keys()][index] ?? null;
  }
}

export interface SeenRequest {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

/** A fetch that answers every request with `reply(request)` and records what it saw. */
export function fakeFetch(reply: (req: SeenRequest) => Response | Promise<Response>) {
  const seen: SeenRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const text = request.method === 'GET' ? '' : await request.clone().text();
    const req: SeenRequest = { method: request.method, url: request.url, headers: request.headers, body: text ? (JSON.parse(text) as unknown) : null };
    seen.push(req);
    return reply(req);
  };
  return { fetch, seen };
}

export function envelope(code: string, data: unknown = null, msg = ''): Response {
  return new Response(JSON.stringify({ code, msg, data }), { status: 200, headers: { 'content-type': 'application/json' } });
}

/** A fetch that never answers until its request is aborted (ky's timeout aborts it). */
export function hangingFetch() {
  return (input: RequestInfo | URL, init?: RequestInit): Promise<Response> =>
    new Promise((_, reject) => {
      const signal = input instanceof Request ? input.signal : init?.signal;
      const fail = () => reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      if (signal?.aborted) fail();
      else signal?.addEventListener('abort', fail);
    });
}
