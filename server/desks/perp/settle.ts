// Turns the perpetuals engine's events for one command into the desk's effects: journal entries with their asset
// records (margin frozen and refunded, opening and closing fees, contract income, funding, liquidation fees), the
// latest row of each order and position, trades, funding and liquidation rows, and the events to publish after the
// commit, the book's among them (publishBook).
import { codeName, formatDecimal, type Market, type OrderId, type PerpEvent, type PositionView, type Price, type RestingOrder, type Side, type UserId } from '../../kernel/index.ts';
import type { PerpOrder, PerpPosition } from '../../store/perp.ts';
import { topics, type PerpOrderView } from '../events.ts';
import { addRecords, type FeePart, type RecordType } from '../records.ts';
import { clientKey, type PerpBatch, type PerpState } from './state.ts';

/** Journal references of a trade's and a funding settlement's entries (their asset records carry them too). */
export const perpRefs = {
  trade: (symbol: string, trade: number): string => `perp:trade:${symbol}:${trade}`,
  /** Every trade of a market: the references' common start. */
  trades: (symbol: string): string => `perp:trade:${symbol}:`,
  funding: (symbol: string, time: number): string => `perp:funding:${symbol}:${time}`,
  fundings: (symbol: string): string => `perp:funding:${symbol}:`,
} as const;

const marginType = (side: Side): RecordType => (side === 'buy' ? 'long_margin' : 'short_margin');
const refundType = (side: Side): RecordType => (side === 'buy' ? 'margin_refund_long' : 'margin_refund_short');

/**
 * What one side of a fill paid its fee for, by what the fill did to the position (not by the order's side: a sell
 * that closes a long pays a closing fee). A buy closes a short and opens a long, a sell the reverse; a fill that
 * does both (a long of 4 lots sold 10: 4 close the long, 6 open a short) pays one fee on its whole notional, split
 * by lots: the closing part is `fee × closed / qty` rounded down, the opening part the rest, so the parts add up to
 * the fee exactly and the closing part is never over-stated. A part of 0 (a tiny fee) has no record.
 */
export function feeParts(side: { readonly side: Side; readonly fee: bigint; readonly closed: number }, lots: number): FeePart[] {
  const close: RecordType = side.side === 'buy' ? 'close_short_fee' : 'close_long_fee';
  const open: RecordType = side.side === 'buy' ? 'open_long_fee' : 'open_short_fee';
  if (side.closed >= lots) return [{ type: close, amount: side.fee }];
  if (side.closed <= 0) return [{ type: open, amount: side.fee }];
  const closing = (side.fee * BigInt(side.closed)) / BigInt(lots);
  return [{ type: close, amount: closing }, { type: open, amount: side.fee - closing }];
}

/** Order status after a close code: filled, or canceled / expired depending on why and whether it traded. */
function closedStatus(row: PerpOrder, code: number): PerpOrder['status'] {
  const name = codeName(code as Parameters<typeof codeName>[0]);
  if (name === 'order.filled') return 'filled';
  if (name === 'order.canceled' || name === 'order.canceled.liquidation' || name === 'order.canceled.margin') return 'canceled';
  return 'expired';
}

/** A holding's row: its position and settings, with what the engine holds for its orders and the debt booked on it. */
export function positionRow(m: Market, p: PositionView, held: { readonly orderMargin: bigint; readonly owed: bigint }, time: number): PerpPosition {
  return {
    user: p.user, symbol: p.symbol, leverage: p.leverage, mode: p.mode, size: BigInt(p.size) * m.lotSize, cost: p.cost, margin: p.margin,
    orderMargin: held.orderMargin, owed: held.owed, updatedAt: time,
  };
}

/** An order row with its bigint amounts as decimal text. */
export function perpOrderView(o: PerpOrder): PerpOrderView {
  const d = (v: bigint) => formatDecimal(v, 8, true);
  return {
    ...o, price: d(o.price), qty: d(o.qty), openQty: d(o.openQty), filledQty: d(o.filledQty), filledQuote: d(o.filledQuote), fee: d(o.fee),
    realizedPnl: d(o.realizedPnl), triggerPrice: o.triggerPrice === null ? null : d(o.triggerPrice), openLoss: d(o.openLoss),
  };
}

export interface PerpFill {
  readonly tradeId: number;
  readonly price: string;
  readonly qty: string;
  readonly fee: string;
  readonly realizedPnl: string;
  readonly maker: boolean;
}

/**
 * Applies `events` (already applied to the engine and its ledger) to the desk's rows and the batch; returns the
 * fills of order `subject` for the caller's answer.
 */
export function settle(s: PerpState, batch: PerpBatch, events: readonly PerpEvent[], subject: number | null, clientOrderId: string | null = null): PerpFill[] {
  const fills: PerpFill[] = [];
  const desk = s.ledger.desk;
  const dec = (v: bigint) => formatDecimal(v, 8, true);
  const changed = new Set<number>();
  const touch = (row: PerpOrder) => {
    s.orders.set(row.id, row);
    batch.orders.set(row.id, row);
    changed.add(row.id);
    if (row.clientOrderId !== null) s.pendingClient.set(clientKey(row.user, row.clientOrderId), row);
  };
  const update = (id: number, change: Partial<PerpOrder>): PerpOrder | undefined => {
    const row = s.orders.get(id);
    if (row === undefined) return undefined;
    const next = { ...row, ...change };
    touch(next);
    return next;
  };
  for (const e of events) {
    switch (e.type) {
      case 'rejected':
        break;
      case 'accepted': {
        const m = s.markets.get(e.symbol)!.market;
        const h = s.engine.holding(e.user, e.symbol)!;
        const row: PerpOrder = {
          id: e.order, user: e.user, symbol: e.symbol, clientOrderId: e.order === subject ? clientOrderId : null, side: e.side, kind: e.kind,
          origin: e.origin, tif: e.tif, postOnly: e.postOnly, reduceOnly: e.reduceOnly, leverage: e.leverage, mode: h.mode,
          price: BigInt(e.price) * m.tickSize, qty: BigInt(e.qty) * m.lotSize, openQty: BigInt(e.qty) * m.lotSize, filledQty: 0n, filledQuote: 0n,
          fee: 0n, realizedPnl: 0n, status: 'new', closeCode: null, priority: null, createdAt: e.time, updatedAt: e.time, closedAt: null,
          triggerPrice: null, workingType: null, closePosition: false, openLoss: e.openLoss, makerPpm: e.fees.makerPpm, takerPpm: e.fees.takerPpm,
        };
        touch(row);
        if (row.clientOrderId !== null) s.clientIndex.set(clientKey(row.user, row.clientOrderId), row.id);
        const entry = s.ledger.journal(batch, 'order.freeze', `perp:order:${e.order}`, e.time, e.postings);
        if (entry) addRecords(batch, desk, entry, () => marginType(e.side));
        break;
      }
      case 'trade': {
        const m = s.markets.get(e.symbol)!.market;
        const qty = BigInt(e.qty) * m.lotSize;
        const price = BigInt(e.price) * m.tickSize;
        for (const [side, maker] of [[e.taker, false], [e.maker, true]] as const) {
          let row = s.orders.get(side.order);
          if (row === undefined) {
            // An ADL close has no order of its own before it trades: its row is made here, filled at once.
            row = {
              id: side.order, user: side.user, symbol: e.symbol, clientOrderId: null, side: side.side, kind: 'limit', origin: e.via === 'adl' ? (maker ? 'adl' : 'liquidation') : 'user',
              tif: 'IOC', postOnly: false, reduceOnly: true, leverage: s.engine.holding(side.user, e.symbol)?.leverage ?? 0, mode: s.engine.holding(side.user, e.symbol)?.mode ?? 'cross',
              price, qty, openQty: 0n, filledQty: 0n, filledQuote: 0n, fee: 0n, realizedPnl: 0n, status: 'new', closeCode: null, priority: null,
              createdAt: e.time, updatedAt: e.time, closedAt: null, triggerPrice: null, workingType: null, closePosition: false, openLoss: 0n,
              makerPpm: 0, takerPpm: 0, // the engine's ADL closes pay no trading fee
            };
          }
          const filledQty = row.filledQty + qty;
          const done = e.via === 'adl';
          touch({
            ...row, filledQty, openQty: done ? 0n : row.openQty - qty, filledQuote: row.filledQuote + e.quote, fee: row.fee + side.fee, realizedPnl: row.realizedPnl + side.realized,
            status: done ? 'filled' : filledQty === row.qty ? row.status : 'partially_filled', updatedAt: e.time, closedAt: done ? e.time : row.closedAt,
          });
          if (done) s.orders.delete(side.order);
          if (side.order === subject) fills.push({ tradeId: e.trade, price: dec(price), qty: dec(qty), fee: dec(side.fee), realizedPnl: dec(side.realized), maker });
          if (batch.wants(topics.userPerpFills(side.user))) {
            batch.emit(topics.userPerpFills(side.user), {
              type: 'perp.fill', symbol: e.symbol, tradeId: e.trade, orderId: side.order, side: side.side, maker, price: dec(price), qty: dec(qty),
              fee: dec(side.fee), realizedPnl: dec(side.realized), via: e.via, time: e.time,
            });
          }
        }
        batch.trades.push({
          symbol: e.symbol, tradeNo: e.trade, price, qty, quote: e.quote, takerSide: e.takerSide, takerOrder: e.taker.order, makerOrder: e.maker.order,
          takerUser: e.taker.user, makerUser: e.maker.user, takerFee: e.taker.fee, makerFee: e.maker.fee, takerPnl: e.taker.realized, makerPnl: e.maker.realized, via: e.via, time: e.time,
        });
        const entry = s.ledger.journal(batch, e.via === 'adl' ? 'perp.adl' : 'perp.trade', perpRefs.trade(e.symbol, e.trade), e.time, e.postings);
        if (entry) {
          // A user on both sides (a self-trade, self-trade prevention off) has one balance change and pays both fees.
          const sidesOf = (user: number) => (e.taker.user === e.maker.user ? [e.taker, e.maker] : [user === e.taker.user ? e.taker : e.maker]);
          addRecords(
            batch, desk, entry,
            (c) => (sidesOf(c.user).some((x) => x.realized !== 0n) ? 'contract_income' : marginType(sidesOf(c.user)[0]!.side)),
            (c) => sidesOf(c.user).reduce((sum, x) => sum + x.fee, 0n),
            (c) => sidesOf(c.user).flatMap((x) => feeParts(x, e.qty)),
          );
        }
        if (batch.wants(topics.perpTrades(e.symbol))) {
          batch.emit(topics.perpTrades(e.symbol), { type: 'perp.trade', symbol: e.symbol, tradeId: e.trade, price: dec(price), qty: dec(qty), takerSide: e.takerSide, via: e.via, time: e.time });
        }
        break;
      }
      case 'conditional': {
        const m = s.markets.get(e.symbol)!.market;
        const h = s.engine.holding(e.user, e.symbol)!;
        const qty = e.qty === null ? 0n : BigInt(e.qty) * m.lotSize;
        const row: PerpOrder = {
          id: e.order, user: e.user, symbol: e.symbol, clientOrderId: e.order === subject ? clientOrderId : null, side: e.side, kind: e.kind,
          origin: e.origin, tif: e.tif, postOnly: false, reduceOnly: e.reduceOnly, leverage: h.leverage, mode: h.mode,
          price: e.price === null ? 0n : BigInt(e.price) * m.tickSize, qty, openQty: qty, filledQty: 0n, filledQuote: 0n, fee: 0n, realizedPnl: 0n,
          status: 'new', closeCode: null, priority: null, createdAt: e.time, updatedAt: e.time, closedAt: null,
          triggerPrice: e.trigger, workingType: e.working, closePosition: e.qty === null, openLoss: 0n, makerPpm: e.fees.makerPpm, takerPpm: e.fees.takerPpm,
        };
        touch(row);
        if (row.clientOrderId !== null) s.clientIndex.set(clientKey(row.user, row.clientOrderId), row.id);
        break;
      }
      case 'triggered': {
        const row = s.orders.get(e.conditional);
        if (row !== undefined) {
          update(e.conditional, { status: e.order === null ? 'expired' : 'filled', closeCode: e.code, openQty: 0n, updatedAt: e.time, closedAt: e.time });
          s.orders.delete(e.conditional);
          if (row.clientOrderId !== null) s.clientIndex.delete(clientKey(row.user, row.clientOrderId));
        }
        break;
      }
      case 'rested': {
        const m = s.markets.get(e.symbol)!.market;
        s.priority += 1;
        update(e.order, { openQty: BigInt(e.qty) * m.lotSize, priority: s.priority, updatedAt: e.time });
        break;
      }
      case 'amended': {
        // Cut in place (a reduce-only order to what its shrunk position leaves): the order's quantity becomes what it
        // filled and what is left, as an amended spot order's and Binance's (origQty after a modification). Its open
        // loss stays 0: a reduce-only order holds none.
        const m = s.markets.get(e.symbol)!.market;
        const openQty = BigInt(e.qty) * m.lotSize;
        const row = s.orders.get(e.order);
        if (row !== undefined) update(e.order, { qty: row.filledQty + openQty, openQty, updatedAt: e.time });
        break;
      }
      case 'closed': {
        const row = s.orders.get(e.order);
        if (row !== undefined) {
          update(e.order, { openQty: 0n, status: closedStatus(row, e.code), closeCode: e.code, updatedAt: e.time, closedAt: e.time });
          s.orders.delete(e.order);
          if (row.clientOrderId !== null) s.clientIndex.delete(clientKey(row.user, row.clientOrderId));
        }
        const entry = s.ledger.journal(batch, 'order.release', `perp:order:${e.order}`, e.time, e.postings);
        if (entry) addRecords(batch, desk, entry, () => refundType(row?.side ?? 'buy'));
        break;
      }
      case 'position': {
        const p = e.position;
        const m = s.markets.get(p.symbol)!.market;
        const h = s.engine.holding(p.user, p.symbol)!;
        batch.positions.set(`${p.user}:${p.symbol}`, positionRow(m, p, h, e.time));
        if (batch.wants(topics.userPositions(p.user))) {
          batch.emit(topics.userPositions(p.user), { type: 'perp.position', symbol: p.symbol, size: dec(BigInt(p.size) * m.lotSize), cost: dec(p.cost), margin: dec(p.margin), leverage: p.leverage, mode: p.mode, time: e.time });
        }
        break;
      }
      case 'settings':
      case 'margin': {
        const h = s.engine.holding(e.user, e.symbol)!;
        const m = s.markets.get(e.symbol)!.market;
        batch.positions.set(`${e.user}:${e.symbol}`, positionRow(m, s.engine.position(e.user, e.symbol)!, h, e.time));
        const add = e.type === 'margin' ? e.amount > 0n : true;
        const side: Side = h.size < 0 ? 'sell' : 'buy';
        const entry = s.ledger.journal(batch, e.type === 'margin' ? 'perp.margin' : 'perp.leverage', `perp:${e.type}:${e.symbol}:${e.user}:${e.time}`, e.time, e.postings);
        if (entry) addRecords(batch, desk, entry, (c) => (add && c.frozen > 0n ? marginType(side) : refundType(side)));
        break;
      }
      case 'liquidation': {
        const m = s.markets.get(e.symbol)!.market;
        batch.liquidations.push({ user: e.user, symbol: e.symbol, mode: e.mode, size: BigInt(e.size) * m.lotSize, mark: e.mark, bankruptcy: BigInt(e.bankruptcy) * m.tickSize, fee: e.fee, time: e.time });
        const entry = s.ledger.journal(batch, 'perp.liquidation', `perp:liquidation:${e.symbol}:${e.user}:${e.time}`, e.time, e.postings);
        if (entry) addRecords(batch, desk, entry, () => 'liquidation_fee');
        break;
      }
      case 'funding': {
        batch.funding.push({ symbol: e.symbol, time: e.time, rate: e.rate, mark: e.mark, insurance: e.insurance });
        const entry = s.ledger.journal(batch, 'perp.funding', perpRefs.funding(e.symbol, e.time), e.time, e.postings);
        if (entry) addRecords(batch, desk, entry, () => 'holding_fee');
        break;
      }
    }
  }
  // Every holding of every user the command touched is written as it now is: a fill, funding or a cross loss can
  // change margins in markets other than the event's (the engine draws on the whole cross wallet).
  const users = new Set<number>();
  for (const e of events) {
    if (e.type === 'trade') {
      users.add(e.taker.user);
      users.add(e.maker.user);
    } else if (e.type === 'funding') for (const p of e.payments) users.add(p.user);
    else if (e.type === 'position') users.add(e.position.user);
    else if (e.type !== 'rejected' && 'user' in e) users.add(e.user);
  }
  for (const user of users) {
    for (const h of s.engine.holdingsOf(user as UserId)) {
      const m = s.markets.get(h.symbol)!.market;
      batch.positions.set(`${h.user}:${h.symbol}`, positionRow(m, s.engine.position(h.user, h.symbol)!, h, events[events.length - 1]!.time));
    }
  }
  // Each order's state once per command, after all of its events.
  for (const id of changed) {
    const row = batch.orders.get(id)!;
    if (batch.wants(topics.userPerpOrders(row.user))) batch.emit(topics.userPerpOrders(row.user), { type: 'perp.order', order: perpOrderView(row) });
  }
  publishBook(s, batch, events);
  return fills;
}

/** A level as the desk's depth and book events write it: price and quantity as decimal text, trailing zeros cut. */
export function levelText(m: Market, price: number, lots: number): [string, string] {
  return [formatDecimal(BigInt(price) * m.tickSize, 8, true), formatDecimal(BigInt(lots) * m.lotSize, 8, true)];
}

/**
 * The book event of each market whose levels the command changed (`perp.<SYMBOL>.book`, as the spot desk's: each
 * changed level's new total, the next seq of this lifetime's epoch), from the orders its events touched as the
 * engine's book now holds them (BookTracker.sync): every change of a resting order has an event naming it (rested,
 * a maker's trade, amended, closed).
 */
function publishBook(s: PerpState, batch: PerpBatch, events: readonly PerpEvent[]): void {
  const touched = new Map<string, Set<OrderId>>();
  const touch = (symbol: string, id: OrderId) => {
    let ids = touched.get(symbol);
    if (ids === undefined) touched.set(symbol, (ids = new Set()));
    ids.add(id);
  };
  for (const e of events) {
    switch (e.type) {
      case 'rested':
      case 'amended':
      case 'closed':
        touch(e.symbol, e.order);
        break;
      case 'trade':
        if (e.via === 'book') touch(e.symbol, e.maker.order);
        break;
      default:
        break;
    }
  }
  const time = events[events.length - 1]?.time ?? 0;
  for (const [symbol, ids] of touched) {
    const published = s.books.get(symbol);
    const book = s.engine.bookOf(symbol);
    const m = s.markets.get(symbol)?.market;
    if (published === undefined || book === undefined || m === undefined) continue;
    const changes = published.tracker.sync([...ids].map((id): [OrderId, RestingOrder | undefined] => [id, book.order(id)]));
    if (changes.length === 0) continue;
    const side = (which: Side) =>
      changes
        .filter((c) => c.side === which)
        .sort((a, b) => (which === 'buy' ? b.price - a.price : a.price - b.price))
        .map((c) => levelText(m, c.price as Price, c.qty));
    batch.emit(topics.perpBook(symbol), { type: 'book', symbol, epoch: s.epoch, seq: ++published.seq, time, bids: side('buy'), asks: side('sell') });
  }
}
