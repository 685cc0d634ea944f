// App API for seconds contracts (/app/seconds/*) and the public price record (/app/priceRecord/*): the shapes of
// contract/seconds.ts. Queries are GET with query parameters, actions POST with a JSON body, validated here at the
// edge (TypeBox); refusals are SECONDS_ERROR_CODES (or the catalogue's funds.insufficient, request.invalid, …) with
// the message in the user's language, the minimum or maximum named. Contracts change only through the seconds desk;
// its events reach the `secondsContracts` topic on /ws (ws-hub.ts).
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import type { Page } from '../../contract/api.ts';
import type { ServerErrorCode } from '../../contract/errors.ts';
import {
  SECONDS_ERROR_CODES, SECONDS_PATHS, type PriceRecordHeadReply, type PriceRecordRangeReply, type SecondsConfigReply, type SecondsContractItem,
  type SecondsListReply, type SecondsSettlementsReply,
} from '../../contract/seconds.ts';
import { DeskUnavailableError, type SecondsPlace, type SecondsReply } from '../../desks/index.ts';
import { contractView } from '../../desks/seconds/state.ts';
import { AppError, fail } from '../../errors.ts';
import { parser } from '../validate.ts';
import { checkMayTrade, signedIn } from './spot/guard.ts';
import type { SpotRouteDeps } from './spot/index.ts';
import { paging } from './spot/paging.ts';

/** The longest span one priceRecord/range or settlements call covers: an hour (3,600 entries a market). */
export const RECORD_RANGE_MAX_MS = 3_600_000;
/** Settled contracts one settlements call answers at most (`more` says there are others: ask from the last id). */
export const SETTLEMENTS_PAGE = 5_000;

const Market = Type.String({ minLength: 2, maxLength: 20, pattern: '^[A-Za-z0-9]+$' });
const Direction = Type.Union([Type.Literal('up'), Type.Literal('down')]);
const PlaceBody = Type.Object(
  {
    market: Market, direction: Direction, durationS: Type.Integer({ minimum: 1, maximum: 2_592_000 }), amount: Type.String({ minLength: 1, maxLength: 40 }),
    clientId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._:-]+$' })),
  },
  { additionalProperties: false },
);
const ScheduleBody = Type.Object(
  { ...PlaceBody.properties, startTs: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
);
const IdBody = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,15}$' }) }, { additionalProperties: false });
const Digits = Type.String({ pattern: '^[0-9]{1,16}$' });
const HistoryQuery = Type.Object(
  { market: Type.Optional(Market), pageIndex: Type.Optional(Digits), pageSize: Type.Optional(Digits) },
  { additionalProperties: false },
);
const RangeQuery = Type.Object({ market: Market, from: Digits, to: Digits }, { additionalProperties: false });
const HeadQuery = Type.Object({ market: Type.Optional(Market) }, { additionalProperties: false });
const SettlementsQuery = Type.Object({ from: Digits, to: Digits, afterId: Type.Optional(Digits) }, { additionalProperties: false });
const ConfigQuery = Type.Object({ market: Type.Optional(Market), all: Type.Optional(Type.Literal('1')) }, { additionalProperties: false });

const parsePlace = parser(PlaceBody);
const parseSchedule = parser(ScheduleBody);
const parseId = parser(IdBody);
const parseHistory = parser(HistoryQuery);
const parseRange = parser(RangeQuery);
const parseHead = parser(HeadQuery);
const parseSettlements = parser(SettlementsQuery);
const parseConfig = parser(ConfigQuery);

/** What the desk's refusals say to the user. */
const DESK_REFUSALS: Readonly<Record<string, ServerErrorCode>> = {
  'funds.insufficient': 'funds.insufficient',
  'amount.invalid': 'number.not.positive',
  'order.side.invalid': 'request.invalid',
  'order.client.id.invalid': 'request.invalid',
  'user.invalid': 'request.invalid',
  'market.unknown': 'seconds.market.unknown',
};

async function secondsDesk<T>(call: Promise<SecondsReply<T>>): Promise<T> {
  let reply: SecondsReply<T>;
  try {
    reply = await call;
  } catch (error) {
    if (error instanceof DeskUnavailableError) throw new AppError('service.unavailable');
    throw error;
  }
  if (reply.ok) return reply.value;
  const code = reply.code;
  if ((SECONDS_ERROR_CODES as readonly string[]).includes(code)) fail(code as ServerErrorCode, 'data' in reply ? reply.data : undefined);
  const mapped = DESK_REFUSALS[code];
  if (mapped === undefined) throw new Error(`unmapped seconds desk code ${code}`);
  return fail(mapped);
}

/** A from/to pair of Unix ms, in order and at most `max` apart. */
function span(fromText: string, toText: string, max: number): { from: number; to: number } {
  const from = Number(fromText);
  const to = Number(toText);
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from > to || to - from > max) fail('seconds.range.invalid', { maxMs: max });
  return { from, to };
}

export function secondsRoutes(app: FastifyInstance, deps: SpotRouteDeps): void {
  const { trading, envelopes, store } = deps;
  const seconds = trading.desks.seconds;

  app.get(SECONDS_PATHS.config, async (request) => {
    const q = parseConfig(request.query ?? {});
    // Like the other seconds reads, `market` narrows it to one market (an unknown one: an empty list).
    const market = q.market?.toUpperCase();
    const list = await seconds.configList(q.all === '1');
    const reply: SecondsConfigReply = { list: market === undefined ? list : list.filter((r) => r.market === market) };
    return envelopes.success(request, reply);
  });

  const place = async (user: number, b: Static<typeof PlaceBody>, startTs?: number): Promise<SecondsContractItem> => {
    const req: SecondsPlace = { user, market: b.market.toUpperCase(), direction: b.direction, durationS: b.durationS, amount: b.amount, clientId: b.clientId, startTs };
    return (await secondsDesk(seconds.place(req))).contract;
  };

  app.post(SECONDS_PATHS.place, async (request) => {
    const body = parsePlace(request.body);
    const user = await signedIn(deps, request);
    await checkMayTrade(deps, user);
    return envelopes.success(request, await place(user.id, body));
  });

  app.post(SECONDS_PATHS.schedule, async (request) => {
    const body = parseSchedule(request.body);
    const user = await signedIn(deps, request);
    await checkMayTrade(deps, user);
    const { startTs, ...rest } = body;
    return envelopes.success(request, await place(user.id, rest, startTs));
  });

  app.post(SECONDS_PATHS.cancelScheduled, async (request) => {
    const body = parseId(request.body);
    const user = await signedIn(deps, request);
    return envelopes.success(request, await secondsDesk(seconds.cancelScheduled({ user: user.id, id: Number(body.id) })));
  });

  app.get(SECONDS_PATHS.pending, async (request) => {
    const user = await signedIn(deps, request);
    const reply: SecondsListReply = { list: await seconds.openOf(user.id, 'pending') };
    return envelopes.success(request, reply);
  });

  app.get(SECONDS_PATHS.holding, async (request) => {
    const user = await signedIn(deps, request);
    const reply: SecondsListReply = { list: await seconds.openOf(user.id, 'holding') };
    return envelopes.success(request, reply);
  });

  app.get(SECONDS_PATHS.history, async (request) => {
    const q = parseHistory(request.query ?? {});
    const user = await signedIn(deps, request);
    const page = paging({ pageIndex: q.pageIndex === undefined ? undefined : Number(q.pageIndex), pageSize: q.pageSize === undefined ? undefined : Number(q.pageSize) });
    if (page.pageIndex < 1) fail('validate.page.invalid');
    const found = await store.seconds.byUser({ user: user.id, statuses: ['settled', 'cancelled', 'refunded'], market: q.market?.toUpperCase(), offset: page.offset, limit: page.pageSize });
    const reply: Page<SecondsContractItem> = { list: found.rows.map(contractView), total: found.total, pageIndex: page.pageIndex, pageSize: page.pageSize };
    return envelopes.success(request, reply);
  });

  app.get(SECONDS_PATHS.detail, async (request) => {
    const q = parseId(request.query ?? {});
    const user = await signedIn(deps, request);
    const open = [...(await seconds.openOf(user.id, 'pending')), ...(await seconds.openOf(user.id, 'holding'))].find((c) => c.id === q.id);
    if (open !== undefined) return envelopes.success(request, open);
    const row = await store.seconds.byId(Number(q.id));
    if (row === undefined || row.user !== user.id) fail('seconds.not.found');
    return envelopes.success(request, contractView(row));
  });

  // ---- the public price record ----

  app.get(SECONDS_PATHS.priceRecordRange, async (request) => {
    const q = parseRange(request.query ?? {});
    const { from, to } = span(q.from, q.to, RECORD_RANGE_MAX_MS);
    const reply: PriceRecordRangeReply = { list: await store.seconds.range(q.market.toUpperCase(), { from, to, limit: RECORD_RANGE_MAX_MS / 10 }) };
    return envelopes.success(request, reply);
  });

  app.get(SECONDS_PATHS.priceRecordHead, async (request) => {
    const q = parseHead(request.query ?? {});
    const heads = await store.seconds.heads();
    const market = q.market?.toUpperCase();
    const reply: PriceRecordHeadReply = { list: market === undefined ? heads : heads.filter((e) => e.market === market) };
    return envelopes.success(request, reply);
  });

  app.get(SECONDS_PATHS.settlements, async (request) => {
    const q = parseSettlements(request.query ?? {});
    const { from, to } = span(q.from, q.to, RECORD_RANGE_MAX_MS);
    const rows = await store.seconds.settled({ from, to, limit: SETTLEMENTS_PAGE + 1, afterId: q.afterId === undefined ? 0 : Number(q.afterId) });
    const more = rows.length > SETTLEMENTS_PAGE;
    const reply: SecondsSettlementsReply = { list: rows.slice(0, SETTLEMENTS_PAGE).map(contractView), more };
    return envelopes.success(request, reply);
  });
}
