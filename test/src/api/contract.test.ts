// The contract client: one typed function for every /app/contract path of the API map, each reply parsed.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../src/contract.ts';

const calls: Array<{ method: 'get' | 'post'; path: string; body: unknown }> = [];
let reply: unknown = null;
vi.mock('../../../src/api/index.ts', () => ({
  api: {
    get: async (path: string, parse: (d: unknown) => unknown) => {
      calls.push({ method: 'get', path, body: undefined });
      return parse(reply);
    },
    post: async (path: string, parse: (d: unknown) => unknown, body: unknown) => {
      calls.push({ method: 'post', path, body });
      return parse(reply);
    },
  },
}));
const client = await import('../../../src/api/contract.ts');

beforeEach(() => {
  calls.length = 0;
  reply = null;
});

describe('contract API client', () => {
  it('has a call for every /app/contract path, GET for markets and positions, POST for the rest', async () => {
    const args: Record<string, unknown[]> = {
      fetchContractMarkets: [], fetchContractPositions: [], closeAllContractPositions: [], fetchContractInsuranceFund: [], cancelAllContractOrders: [],
    };
    for (const [name, call] of Object.entries(client)) {
      if (name.startsWith('load') || typeof call !== 'function') continue;
      await (call as (...a: unknown[]) => Promise<unknown>)(...(args[name] ?? [{}])).catch(() => undefined);
    }
    const contractPaths = Object.values(API).filter((p) => p.startsWith('/app/contract/')).sort();
    expect([...new Set(calls.map((c) => c.path))].sort()).toEqual(contractPaths);
    expect(calls.filter((c) => c.method === 'get').map((c) => c.path).sort()).toEqual([API.contractMarkets, API.contractPositions]);
  });

  it('reads the stream seeds quietly: pending orders and waiting conditionals, 200 a page', async () => {
    reply = { list: [], total: 0 };
    await client.loadContractOrders(new AbortController().signal);
    await client.loadContractConditionals(new AbortController().signal);
    expect(calls.map((c) => c.body)).toEqual([{ active: 1, pageIndex: 1, pageSize: 200 }, { active: 1, pageIndex: 1, pageSize: 200 }]);
  });

  it('parses the replies it returns (a malformed one is refused)', async () => {
    reply = { symbol: 'BTCUSDT', leverage: 20, maxNotional: '1000000' };
    await expect(client.setContractLeverage({ symbol: 'BTCUSDT', leverage: 20 })).resolves.toEqual(reply);
    reply = { cancelled: [{ orderNo: 1 }] };
    await expect(client.cancelAllContractOrders()).resolves.toBeNull();
    reply = { asset: 'USDT', balance: '-5', history: { list: [{ id: 1, time: 2, type: 'adl', symbol: null, amount: '-5', balance: '-5' }], total: 1 } };
    await expect(client.fetchContractInsuranceFund()).resolves.toMatchObject({ balance: '-5', history: { total: 1, list: [{ type: 'adl' }] } });
  });
});
