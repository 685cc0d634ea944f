// Invitation commissions (README.md beside this file): what each inviter is owed for a UTC day, the run that pays
// every finished day through the spot desk exactly once, and the check that recomputes the payments from the fee
// records. Pure integer arithmetic on minor units; time comes only from the injected clock.
//
// A day's amount per (inviter, level, asset) = Σ over the day's fee records of the invitees at that level of
// trunc(fee × rate), where fee = −record amount (a paid fee is negative, a refunded seconds fee positive, so a
// refund takes back exactly what its fee gave) and rate is in parts per million; paid only when the sum is > 0
// (a refund on a later day than its fee is not clawed back from the earlier day's payment). Rates: those in force
// at the day's first instant, kept on the day's run row, so a change during a day applies from the next one.
import type { Clock } from '../../clock.ts';
import type { CommissionRequest, CommissionResult } from '../../desks/spot/commission.ts';
import type { Reply } from '../../desks/codes.ts';
import { formatDecimal } from '../../kernel/index.ts';
import type { Store } from '../../store/index.ts';
import type { InviteRates, InviteRun } from '../../store/invites.ts';

export const DAY_MS = 86_400_000;
/** A day is paid this long after its end, so every fee record stamped within it has committed (desks commit in ms). */
export const SETTLE_MS = 60_000;
const PPM = 1_000_000n;

/** Until an operator sets rates: 20% of the fee to the inviter, 10% to the inviter's inviter. */
export const DEFAULT_RATES: InviteRates = Object.freeze({ level1Ppm: 200_000, level2Ppm: 100_000, effectiveAt: 0 });

export const dayStart = (time: number): number => Math.floor(time / DAY_MS) * DAY_MS;
export const dayText = (day: number): string => new Date(day).toISOString().slice(0, 10);

/** "2026-01-02" → its first instant (UTC), or null for anything else. */
export function parseDay(text: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const t = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(t) && dayText(t) === text ? t : null;
}

/** A fraction "0.2" → parts per million; null unless 0 ≤ r ≤ 1 with at most 6 decimals. */
export function parseRate(text: string): number | null {
  const m = /^(\d{1,7})(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (m === null) return null;
  const ppm = Number(m[1]) * 1_000_000 + Number((m[2] ?? '').padEnd(6, '0'));
  return ppm <= 1_000_000 ? ppm : null;
}

/** Parts per million → "0.2". */
export const rateText = (ppm: number): string => formatDecimal(BigInt(ppm), 6, true);

export const minorText = (minor: bigint): string => formatDecimal(minor, 8, true);

/** The rates a day pays at: its run row's once opened, else those in force at its first instant. */
export async function ratesForDay(store: Store, day: number, run?: InviteRun): Promise<InviteRates> {
  if (run !== undefined) return { level1Ppm: run.level1Ppm, level2Ppm: run.level2Ppm, effectiveAt: day };
  return (await store.invites.ratesAt(day)) ?? DEFAULT_RATES;
}

export interface DuePayment {
  readonly user: number;
  readonly level: 1 | 2;
  readonly asset: string;
  readonly amount: bigint;
  /** The journal reference the spot desk gives it. */
  readonly ref: string;
}

/** What a day owes, from its fee records alone, in a fixed order (inviter, level, asset). */
export async function computeDay(store: Store, day: number, rates: InviteRates): Promise<DuePayment[]> {
  const sums = new Map<string, { user: number; level: 1 | 2; asset: string; amount: bigint }>();
  const add = (user: number, level: 1 | 2, asset: string, amount: bigint) => {
    const key = `${user}:${level}:${asset}`;
    const s = sums.get(key);
    if (s === undefined) sums.set(key, { user, level, asset, amount });
    else s.amount += amount;
  };
  const r1 = BigInt(rates.level1Ppm);
  const r2 = BigInt(rates.level2Ppm);
  for (const f of await store.invites.inviteeFees(day, day + DAY_MS)) {
    const fee = -f.amount;
    // BigInt division truncates toward zero, so a refund (fee < 0) takes back exactly what its fee gave.
    add(f.level1, 1, f.asset, (fee * r1) / PPM);
    if (f.level2 !== null) add(f.level2, 2, f.asset, (fee * r2) / PPM);
  }
  const day10 = dayText(day);
  return [...sums.values()]
    .filter((s) => s.amount > 0n)
    .sort((a, b) => a.user - b.user || a.level - b.level || (a.asset < b.asset ? -1 : a.asset > b.asset ? 1 : 0))
    .map((s) => ({ ...s, ref: `invite:${day10}:${s.user}:${s.level}:${s.asset}` }));
}

export type PayCommission = (req: CommissionRequest) => Promise<Reply<CommissionResult>>;

export interface DayReport {
  readonly day: string;
  readonly payments: number;
  readonly paid: number;
  readonly duplicates: number;
  /** Refused for want of fee income in the asset: retried by the next run. */
  readonly waiting: number;
  readonly totals: Array<{ level: 1 | 2; asset: string; amount: string }>;
}

export interface RunReport {
  /** The last day this run could pay (finished, its settle margin passed), or null when none. */
  readonly through: string | null;
  readonly days: DayReport[];
}

export interface RunOptions {
  readonly store: Store;
  readonly clock: Clock;
  readonly pay: PayCommission;
  readonly settleMs?: number | undefined;
}

function totalsOf(due: readonly DuePayment[]): Array<{ level: 1 | 2; asset: string; amount: string }> {
  const t = new Map<string, { level: 1 | 2; asset: string; amount: bigint }>();
  for (const p of due) {
    const key = `${p.level}:${p.asset}`;
    const x = t.get(key);
    if (x === undefined) t.set(key, { level: p.level, asset: p.asset, amount: p.amount });
    else x.amount += p.amount;
  }
  return [...t.values()].sort((a, b) => a.level - b.level || (a.asset < b.asset ? -1 : 1)).map((x) => ({ ...x, amount: minorText(x.amount) }));
}

/**
 * Pays every finished UTC day not yet done, oldest first, each day separately (a day of downtime is paid on the next
 * run, not skipped). Safe to run twice at once, or again after a crash anywhere: the spot desk pays each reference
 * once. A desk that is down makes the run throw; what it paid stays paid, the rest is paid by the next run.
 */
export async function runCommissions(o: RunOptions): Promise<RunReport> {
  const { store } = o;
  const now = o.clock();
  const last = dayStart(now - (o.settleMs ?? SETTLE_MS)) - DAY_MS;
  const first = await store.invites.firstInviteeSignup();
  if (first === null || last < dayStart(first)) return { through: last >= 0 ? dayText(last) : null, days: [] };
  const runs = new Map((await store.invites.runs()).map((r) => [r.day, r]));
  const days: DayReport[] = [];
  for (let day = dayStart(first); day <= last; day += DAY_MS) {
    const known = runs.get(day);
    if (known?.state === 'done') continue;
    const run = known ?? (await store.invites.startRun(day, await ratesForDay(store, day), o.clock()));
    const due = await computeDay(store, day, await ratesForDay(store, day, run));
    let paid = 0;
    let duplicates = 0;
    let waiting = 0;
    for (const p of due) {
      const reply = await o.pay({ user: p.user, asset: p.asset, amount: minorText(p.amount), day: dayText(day), level: p.level });
      if (reply.ok) {
        if (reply.value.duplicate) duplicates++;
        else paid++;
      } else if (reply.code === 'funds.insufficient') waiting++;
      else throw new Error(`commission ${p.ref} refused: ${reply.code}`);
    }
    const totals = totalsOf(due);
    await store.invites.recordRun(day, { payments: due.length, waiting, totals: JSON.stringify(totals) }, o.clock());
    days.push({ day: dayText(day), payments: due.length, paid, duplicates, waiting, totals });
  }
  return { through: dayText(last), days };
}

export interface VerifiedDay {
  readonly day: string;
  readonly state: 'done' | 'started' | 'none';
  readonly expected: number;
  readonly journalled: number;
  /** Due but not journalled on a day still open (waiting for fee income): not a mismatch. */
  readonly waiting: number;
  readonly totals: Array<{ level: 1 | 2; asset: string; amount: string }>;
  readonly mismatches: string[];
}

export interface VerifyReport {
  readonly ok: boolean;
  readonly days: VerifiedDay[];
}

/**
 * Recomputes each day's payments from the fee records (at the rates on its run row) and compares them with the
 * journal to the last unit: every journalled payment must be due with exactly its amount, and on a done day every
 * due payment must be journalled. `day`: one day; else every day with a run row or a journalled payment.
 */
export async function verifyCommissions(store: Store, day?: number): Promise<VerifyReport> {
  const runs = new Map((await store.invites.runs()).map((r) => [r.day, r]));
  const all = await store.invites.payments(day === undefined ? 'invite:' : `invite:${dayText(day)}:`);
  const byDay = new Map<number, typeof all>();
  for (const p of all) {
    const d = parseDay(p.ref.split(':')[1] ?? '');
    if (d === null) continue;
    const list = byDay.get(d) ?? [];
    list.push(p);
    byDay.set(d, list);
  }
  const days = day !== undefined ? [day] : [...new Set([...runs.keys(), ...byDay.keys()])].sort((a, b) => a - b);
  const out: VerifiedDay[] = [];
  for (const d of days) {
    const run = runs.get(d);
    const paid = byDay.get(d) ?? [];
    const mismatches: string[] = [];
    if (run === undefined && paid.length > 0) mismatches.push(`${paid.length} payment(s) journalled for a day with no run row`);
    const due = await computeDay(store, d, await ratesForDay(store, d, run));
    const dueByRef = new Map(due.map((p) => [p.ref, p]));
    const seen = new Set<string>();
    for (const p of paid) {
      const want = dueByRef.get(p.ref);
      if (seen.has(p.ref)) mismatches.push(`${p.ref} journalled more than once (entry ${p.seq})`);
      seen.add(p.ref);
      if (want === undefined) mismatches.push(`${p.ref}: ${minorText(p.amount)} ${p.asset} journalled but nothing is due`);
      else if (want.amount !== p.amount || want.asset !== p.asset || want.user !== p.user) {
        mismatches.push(`${p.ref}: journalled ${minorText(p.amount)} ${p.asset} to user ${p.user}, due ${minorText(want.amount)} ${want.asset} to user ${want.user}`);
      }
    }
    let waiting = 0;
    for (const p of due) {
      if (seen.has(p.ref)) continue;
      if (run?.state === 'done') mismatches.push(`${p.ref}: ${minorText(p.amount)} ${p.asset} due but not journalled`);
      else waiting++;
    }
    out.push({
      day: dayText(d), state: run?.state ?? 'none', expected: due.length, journalled: paid.length, waiting, totals: totalsOf(due), mismatches,
    });
  }
  return { ok: out.every((d) => d.mismatches.length === 0), days: out };
}
