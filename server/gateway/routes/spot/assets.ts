// /app/assets/*: balances of every account with USDT totals, transfers between accounts, transfer and asset records.
import type { FastifyInstance } from 'fastify';
import {
  ACCOUNT_TYPES, API,
  type AccountBalances, type AssetRecordItem, type BalanceItem, type BalancesReply, type Page, type TransferItem,
} from '../../../contract/api.ts';
import { assetRecords, transferHistory } from '../../../desks/index.ts';
import { fail } from '../../../errors.ts';
import { parser } from '../../validate.ts';
import { desk } from './codes.ts';
import { signedIn } from './guard.ts';
import type { SpotRouteDeps } from './index.ts';
import { paging } from './paging.ts';
import { AssetRecordsBody, PagedBody, TransferBody } from './schemas.ts';
import { usdtPrice, valueAt } from './valuation.ts';
import { dec, minor, recordItem, transferItem } from './views.ts';

const parseTransfer = parser(TransferBody);
const parsePaged = parser(PagedBody);
const parseRecords = parser(AssetRecordsBody);


export function assetRoutes(app: FastifyInstance, deps: SpotRouteDeps): void {
  const { trading, envelopes, store, clock } = deps;

  app.get(API.assetBalances, async (request) => {
    const user = await signedIn(deps, request);
    const now = clock();
    const unpriced = new Set<string>();
    let grand = 0n;
    const accounts: AccountBalances[] = [];
    for (const account of ACCOUNT_TYPES) {
      let sum = 0n;
      const balances: BalanceItem[] = (await desk(trading.desks.byWallet[account].balances(user.id))).map((b) => {
        const total = minor(b.available) + minor(b.frozen);
        const price = usdtPrice(trading, b.asset, now);
        if (price === null && total > 0n) unpriced.add(b.asset);
        const value = price === null ? null : valueAt(total, price);
        sum += value ?? 0n;
        return { asset: b.asset, available: b.available, frozen: b.frozen, total: dec(total), valueUsdt: value === null ? null : dec(value) };
      });
      grand += sum;
      accounts.push({ account, balances, totalUsdt: dec(sum) });
    }
    const reply: BalancesReply = { accounts, totalUsdt: dec(grand), unpriced: [...unpriced].sort() };
    return envelopes.success(request, reply);
  });

  app.post(API.assetTransfer, async (request) => {
    const body = parseTransfer(request.body);
    const user = await signedIn(deps, request);
    const done = await desk(trading.desks.transfers.transfer({ user: user.id, ...body }));
    return envelopes.success(request, transferItem(done));
  });

  app.post(API.assetTransferRecords, async (request) => {
    const body = parsePaged(request.body ?? {});
    const user = await signedIn(deps, request);
    const page = paging(body);
    const found = await desk(transferHistory(store, user.id, page));
    const reply: Page<TransferItem> = { ...found, list: found.list.map(transferItem) };
    return envelopes.success(request, reply);
  });

  app.post(API.assetRecords, async (request) => {
    const body = parseRecords(request.body ?? {});
    const user = await signedIn(deps, request);
    const page = paging(body);
    if (body.startTime !== undefined && body.endTime !== undefined && body.startTime > body.endTime) fail('request.invalid');
    const types = body.type === undefined ? undefined : Array.isArray(body.type) ? body.type : [body.type];
    const found = await desk(assetRecords(store, {
      user: user.id, types, asset: body.asset, wallet: body.account, market: body.symbol?.toUpperCase(), from: body.startTime, to: body.endTime,
      pageIndex: page.pageIndex, pageSize: page.pageSize,
    }));
    const reply: Page<AssetRecordItem> = { ...found, list: found.list.map(recordItem) };
    return envelopes.success(request, reply);
  });
}
