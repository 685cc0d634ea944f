// Turns the engine's events for one command into the desk's effects: journal entries and asset records, order
// state and history, trades, and the events to publish (market, book levels, per user) after the commit.
import { Code, codeName, formatPrice, formatQty, type OrderId, type Price, type ResultCode, type Side, type SpotEvent } from '../../kernel/index.ts';
import { topics } from '../events.ts';
import { addRecords, type RecordType } from '../records.ts';
import { dec, orderView } from '../views.ts';
import type { SpotMarket } from './market.ts';
import { listTouched } from './lists.ts';
import { closedStatus, feeAsset, toRow, type LiveOrder } from './orders.ts';
import { clientKey, type SpotBatch, type SpotState } from './state.ts';

export interface FillSummary {
  tradeId: number;
  price: string;
  qty: string;
  quote: string;
  fee: string;
  feeAsset: string;
  maker: boolean;
}

const opposite = (side: Side): Side => (side === 'buy' ? 'sell' : 'buy');
const tradeType = (side: Side): RecordType => (side === 'buy' ? 'buy_coin' : 'sell_coin');
const cancelType = (side: Side): RecordType => (side === 'buy' ? 'cancel_buy' : 'cancel_sell');

/**
 * Applies `events` (already applied to the engine and ledger) to the desk's memory and the batch. Returns the
 * fills of order `subject`, for the caller's answer.
 */
export function settle(s: SpotState, m: SpotMarket, batch: SpotBatch, events: readonly SpotEvent[], subject: OrderId | null): FillSummary[] {
  const touched = new Set<LiveOrder>();
  const fills: FillSummary[] = [];
  const desk = s.ledger.desk;
  const sym = m.symbol;
  const price = (p: Price | null) => (p === null ? null : formatPrice(m.market, p, true));
  const lots = (q: number) => formatQty(m.market, q as Parameters<typeof formatQty>[1], true);
  const history = (o: LiveOrder, type: string, time: number, code: number | null = null) =>
    batch.orderEvents.push({ orderId: o.id, type, status: o.status, openQty: BigInt(o.open) * m.market.lotSize, filledQty: BigInt(o.filled) * m.market.lotSize, code, time });
  const orderTopic = topics.marketOrders(sym);
  const lifecycle = (o: LiveOrder, step: 'accepted' | 'rested' | 'amended' | 'closed', time: number, code: string | null, kept: boolean | null) => {
    if (!batch.wants(orderTopic)) return;
    batch.emit(orderTopic, {
      type: 'order.event', step, symbol: sym, orderId: o.id, user: o.user, side: o.side, price: price(o.price ?? o.bound),
      openQty: lots(o.open), filledQty: lots(o.filled), code, keptPriority: kept, time,
    });
  };
  const order = (id: OrderId): LiveOrder => {
    const o = s.orders.get(id);
    if (o === undefined) throw new Error(`${sym}: engine reported order ${id}, which the desk does not know`);
    touched.add(o);
    return o;
  };

  for (const e of events) {
    switch (e.type) {
      case 'rejected':
        break;
      case 'waiting': {
        const o = order(e.order);
        o.held = e.held;
        const entry = s.ledger.journal(batch, 'order.freeze', `order:${o.id}`, e.time, e.postings);
        if (entry) addRecords(batch, desk, entry, () => tradeType(o.side));
        lifecycle(o, 'accepted', e.time, null, null);
        break;
      }
      case 'triggered': {
        const o = order(e.order);
        o.held = 0n;
        o.triggeredAt = e.time;
        const entry = s.ledger.journal(batch, 'order.trigger', `order:${o.id}`, e.time, e.postings);
        if (entry) addRecords(batch, desk, entry, () => tradeType(o.side));
        history(o, 'triggered', e.time);
        break;
      }
      case 'trailed': {
        const o = order(e.order);
        o.trailPrice = e.trail;
        break;
      }
      case 'accepted': {
        const o = order(e.order);
        const entry = s.ledger.journal(batch, 'order.freeze', `order:${o.id}`, e.time, e.postings);
        if (entry) addRecords(batch, desk, entry, () => tradeType(o.side));
        // No history row: the order's own row has the accepted state and time (created_at); history starts after.
        lifecycle(o, 'accepted', e.time, null, null);
        break;
      }
      case 'trade': {
        const taker = order(e.taker);
        const maker = order(e.maker);
        const makerSide = opposite(e.takerSide);
        for (const [o, fee] of [[taker, e.takerFee], [maker, e.makerFee]] as const) {
          o.filled += e.qty;
          o.filledQuote += e.quote;
          o.fee += fee;
          o.status = 'partially_filled';
        }
        maker.open -= e.qty;
        m.levels.add(makerSide, e.price, -e.qty);
        const buyer = e.takerSide === 'buy' ? taker : maker;
        const seller = e.takerSide === 'buy' ? maker : taker;
        const buyerFee = e.takerSide === 'buy' ? e.takerFee : e.makerFee;
        const sellerFee = e.takerSide === 'buy' ? e.makerFee : e.takerFee;
        const entry = s.ledger.journal(batch, 'trade', `trade:${sym}:${e.trade}`, e.time, e.postings)!;
        addRecords(
          batch, desk, entry,
          (c) => (c.user === buyer.user && (c.asset === m.market.base || c.user !== seller.user) ? 'buy_coin' : 'sell_coin'),
          (c) => (c.asset === m.market.base && c.user === buyer.user ? buyerFee : c.asset === m.market.quote && c.user === seller.user ? sellerFee : 0n),
        );
        batch.trades.push({
          symbol: sym, tradeNo: e.trade, price: BigInt(e.price) * m.market.tickSize, qty: e.base, quote: e.quote,
          takerOrder: e.taker, makerOrder: e.maker, takerUser: e.takerUser, makerUser: e.makerUser, takerSide: e.takerSide,
          takerFee: e.takerFee, takerFeeAsset: e.takerFeeAsset, makerFee: e.makerFee, makerFeeAsset: e.makerFeeAsset, time: e.time,
        });
        const p = price(e.price)!;
        batch.emit(topics.trades(sym), {
          type: 'trade', symbol: sym, tradeId: e.trade, price: p, qty: dec(e.base), quote: dec(e.quote), takerSide: e.takerSide,
          takerOrder: e.taker, makerOrder: e.maker, time: e.time,
        });
        for (const [o, fee, isMaker] of [[taker, e.takerFee, false], [maker, e.makerFee, true]] as const) {
          const fillTopic = topics.userFills(o.user);
          const wanted = batch.wants(fillTopic);
          if (wanted || o.id === subject) {
            const fill = { tradeId: e.trade, price: p, qty: dec(e.base), quote: dec(e.quote), fee: dec(fee), feeAsset: feeAsset(m.market, o.side), maker: isMaker };
            if (wanted) batch.emit(fillTopic, { type: 'fill', symbol: sym, orderId: o.id, side: o.side, time: e.time, ...fill });
            if (o.id === subject) fills.push(fill);
          }
          history(o, 'trade', e.time);
        }
        break;
      }
      case 'rested': {
        const o = order(e.order);
        o.resting = true;
        o.open = e.qty;
        o.priority = ++s.priority;
        m.levels.add(o.side, e.price, e.qty);
        if (o.clientOrderId !== null) s.clientIndex.set(clientKey(o.user, o.clientOrderId), o.id);
        history(o, 'rested', e.time);
        lifecycle(o, 'rested', e.time, null, null);
        break;
      }
      case 'amended': {
        const o = order(e.order);
        m.levels.add(o.side, o.price!, -o.open);
        o.price = e.price;
        o.qty = o.filled + e.qty;
        if (e.keptPriority) {
          o.open = e.qty;
          m.levels.add(o.side, e.price, e.qty);
        } else {
          // Out of the book: the settlement that follows rests it again (new priority) or closes it.
          o.open = 0;
          o.resting = false;
        }
        const entry = s.ledger.journal(batch, 'order.amend', `order:${o.id}`, e.time, e.postings);
        if (entry) addRecords(batch, desk, entry, () => tradeType(o.side));
        history(o, 'amended', e.time);
        lifecycle(o, 'amended', e.time, null, e.keptPriority);
        break;
      }
      case 'closed': {
        const o = order(e.order);
        if (o.resting) m.levels.add(o.side, o.price!, -o.open);
        o.held = 0n;
        o.open = 0;
        o.resting = false;
        o.status = closedStatus(e.code);
        o.closeCode = e.code;
        o.closedAt = e.time;
        // Each order self-trade prevention expires is a prevented match of its own (Binance's preventedMatchId),
        // numbered in its market; stored with the order, so the numbering resumes after a restart.
        if (e.code === Code.EXPIRED_STP_TAKER || e.code === Code.EXPIRED_STP_MAKER) {
          const id = (s.preventedMatches.get(o.symbol) ?? 0) + 1;
          s.preventedMatches.set(o.symbol, id);
          o.preventedMatchId = id;
        }
        const entry = s.ledger.journal(batch, 'order.release', `order:${o.id}`, e.time, e.postings);
        if (entry) addRecords(batch, desk, entry, () => (e.code === Code.FILLED ? tradeType(o.side) : cancelType(o.side)));
        history(o, 'closed', e.time, e.code);
        lifecycle(o, 'closed', e.time, codeName(e.code as ResultCode), null);
        break;
      }
    }
  }

  const time = events[events.length - 1]?.time ?? 0;
  for (const o of touched) {
    if (o.closedAt === null) o.status = o.filled > 0 ? 'partially_filled' : 'new';
    o.updatedAt = time;
    listTouched(s, batch, o, time);
    const row = toRow(m.market, o);
    batch.orders.set(o.id, row);
    if (o.clientOrderId !== null) s.pendingClient.set(clientKey(o.user, o.clientOrderId), row);
    const orderUpdates = topics.userOrders(o.user);
    if (batch.wants(orderUpdates)) batch.emit(orderUpdates, { type: 'order', order: orderView(row) });
    if (o.closedAt !== null) {
      s.orders.delete(o.id);
      if (o.clientOrderId !== null) s.clientIndex.delete(clientKey(o.user, o.clientOrderId));
    }
  }
  const changes = m.levels.takeChanges();
  if (changes.bids.length > 0 || changes.asks.length > 0) {
    const side = (list: ReadonlyArray<readonly [Price, number]>) => list.map(([p, q]) => [price(p)!, lots(q)] as [string, string]);
    batch.emit(topics.book(sym), { type: 'book', symbol: sym, epoch: s.epoch, seq: ++m.bookSeq, time, bids: side(changes.bids), asks: side(changes.asks) });
  }
  // Bots: what their orders received or got back goes into their pockets; a grid's filled order places its opposite.
  if (s.onSettled !== null && s.bots.size > 0 && events.length > 0) s.onSettled(m, batch, events, touched);
  return fills;
}
