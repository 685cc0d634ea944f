// The market maker on the perpetuals: the same quoting (layered post-only bids and asks around the index, moved as it
// drifts) through the perp desk, so the contract screen and bots on /fapi find books from the first minute. The
// perp desk speaks the same requests for what the maker needs (limit orders, cancels, open orders); a move is a
// cancel and a new order (the perp desk has no replace). It quotes each market in isolated margin at 2× leverage,
// whose brackets allow its whole ladder on every market, from the contract wallet's USDT (credited once, like the
// spot inventory). Isolated, because a cross account's positions share one wallet: each of its thousands of order
// moves and fills would move, and so re-price, the liquidation price of its position in every market (the engine
// re-indexes them all; bots/perp-backfill.ts replays a week of such moves); isolated, each market's position stands
// alone, at 2× far from any liquidation. Its own
// crossing orders would meet its own quotes, which the perp desk expires (self-trade prevention), so a second bot
// account sends them (bots/index.ts), through the same calls and so in the same settings: the contracts trade from
// the first minute, as the spot markets do.
import type { PerpFace } from '../desks/index.ts';
import type { OrderView } from '../desks/views.ts';
import { formatDecimal, type Market } from '../kernel/index.ts';
import type { MakerSpot } from './market-maker.ts';

/** Leverage the maker sets on every perpetual before it quotes. */
export const MAKER_LEVERAGE = 2;

/**
 * A bot's settings on a perpetual before its first order there (the maker's and the perpetuals taker's, whose orders
 * both go through perpAsSpot): isolated margin, 2×. Each is refused while the market holds what forbids it (a cross
 * position or orders; a position too large for 2×): the settings it has then stay.
 */
export async function botSettings(perp: PerpFace, user: number, symbol: string): Promise<boolean> {
  await perp.setMarginMode({ user, symbol, mode: 'isolated' });
  return (await perp.setLeverage({ user, symbol, leverage: MAKER_LEVERAGE })).ok;
}

type Place = MakerSpot['place'];
type Replace = MakerSpot['replace'];
type Cancel = MakerSpot['cancel'];
type OpenOrders = MakerSpot['openOrders'];

/** The perp desk behind the maker's spot-shaped calls. */
export function perpAsSpot(perp: PerpFace, markets: readonly Market[]): MakerSpot {
  const bySymbol = new Map(markets.map((m) => [m.symbol, m]));
  const levered = new Set<string>();
  const place: Place = async (req) => {
    if (req.type !== 'limit') return { ok: false, code: 'order.type.invalid' };
    const key = `${req.user}:${req.symbol}`;
    if (!levered.has(key) && (await botSettings(perp, req.user, req.symbol))) levered.add(key);
    const reply = await perp.place({ user: req.user, symbol: req.symbol, side: req.side, type: 'limit', price: req.price, qty: req.qty, tif: req.tif, postOnly: req.postOnly });
    return reply.ok ? { ok: true, value: undefined as never } : reply;
  };
  const cancel: Cancel = async (req) => {
    const reply = await perp.cancel(req);
    return reply.ok ? { ok: true, value: undefined as never } : reply;
  };
  const replace: Replace = async (req) => {
    if (!('orderId' in req)) return { ok: false, code: 'order.not.found' };
    const open = (await perp.openOrders(req.user)).find((o) => o.id === req.orderId);
    if (open === undefined) return { ok: false, code: 'order.not.found' };
    const gone = await perp.cancel({ user: req.user, orderId: req.orderId });
    if (!gone.ok) return gone;
    return place({ type: 'limit', user: req.user, symbol: open.symbol, side: open.side, price: req.price, qty: req.qty, tif: 'GTC', postOnly: true });
  };
  const openOrders: OpenOrders = async (user, symbol) => {
    const rows = await perp.openOrders(user, symbol);
    const views = rows.map((o): Pick<OrderView, 'orderId' | 'side' | 'price' | 'openQty'> => {
      const m = bySymbol.get(o.symbol);
      const digits = (v: bigint) => formatDecimal(v, 8, true);
      return { orderId: o.id, side: o.side, price: m === undefined ? null : digits(o.price), openQty: digits(o.openQty) };
    });
    return { ok: true, value: views as OrderView[] };
  };
  return { place, replace, cancel, openOrders };
}
