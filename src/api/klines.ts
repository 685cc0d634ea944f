// Closing prices for sparklines from the public REST klines (Binance rows: [openTime, open, high, low, close, …]).
// Public market data has no envelope, so this is a plain fetch with its own row check rather than the app client.
export async function fetchCloses(symbol: string, interval: '1m' | '15m' | '1h', limit: number, signal?: AbortSignal): Promise<number[]> {
  const query = new URLSearchParams({ symbol, interval, limit: String(limit) });
  const response = await fetch(`/api/v3/klines?${query.toString()}`, signal ? { signal } : {});
  if (!response.ok) return [];
  const rows: unknown = await response.json();
  if (!Array.isArray(rows)) return [];
  const closes: number[] = [];
  for (const row of rows) {
    const close: unknown = Array.isArray(row) ? row[4] : undefined;
    const n = typeof close === 'string' ? Number(close) : NaN;
    if (Number.isFinite(n)) closes.push(n);
  }
  return closes;
}
