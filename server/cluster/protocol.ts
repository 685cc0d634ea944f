// What a clustered gateway and a desk's process say to each other (README.md in this folder). A command travels in
// the desk's command log (JetStream: `<prefix>.cmd.<desk>.all`), its answer on NATS core to the subject the command
// names; a read (the book, a user's open orders) is a NATS request to `<prefix>.q.<desk>`, answered by the active
// desk process only. Every payload is the bus codec's (bigint-exact JSON), checked here at the edge.
import { DeskUnavailableError } from '../desks/codes.ts';

/** A desk call as it sits in the log: the method, its arguments, and where its answer goes (null: nobody waits). */
export interface DeskCall {
  readonly m: string;
  readonly a: readonly unknown[];
  readonly r: string | null;
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
  const { m, a, r } = payload;
  if (typeof m !== 'string' || !METHOD.test(m)) throw new ProtocolError('a desk call names its method');
  if (!Array.isArray(a) || a.length > 8) throw new ProtocolError(`desk call ${m}: its arguments are a list of at most 8`);
  if (query) return { m, a, r: null };
  if (r !== null && (typeof r !== 'string' || !SUBJECT.test(r))) throw new ProtocolError(`desk call ${m}: bad answer subject`);
  return { m, a, r };
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
