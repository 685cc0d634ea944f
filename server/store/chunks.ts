// Multi-row inserts split so no statement passes the drivers' parameter limits (SQLite 32766, PostgreSQL 65535).
const MAX_PARAMETERS = 30_000;

export function chunks<T extends object>(rows: readonly T[]): T[][] {
  if (rows.length === 0) return [];
  const perRow = Math.max(1, Object.keys(rows[0]!).length);
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / perRow));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
