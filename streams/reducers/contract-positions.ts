// The user's perpetual positions, per-market settings and contract account as the server last sent them: the
// positions reply (GET /app/contract/positions) and the `contractPositions` and `contractAccount` events. Every
// piece carries the server time it was read at, and a piece older than the one held is ignored, so a late reply
// can't roll back an update and a replayed event can't bring back a closed position. A reply is a whole snapshot:
// a market it leaves out is flat, unless an update newer than the reply says otherwise.
import type { ContractAccountItem, ContractPositionItem, ContractPositionsReply, ContractPositionUpdate, MarginType } from '../contract.ts';

export interface ContractSettings {
  readonly leverage: number;
  readonly marginType: MarginType;
}

interface Stamped<T> {
  readonly value: T;
  readonly time: number;
}

export interface ContractPositionsState {
  /** null: flat (kept so an older open position can't come back). */
  readonly positions: ReadonlyMap<string, Stamped<ContractPositionItem | null>>;
  readonly settings: ReadonlyMap<string, Stamped<ContractSettings>>;
  readonly account: ContractAccountItem | null;
}

export const noContractPositions: ContractPositionsState = { positions: new Map(), settings: new Map(), account: null };

function setPosition(map: Map<string, Stamped<ContractPositionItem | null>>, symbol: string, value: ContractPositionItem | null, time: number): void {
  const held = map.get(symbol);
  if (held && held.time > time) return;
  map.set(symbol, { value, time });
}

function setSettings(map: Map<string, Stamped<ContractSettings>>, symbol: string, value: ContractSettings, time: number): void {
  const held = map.get(symbol);
  if (held && held.time > time) return;
  const same = held && held.value.leverage === value.leverage && held.value.marginType === value.marginType;
  map.set(symbol, { value: same ? held.value : { leverage: value.leverage, marginType: value.marginType }, time });
}

/** The positions reply: a snapshot at its account's time. */
export function applyPositionsReply(state: ContractPositionsState, reply: ContractPositionsReply): ContractPositionsState {
  const time = reply.account.time;
  const positions = new Map(state.positions);
  const open = new Set(reply.positions.map((p) => p.symbol));
  for (const [symbol, held] of state.positions) if (!open.has(symbol) && held.value !== null) setPosition(positions, symbol, null, time);
  for (const p of reply.positions) setPosition(positions, p.symbol, p, time);
  const settings = new Map(state.settings);
  for (const s of reply.settings) setSettings(settings, s.symbol, s, time);
  return { positions, settings, account: newerAccount(state.account, reply.account) };
}

/** `contractPositions`: one market's position (null: flat) with its settings. */
export function applyPositionUpdate(state: ContractPositionsState, u: ContractPositionUpdate): ContractPositionsState {
  const held = state.positions.get(u.symbol);
  const heldSettings = state.settings.get(u.symbol);
  if (held && held.time > u.time && heldSettings && heldSettings.time > u.time) return state;
  const positions = new Map(state.positions);
  setPosition(positions, u.symbol, u.position, u.time);
  const settings = new Map(state.settings);
  setSettings(settings, u.symbol, u, u.time);
  return { ...state, positions, settings };
}

const newerAccount = (held: ContractAccountItem | null, next: ContractAccountItem): ContractAccountItem => (held && held.time > next.time ? held : next);

/** `contractAccount`. */
export function applyAccountUpdate(state: ContractPositionsState, account: ContractAccountItem): ContractPositionsState {
  const next = newerAccount(state.account, account);
  return next === state.account ? state : { ...state, account: next };
}

/** The open positions with the server time each was read at, by symbol. */
export function openPositions(state: ContractPositionsState): Array<{ item: ContractPositionItem; time: number }> {
  const out: Array<{ item: ContractPositionItem; time: number }> = [];
  for (const { value, time } of state.positions.values()) if (value !== null) out.push({ item: value, time });
  return out.sort((a, b) => (a.item.symbol < b.item.symbol ? -1 : a.item.symbol > b.item.symbol ? 1 : 0));
}

export const settingsOf = (state: ContractPositionsState, symbol: string): ContractSettings | null => state.settings.get(symbol)?.value ?? null;
