// What a clustered gateway and a desk's process say to each other (README.md in this folder). Commands travel in the
// desk's command log (JetStream: `<prefix>.cmd.<desk>.all`), several to an entry: a gateway appends the calls it got in
// one turn of its event loop together (`DeskEntry`), so the log, the NATS server and the desk pay per entry what they
// paid per call. Answers go back on NATS core to the subject each call names, those of one commit to one subject
// together (`DeskAnswers`). A read (the book, a user's open orders) is a NATS request to `<prefix>.q.<desk>`, answered
// by the active desk process only. Every payload is the bus codec's (bigint-exact JSON), checked here at the edge.
import { DeskUnavailableError } from '../desks/codes.ts';

/** A desk call: the method, its arguments, where its answer goes (null: nobody waits) and its number there. */
export interface DeskCall {
  readonly m: string;
  readonly a: readonly unknown[];
  readonly r: string | null;
  readonly n: number;
}

/** A command-log entry: calls applied in this order. */
export interface DeskEntry {
  readonly c: readonly DeskCall[];
}

/** Answers to one subject: [the call's number, its answer]. */
export interface DeskAnswers {
  readonly b: ReadonlyArray<readonly [number, DeskAnswer]>;
}

/** The most calls in one log entry (a gateway appends more as several entries). */
export const MAX_CALLS_PER_ENTRY = 1000;
/**
 * A desk's place in its log (`desk_log_positions.seq`, committed with the effects): `seq × POSITION_RADIX + done`
 * means every entry before `seq` is applied, and the first `done` calls of entry `seq`. A commit may end inside an
 * entry, so a desk that resumes reads entry `seq` again and skips those `done` calls. Migration 0034 turned the
 * positions of one call per entry into this form.
 */
export const POSITION_RADIX = 1024;

/** The position once calls 0 … index of entry `seq` are applied. */
export const positionAfter = (seq: number, index: number): number => seq * POSITION_RADIX + index + 1;

/** Where a desk at `position` resumes: the entry to read first, and how many of its calls to skip. */
export function resumeAt(position: number): { readonly seq: number; readonly done: number } {
  return { seq: Math.floor(position / POSITION_RADIX), done: position % POSITION_RADIX };
}

/** The call's outcome: the method's resolved value (a desk Reply), or what it threw. */
export type DeskAnswer =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: { readonly name: string; readonly code: string | null; readonly message: string } };

const METHOD = /^[a-zA-Z][a-zA-Z0-9]{0,63}$/;
/** A NATS subject of dotted tokens (no wildcards): where an answer goes. */
const SUBJECT = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+){0,15}$/;

export class ProtocolError extends Error {
  override name = 'ProtocolError';
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A logged or requested call, checked: anything else in the log is refused by name, never half-applied. */
export function parseCall(payload: unknown, { query = false } = {}): DeskCall {
  if (!isRecord(payload)) throw new ProtocolError('a desk call is an object');
  const { m, a, r, n } = payload;
  if (typeof m !== 'string' || !METHOD.test(m)) throw new ProtocolError('a desk call names its method');
  if (!Array.isArray(a) || a.length > 8) throw new ProtocolError(`desk call ${m}: its arguments are a list of at most 8`);
  if (query) return { m, a, r: null, n: 0 };
  if (r !== null && (typeof r !== 'string' || !SUBJECT.test(r))) throw new ProtocolError(`desk call ${m}: bad answer subject`);
  if (!Number.isSafeInteger(n) || (n as number) < 0) throw new ProtocolError(`desk call ${m}: bad call number`);
  return { m, a, r, n: n as number };
}

/** Where a call that can't be parsed would have its answer, if that much of it can be read. */
export function answerAddress(payload: unknown): { readonly r: string; readonly n: number } | null {
  if (!isRecord(payload)) return null;
  const { r, n } = payload;
  return typeof r === 'string' && SUBJECT.test(r) && Number.isSafeInteger(n) && (n as number) >= 0 ? { r, n: n as number } : null;
}

/** A log entry's calls, each parsed on its own: a malformed call is refused alone, the others applied. */
export function parseEntry(payload: unknown): Array<DeskCall | { readonly error: ProtocolError; readonly payload: unknown }> {
  if (!isRecord(payload) || !Array.isArray(payload.c)) throw new ProtocolError('a command-log entry is { c: [calls] }');
  const calls: unknown[] = payload.c;
  if (calls.length === 0 || calls.length > MAX_CALLS_PER_ENTRY) throw new ProtocolError(`a command-log entry holds 1 to ${MAX_CALLS_PER_ENTRY} calls`);
  return calls.map((c) => {
    try {
      return parseCall(c);
    } catch (error) {
      return { error: error as ProtocolError, payload: c };
    }
  });
}

/** A batch of answers, checked. */
export function parseAnswers(payload: unknown): Array<readonly [number, DeskAnswer]> {
  if (!isRecord(payload) || !Array.isArray(payload.b)) throw new ProtocolError('desk answers are { b: [[n, answer]] }');
  return (payload.b as unknown[]).map((pair) => {
    if (!Array.isArray(pair) || pair.length !== 2 || !Number.isSafeInteger(pair[0])) throw new ProtocolError('a desk answer is [n, answer]');
    return [pair[0] as number, parseAnswer(pair[1])] as const;
  });
}

export function parseAnswer(payload: unknown): DeskAnswer {
  if (!isRecord(payload) || typeof payload.ok !== 'boolean') throw new ProtocolError('a desk answer is { ok, … }');
  if (payload.ok) return { ok: true, value: payload.value };
  const e = payload.error;
  if (!isRecord(e) || typeof e.name !== 'string' || typeof e.message !== 'string' || !(e.code === null || typeof e.code === 'string')) {
    throw new ProtocolError('a desk failure is { name, code, message }');
  }
  return { ok: false, error: { name: e.name, code: e.code, message: e.message } };
}

/** What a call threw, as it travels: a DeskUnavailableError keeps its code; anything else only its name and text. */
export function failure(error: unknown): DeskAnswer {
  if (error instanceof DeskUnavailableError) return { ok: false, error: { name: error.name, code: error.code, message: error.message } };
  const e = error instanceof Error ? error : new Error(String(error));
  return { ok: false, error: { name: e.name, code: null, message: e.message } };
}

/** The gateway's side of an answer: the value, or the error thrown again (a desk that is down stays a 503). */
export function unwrap(answer: DeskAnswer): unknown {
  if (answer.ok) return answer.value;
  const { name, code, message } = answer.error;
  if (name === 'DeskUnavailableError' && (code === 'desk.stopped' || code === 'desk.closed' || code === 'desk.unreachable')) {
    throw new DeskUnavailableError(code, message);
  }
  const error = new Error(message);
  error.name = name;
  throw error;
}
