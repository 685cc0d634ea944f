// /recharge and /withdrawal search params: `coin`, the coin the page starts on (the asset pages' row actions pass
// it). Letters and digits, 1 to 16 (upper-cased); anything else is dropped, never an error: the page then starts on
// its default coin. Whether the exchange offers the coin is the page's business (it falls back silently). Tiny and
// pure: the router imports it.

export interface WalletSearch {
  coin?: string;
}

export function parseWalletSearch(search: Record<string, unknown>): WalletSearch {
  const raw = search.coin;
  const coin = typeof raw === 'string' ? raw.trim().toUpperCase() : undefined;
  return coin && /^[A-Z0-9]{1,16}$/.test(coin) ? { coin } : {};
}
