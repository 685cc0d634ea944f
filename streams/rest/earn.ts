// The seed of the `earn` topic when the app hands in none: each kind's active orders and its latest ended ones
// (GET /app/earn/orders and /app/mining/orders, enveloped, read with the session's ticket), parsed before use.
import type { EarnOrderItem } from '../contract.ts';
import { EARN_PATHS, MINING_PATHS } from '../contract.ts';
import { parseEarnOrderPage } from '../parse/earn.ts';
import type { EarnSeed } from '../reducers/earn.ts';
import { RestError, type Http } from './http.ts';

/** Active orders read per kind (the most a user holds at once in practice), and the latest ended ones. */
export const EARN_SEED_ACTIVE = 200;
export const EARN_SEED_ENDED = 50;

export const earnOrdersReader =
  (http: Http) =>
  async (signal?: AbortSignal): Promise<EarnSeed> => {
    const read = async (path: string, status: 'active' | 'ended', pageSize: number): Promise<EarnOrderItem[]> => {
      const page = parseEarnOrderPage(await http.getEnvelope(path, { status, pageIndex: 1, pageSize }, signal));
      if (page === null) throw new RestError('client.reply', 'unexpected reply');
      return page.list;
    };
    const [wealthActive, miningActive, wealthEnded, miningEnded] = await Promise.all([
      read(EARN_PATHS.orders, 'active', EARN_SEED_ACTIVE),
      read(MINING_PATHS.orders, 'active', EARN_SEED_ACTIVE),
      read(EARN_PATHS.orders, 'ended', EARN_SEED_ENDED),
      read(MINING_PATHS.orders, 'ended', EARN_SEED_ENDED),
    ]);
    return { active: [...wealthActive, ...miningActive], ended: [...wealthEnded, ...miningEnded] };
  };
