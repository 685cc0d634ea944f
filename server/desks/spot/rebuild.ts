// A spot desk's memory rebuilt from the store: markets and their rules, coin-wallet balances and fee income, and
// every open order put back on its book in time-priority order, so the queue at each price is what it was.
// The desk's lease guarantees nobody else writes these rows meanwhile.
import { FEE_INCOME, userAccount, type Asset, type Qty, type TimeInForce, type UserId } from '../../kernel/index.ts';
import type { OpenList } from './lists.ts';
import type { Store } from '../../store/index.ts';
import { loadOwned, ownership } from '../core.ts';
import { DeskLedger } from '../ledger.ts';
import { loadClientIds } from '../client-ids.ts';
import { openMarket, type SpotMarket } from './market.ts';
import { fromRow, waiting, type LiveOrder } from './orders.ts';
import { clientKey, type SpotState } from './state.ts';

export const SPOT_SYSTEM_ACCOUNTS = [FEE_INCOME];

export async function rebuildSpot(store: Store, epoch: string): Promise<SpotState> {
  const configs = await store.markets.configs('spot');
  const owned = await loadOwned(store, 'coin', SPOT_SYSTEM_ACCOUNTS);
  const ledger = new DeskLedger('coin', ownership('coin', SPOT_SYSTEM_ACCOUNTS), owned, await store.ledger.lastSeq('coin'));
  const lastTrades = await store.spot.lastTrades();
  const markets = new Map<string, SpotMarket>();
  for (const c of configs) {
    const last = lastTrades.get(c.symbol);
    // The last trade's price in ticks (a trade is always on the grid it traded on).
    const lastPrice = last === undefined || c.tickSize <= 0n ? 0 : Number(last.price / c.tickSize);
    markets.set(c.symbol, openMarket(c, ledger.ledger, (last?.tradeNo ?? 0) + 1, lastPrice));
  }

  const orders = new Map<LiveOrder['id'], LiveOrder>();
  const clientIndex = new Map<string, LiveOrder['id']>();
  for (const row of await store.spot.openOrders()) {
    const m = markets.get(row.symbol);
    if (m === undefined) throw new Error(`open order ${row.id} is in ${row.symbol}, which is not a spot market`);
    const o = fromRow(m.market, row);
    const fees = { makerPpm: o.makerPpm, takerPpm: o.takerPpm };
    if (waiting(o)) {
      if (o.qty === null || o.qty < 1) throw new Error(`conditional order ${row.id} has no quantity`);
      m.engine.restoreWaiting({
        id: o.id, user: o.user, side: o.side, condition: o.condition!, kind: o.kind, stop: o.stopPrice, trailingBips: o.trailingBips, price: o.price,
        qty: o.qty as Qty, tif: o.tif as TimeInForce, stp: o.stp, fees, held: o.held, time: o.createdAt, trail: o.trailPrice,
      });
      orders.set(o.id, o);
      if (o.clientOrderId !== null) clientIndex.set(clientKey(o.user, o.clientOrderId), o.id);
      continue;
    }
    if (o.price === null || o.open < 1) throw new Error(`open order ${row.id} has no price or no open quantity`);
    m.engine.restore({ id: o.id, user: o.user, side: o.side, price: o.price, postOnly: o.postOnly, stp: o.stp, fees, time: o.createdAt }, o.open as Qty);
    m.levels.add(o.side, o.price, o.open);
    orders.set(o.id, o);
    if (o.clientOrderId !== null) clientIndex.set(clientKey(o.user, o.clientOrderId), o.id);
  }
  for (const m of markets.values()) m.levels.takeChanges(); // the rebuilt book is the starting point, not a change
  // OCO lists still executing: both legs are open (a list ends in the commit where a leg did), paired again.
  const lists = new Map<number, OpenList>();
  const listClients = new Map<string, OpenList>();
  for (const row of await store.spot.openLists()) {
    const legs = [...orders.values()].filter((o) => o.listId === row.id).sort((a, b) => a.id - b.id);
    if (legs.length !== 2) throw new Error(`order list ${row.id} is executing but has ${legs.length} open legs`);
    markets.get(row.symbol)!.engine.restorePair(legs[0]!.id, legs[1]!.id);
    const list: OpenList = { row, legs: legs.map((o) => ({ orderId: o.id, clientOrderId: o.clientOrderId })), orders: legs };
    lists.set(row.id, list);
    if (row.clientListId !== null) listClients.set(clientKey(row.user, row.clientListId), list);
  }
  checkReservations(markets, ledger);
  return {
    ledger,
    markets,
    orders,
    clientIndex,
    pendingClient: new Map(),
    storedClients: await loadClientIds(store.spot.eachClientOrderId),
    storedLists: await loadClientIds(store.spot.eachClientListId),
    epoch,
    nextOrderId: (await store.spot.lastOrderId()) + 1,
    lists,
    listClients,
    nextListId: (await store.spot.lastListId()) + 1,
    preventedMatches: await store.spot.lastPreventedMatchIds(),
    priority: await store.spot.lastPriority(),
    bots: new Map(),
    botMarkets: new Map(),
    botClients: new Map(),
    pendingBots: new Map(),
    storedBots: await loadClientIds(store.quant.eachClientId),
    pendingBotIds: new Map(),
    botUsers: new Map(),
    nextBotId: (await store.quant.maxId()) + 1,
    onSettled: null,
  };
}

/** Frozen funds that users' resting orders hold, per user and asset. */
export function reservations(markets: ReadonlyMap<string, SpotMarket>, user?: UserId): Map<string, bigint> {
  const held = new Map<string, bigint>();
  for (const m of markets.values()) {
    for (const o of m.engine.openOrders(user)) {
      const asset = o.side === 'buy' ? m.market.quote : m.market.base;
      const key = `${o.user}:${asset}`;
      held.set(key, (held.get(key) ?? 0n) + m.engine.reservation(o.side, o.price, o.qty));
    }
    for (const w of m.engine.waitingOrders(user)) {
      const key = `${w.user}:${w.side === 'buy' ? m.market.quote : m.market.base}`;
      held.set(key, (held.get(key) ?? 0n) + w.held);
    }
  }
  return held;
}

/** Refuses to trade on a store whose frozen balances don't cover the open orders (it would break settlement). */
function checkReservations(markets: ReadonlyMap<string, SpotMarket>, ledger: DeskLedger): void {
  for (const [key, amount] of reservations(markets)) {
    const [user, asset] = key.split(':') as [string, string];
    const frozen = ledger.balance(userAccount(Number(user) as UserId, 'coin', 'frozen'), asset as Asset);
    if (frozen < amount) throw new Error(`user ${user}'s open orders hold ${amount} ${asset} but only ${frozen} is frozen`);
  }
}
