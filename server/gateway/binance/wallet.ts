// Binance's wallet and margin endpoints under /sapi/v1 that ccxt's binance class calls while loading markets with
// its default options (fetchCurrencies and fetchMargins on):
// - GET capital/config/getall (USER_DATA): every coin of the exchange (the spot markets' bases and quotes, and any
//   coin the caller holds) with the caller's coin-wallet balance and its networks (networks.ts);
// - GET margin/allPairs (MARKET_DATA: API key, no signature) and GET margin/isolated/allPairs (USER_DATA): there is
//   no margin trading, so both answer an empty list ([]), as Binance does for an account with no margin pairs.
import type { Trading } from '../trading.ts';
import { errors } from './errors.ts';
import { COINS, networkEntry } from './networks.ts';
import type { SignedHandler, SignedRoute } from './orders.ts';
import type { Params } from './params.ts';
import { d8 } from './shapes.ts';

/** An endpoint that needs an API key but no signature (Binance's MARKET_DATA). */
export type KeyedRoute = (method: 'GET', path: string, handler: SignedHandler) => void;

/** The parameters of a SIGNED request that an endpoint takes besides its own (the auth step reads them). */
const SIGNING = ['timestamp', 'recvWindow', 'signature'];

export function walletRoutes(signed: SignedRoute, keyed: KeyedRoute, trading: Trading): void {
  const spot = trading.desks.spot;

  /** Each coin of the spot markets, and whether any market trading it is open. */
  const marketCoins = (): Map<string, boolean> => {
    const coins = new Map<string, boolean>();
    for (const flags of spot.markets()) {
      const m = trading.market.market(flags.symbol);
      if (m === undefined) continue;
      const open = flags.isOpen === 0 && !flags.maintenance;
      for (const coin of [m.base, m.quote]) coins.set(coin, (coins.get(coin) ?? false) || open);
    }
    return coins;
  };

  /** `symbol`, if sent, must name a spot market (-1121 otherwise); none of them is a margin pair. */
  const marginPairs = (p: Params): [] => {
    const symbol = p.symbol();
    if (symbol !== undefined && !spot.markets().some((m) => m.symbol === symbol)) throw errors.symbol();
    return [];
  };

  signed('GET', '/capital/config/getall', false, async (p, caller) => {
    p.done();
    const reply = await spot.balances(caller.user);
    if (!reply.ok) throw errors.unknown();
    const held = new Map(reply.value.map((b) => [b.asset, b]));
    const listed = marketCoins();
    const coins = [...new Set([...listed.keys(), ...held.keys()])].sort();
    return coins.map((coin) => {
      const info = COINS[coin];
      const balance = held.get(coin);
      return {
        coin,
        depositAllEnable: false,
        withdrawAllEnable: false,
        name: info?.name ?? coin,
        free: d8(balance?.available),
        locked: d8(balance?.frozen),
        freeze: '0.00000000',
        withdrawing: '0.00000000',
        ipoing: '0.00000000',
        ipoable: '0.00000000',
        storage: '0.00000000',
        isLegalMoney: false,
        trading: listed.get(coin) ?? false,
        networkList: (info?.networks ?? []).map((n, i) => networkEntry(coin, n, i === 0)),
      };
    });
  });

  keyed('GET', '/margin/allPairs', async (p) => {
    const pairs = marginPairs(p);
    // ccxt signs every /sapi call; Binance takes the signing parameters here without needing them.
    p.done(SIGNING);
    return pairs;
  });

  signed('GET', '/margin/isolated/allPairs', false, async (p) => {
    const pairs = marginPairs(p);
    p.done();
    return pairs;
  });
}
