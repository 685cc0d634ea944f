// The `data` of the catalogue's commands as the screens read them (what the CLI's --json prints), checked here: the
// admin modules (server/admin/*.ts) are the source of these shapes. Also the small pure helpers the screens share.
import { ASSET_RECORD_TYPES } from '../contract.ts';
import { arr, bool, dec, FAIL, isRecord, nullable, num, obj, oneOf, optional, parser, str, withDefault, type P } from './parse.ts';

// ---- markets (commands.ts marketList) ----
export interface MarketRow {
  symbol: string;
  kind: string;
  status: 'open' | 'closed' | 'maintenance';
  tickSize: string;
  lotSize: string;
  minQty: string;
  maxQty: string;
  minNotional: string;
  maxNotional: string;
  priceBandPercent: number;
}
export const marketRows = parser(
  arr<MarketRow>(
    obj({
      symbol: str, kind: str, status: oneOf(['open', 'closed', 'maintenance'] as const), tickSize: dec, lotSize: dec, minQty: dec, maxQty: dec,
      minNotional: dec, maxNotional: dec, priceBandPercent: num,
    }),
  ),
);

// ---- perpetuals (perp.ts) ----
export interface PerpPositionRow {
  userId: number;
  email: string | null;
  symbol: string;
  side: string;
  size: string;
  entryPrice: string;
  leverage: number;
  marginMode: string;
  margin: string;
  orderMargin: string;
  markPrice: string | null;
  unrealizedPnl: string;
  maintenanceMargin: string;
  liquidationPrice: string | null;
  adl: number | null;
}
export const perpPositionRows = parser(
  arr<PerpPositionRow>(
    obj({
      userId: num, email: nullable(str), symbol: str, side: str, size: dec, entryPrice: dec, leverage: num, marginMode: str, margin: dec,
      orderMargin: withDefault(dec, '0'), markPrice: nullable(dec), unrealizedPnl: dec, maintenanceMargin: withDefault(dec, '0'),
      liquidationPrice: nullable(dec), adl: nullable(num),
    }),
  ),
);

/** `perp insurance`: the fund's balance and its latest journal movements, newest first. */
export interface InsuranceRead {
  asset: string;
  balance: string;
  movements: number;
  latest: Array<{ seq: number; time: number; reason: string; ref: string; amount: string; balance: string }>;
}
export const insuranceRead = parser<InsuranceRead>(
  obj({
    asset: str, balance: dec, movements: num,
    latest: arr(obj({ seq: num, time: num, reason: str, ref: str, amount: dec, balance: dec })),
  }),
);

/** `perp markets`: each perpetual's last recorded mark, index and predicted funding, last settlement, brackets. */
export interface PerpMarketRow {
  symbol: string;
  mark: string | null;
  markAt: number | null;
  index: string | null;
  fundingRatePercent: string | null;
  lastFunding: { time: number; ratePercent: string; mark: string } | null;
  maxLeverage: number;
  brackets: Array<{ bracket: number; notionalFloor: string; notionalCap: string; maxLeverage: number; maintenanceMarginRatePercent: string; maintenanceAmount: string }>;
}
export const perpMarketRows = parser<PerpMarketRow[]>(
  arr(
    obj({
      symbol: str, mark: nullable(dec), markAt: nullable(num), index: nullable(dec), fundingRatePercent: nullable(dec),
      lastFunding: nullable(obj({ time: num, ratePercent: dec, mark: dec })), maxLeverage: num,
      brackets: arr(obj({ bracket: num, notionalFloor: dec, notionalCap: dec, maxLeverage: num, maintenanceMarginRatePercent: dec, maintenanceAmount: dec })),
    }),
  ),
);

export const insuranceResult = parser(obj({ asset: str, amount: dec, balance: dec }));

// ---- seconds (seconds.ts) ----
export interface SecondsConfigRow {
  market: string;
  durationS: number;
  payoutRatio: string;
  lossRatio: string;
  minAmount: string;
  maxAmount: string;
  feeRate: string;
  enabled: boolean;
}
export const secondsConfigRows = parser(
  arr<SecondsConfigRow>(obj({ market: str, durationS: num, payoutRatio: dec, lossRatio: dec, minAmount: dec, maxAmount: dec, feeRate: dec, enabled: bool })),
);
export const secondsExposureRows = parser(arr(obj({ market: str, direction: str, maxExposure: nullable(dec), exposure: dec })));
export const secondsHouse = parser(obj({ balance: dec, required: dec, free: dec }));
export const secondsSettings = parser(obj({ horizonS: num, userOrders: num, userAmount: dec }));

// ---- earn (earn.ts) ----
export interface EarnProductRow {
  id: number;
  kind: 'wealth' | 'mining';
  name: string;
  asset: string;
  incomeAsset: string;
  termDays: number;
  rate: string;
  annualRate: string;
  minAmount: string;
  maxAmount: string;
  quota: string;
  remaining: string;
  incomeRelease: string;
  rebateType: string;
  status: string;
  funded: boolean;
  sortOrder: number;
}
export const earnProducts = parser(
  arr<EarnProductRow>(
    obj({
      id: num, kind: oneOf(['wealth', 'mining'] as const), name: str, asset: str, incomeAsset: str, termDays: num, rate: dec, annualRate: dec,
      minAmount: dec, maxAmount: dec, quota: dec, remaining: dec, incomeRelease: str, rebateType: str, status: str, funded: withDefault(bool, true),
      sortOrder: withDefault(num, 0),
    }),
  ),
);
export const earnTreasury = parser(arr(obj({ asset: str, balance: dec, owed: dec, free: dec })));

// ---- identity (identity.ts) ----
export interface KycRow {
  id: number;
  userId: number;
  user: string | null;
  status: string;
  name: string;
  docType: string;
  docNumber: string;
  country: string;
  photos: { front: string | null; back: string | null; hand: string | null };
  submittedAt: number;
  reviewedAt: number | null;
  reviewer: string | null;
  reason: string | null;
}
const idText: P<string | null> = (v) => (v === null || v === undefined ? null : typeof v === 'number' ? String(v) : typeof v === 'string' ? v : FAIL);
const kycRow: P<KycRow> = obj({
  id: num, userId: num, user: nullable(str), status: str, name: str, docType: str, docNumber: withDefault(str, ''), country: withDefault(str, ''),
  photos: withDefault(obj({ front: idText, back: idText, hand: idText }), { front: null, back: null, hand: null }),
  submittedAt: num, reviewedAt: nullable(num), reviewer: nullable(str), reason: nullable(str),
});
export const kycRows = parser(arr(kycRow));
export const kycView = parser(kycRow);
/** The photo kinds a submission has, in the order they are shown (a passport has no back). */
export function photoKinds(row: Pick<KycRow, 'photos'>): Array<'front' | 'back' | 'hand'> {
  return (['front', 'back', 'hand'] as const).filter((k) => row.photos[k] !== null);
}

// ---- withdrawals (wallet.ts) ----
export interface WithdrawalRow {
  id: number;
  userId: number;
  asset: string;
  network: string;
  address: string;
  amount: string;
  fee: string;
  received: string;
  valueUsdt: string;
  status: string;
  reason: string | null;
  txHash: string | null;
  createdAt: number;
  reviewedBy: string | null;
}
export const withdrawalRows = parser(
  arr<WithdrawalRow>(
    obj({
      id: num, userId: num, asset: str, network: str, address: str, amount: dec, fee: dec, received: dec, valueUsdt: withDefault(dec, '0'), status: str,
      reason: nullable(str), txHash: nullable(str), createdAt: num, reviewedBy: nullable(str),
    }),
  ),
);

// ---- invitations (invite.ts) ----
export const inviteRates = parser(
  obj({
    level1: dec, level2: dec, default: withDefault(bool, false),
    history: withDefault(arr(obj({ level1: dec, level2: dec, effectiveAt: num, operator: str, reason: withDefault(str, '') })), []),
  }),
);

// ---- four eyes' thresholds ----
export interface ThresholdRow {
  asset: string;
  amount: string;
  setBy?: string | undefined;
  setAt?: number | undefined;
}
const thresholdRow: P<ThresholdRow> = obj({ asset: str, amount: dec, setBy: optional(nullable(str)) as P<string | undefined>, setAt: optional(nullable(num)) as P<number | undefined> });
/** `approval threshold`'s data: a list of { asset, amount }, under `thresholds` or bare, or a map asset → amount. */
export const thresholds = parser<ThresholdRow[]>((v) => {
  const list = isRecord(v) && Array.isArray(v.thresholds) ? v.thresholds : v;
  if (Array.isArray(list)) return arr(thresholdRow)(list);
  if (!isRecord(list)) return FAIL;
  const rows: ThresholdRow[] = [];
  for (const [asset, amount] of Object.entries(list)) {
    const a = dec(amount);
    if (a === FAIL) return FAIL;
    rows.push({ asset, amount: a });
  }
  return rows.sort((a, b) => a.asset.localeCompare(b.asset));
});

// ---- content ----
/** The id of what `content save` saved (its data is the article, or { id }). */
export const savedId = parser<number>((v) => {
  if (isRecord(v) && typeof v.id === 'number') return v.id;
  if (isRecord(v) && isRecord(v.article) && typeof v.article.id === 'number') return v.article.id;
  return FAIL;
});

// ---- shared helpers ----

/** Local date-time input text (YYYY-MM-DDTHH:mm) → Unix ms, or null. */
export function localInputToMs(text: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text)) return null;
  const ms = new Date(text).getTime();
  return Number.isFinite(ms) ? ms : null;
}

/** A day picked in a date input → the first (or, `end`, the last) millisecond of that local day. */
export function dayToMs(text: string, end = false): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const start = new Date(y, m - 1, d).getTime();
  return end ? new Date(y, m - 1, d + 1).getTime() - 1 : start;
}

/** Bytes in a short human unit (store size). */
export function bytesText(n: number | null): string {
  if (n === null) return '--';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${i === 0 ? v : v.toFixed(1)} ${units[i]}`;
}

/** A duration in ms as "2d 3h", "4h 5m", "6m 7s", "8s" or "350 ms". */
export function durationText(ms: number | null): string {
  if (ms === null) return '--';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${m}m`;
  if (m > 0) return `${m}m ${s % 60}s`;
  return `${s}s`;
}

/** A fraction ("0.05") as a percent ("5%"), exactly (string arithmetic: no float rounding). */
export function percentText(fraction: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(fraction.trim());
  if (!m) return fraction;
  const [, sign, int, frac = ''] = m as unknown as [string, string, string, string | undefined];
  const digits = `${int}${(frac ?? '').padEnd(2, '0')}`;
  const whole = digits.slice(0, int.length + 2).replace(/^0+(?=\d)/, '');
  const rest = digits.slice(int.length + 2).replace(/0+$/, '');
  return `${sign}${whole}${rest ? `.${rest}` : ''}%`;
}

/** The account a command names a user by: e-mail when they have one, else phone. */
export function userArgs(user: { email: string | null; phone: string | null }): Record<string, string> {
  if (user.email) return { email: user.email };
  if (user.phone) return { phone: user.phone };
  return {};
}

// ---- fee levels (fees.ts) ----
export interface FeeLevelRow {
  level: number;
  minVolumeBtc: string;
  makerPpm: number;
  takerPpm: number;
}
export const feeTable = parser(
  obj({
    levels: arr<FeeLevelRow>(obj({ level: num, minVolumeBtc: dec, makerPpm: num, takerPpm: num })),
    source: withDefault(str, 'default'),
    inForceAt: optional(nullable(num)),
  }),
);
/** Parts per million of a fee as a percent: 1000 → "0.1%". */
export const ppmPercent = (ppm: number): string => percentText((ppm / 1_000_000).toFixed(6));
/** The table as `fees set --file` takes it (the JSON the operator edits). */
export const feeTableText = (levels: readonly FeeLevelRow[]): string =>
  JSON.stringify({ levels: levels.map(({ level, minVolumeBtc, makerPpm, takerPpm }) => ({ level, minVolumeBtc, makerPpm, takerPpm })) }, null, 2);

// ---- codes shown in words ----
const RECORD_TYPES = new Set<string>(ASSET_RECORD_TYPES);
/** The message id of an asset record's type (ops.record.<type>), or null for a type this build doesn't know. */
export const recordTypeId = (type: string): string | null => (RECORD_TYPES.has(type) ? `ops.record.${type}` : null);
const ORDER_STATUSES: readonly string[] = ['new', 'partially_filled', 'filled', 'canceled', 'expired'];
/** The message id of an order's state (ops.order.<status>), or null for another desk's state word. */
export const orderStatusId = (status: string): string | null => (ORDER_STATUSES.includes(status) ? `ops.order.${status}` : null);
