// The user's quantitative bots by id: the REST seed (the running bots and the latest ended ones) and the `quant`
// events, which carry the whole bot after any change (a stage, a fill, its end). A bot only moves forward (running →
// ended; its stages and fills only add up), so a copy behind the held one (a late seed, a replayed event) is
// ignored. A fresh run of the topic opens a new epoch before its seed is read: a running bot the seed leaves out that
// no event of this run touched has ended meanwhile beyond the seed's page, and goes.
import type { QuantBotView, QuantKind } from '../contract.ts';

interface Entry {
  readonly bot: QuantBotView;
  readonly epoch: number;
}

export interface QuantBots {
  readonly entries: ReadonlyMap<number, Entry>;
  readonly epoch: number;
}

export interface QuantSeed {
  /** The running bots of both kinds. */
  readonly running: readonly QuantBotView[];
  /** The latest ended bots of both kinds. */
  readonly ended: readonly QuantBotView[];
}

export interface QuantViews {
  /** Every bot held, newest first. */
  readonly all: readonly QuantBotView[];
  /** The robots and the grids, each newest first. */
  readonly robot: readonly QuantBotView[];
  readonly grid: readonly QuantBotView[];
}

export const noQuantBots: QuantBots = { entries: new Map(), epoch: 0 };
export const noQuantViews: QuantViews = { all: [], robot: [], grid: [] };
/** Ended bots kept in memory (the page reads older ones by pages). */
export const QUANT_ENDED_LIMIT = 200;

/** Whether `next` is at least as far along as `held`. */
export function quantNotBehind(held: QuantBotView, next: QuantBotView): boolean {
  const a = held.status === 'running' ? 0 : 1;
  const b = next.status === 'running' ? 0 : 1;
  if (a !== b) return b > a;
  if (next.stages.length !== held.stages.length) return next.stages.length > held.stages.length;
  if (next.fills !== held.fills) return next.fills > held.fills;
  return next.rounds >= held.rounds;
}

export const freshQuantRun = (s: QuantBots): QuantBots => ({ entries: s.entries, epoch: s.epoch + 1 });

export function mergeQuant(s: QuantBots, bots: readonly QuantBotView[]): QuantBots {
  let next: Map<number, Entry> | null = null;
  for (const bot of bots) {
    const held = (next ?? s.entries).get(bot.id);
    if (held && (held.bot === bot || !quantNotBehind(held.bot, bot))) continue;
    next ??= new Map(s.entries);
    next.set(bot.id, { bot, epoch: s.epoch });
  }
  if (!next) return s;
  const ended = [...next].filter(([, e]) => e.bot.status === 'ended');
  if (ended.length > QUANT_ENDED_LIMIT) {
    ended.sort((x, y) => (x[1].bot.endedAt ?? 0) - (y[1].bot.endedAt ?? 0) || x[0] - y[0]);
    for (const [id] of ended.slice(0, ended.length - QUANT_ENDED_LIMIT)) next.delete(id);
  }
  return { entries: next, epoch: s.epoch };
}

export function seedQuant(s: QuantBots, seed: QuantSeed): QuantBots {
  const all = [...seed.running, ...seed.ended];
  const listed = new Set(all.map((b) => b.id));
  const gone = [...s.entries].filter(([id, e]) => e.bot.status === 'running' && e.epoch < s.epoch && !listed.has(id));
  const merged = mergeQuant(s, all);
  if (gone.length === 0) return merged;
  const entries = new Map(merged.entries);
  for (const [id] of gone) entries.delete(id);
  return { entries, epoch: s.epoch };
}

const newestFirst = (a: QuantBotView, b: QuantBotView): number => b.createdAt - a.createdAt || b.id - a.id;
const same = (a: readonly QuantBotView[], b: readonly QuantBotView[]) => a.length === b.length && a.every((o, i) => o === b[i]);

/** The bots, newest first, all and by kind; a list keeps its array while none of its bots changed. */
export function quantViews(s: QuantBots, held: QuantViews = noQuantViews): QuantViews {
  const all = [...s.entries.values()].map((e) => e.bot).sort(newestFirst);
  const byKind = (kind: QuantKind) => all.filter((b) => b.kind === kind);
  const robot = byKind('robot');
  const grid = byKind('grid');
  return { all: same(all, held.all) ? held.all : all, robot: same(robot, held.robot) ? held.robot : robot, grid: same(grid, held.grid) ? held.grid : grid };
}

/** The newest running bot of a kind (in a market when `symbol` is given), else the newest one of that kind. */
export function currentBot(views: QuantViews, kind: QuantKind, symbol?: string): QuantBotView | null {
  const list = (kind === 'robot' ? views.robot : views.grid).filter((b) => symbol === undefined || b.symbol === symbol);
  return list.find((b) => b.status === 'running') ?? list[0] ?? null;
}
