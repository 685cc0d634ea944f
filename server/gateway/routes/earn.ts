// App API for wealth products (/app/earn/*) and mining pools (/app/mining/*): the shapes of contract/earn.ts over the
// earn desk (desks/earn/api.ts). Queries are GET with query parameters (ids and page numbers as digit strings),
// actions POST with a JSON body, validated here at the edge (TypeBox, then the amount's decimal rules); refusals are
// EARN_CODES (or the catalogue's funds.insufficient, number.*, page.size.invalid, …) with the message in the user's
// language, the bound named where the desk gives one: below the minimum the minimum, above the maximum what the
// user may still buy, sold out the remaining quota, the treasury short what it can still fund, each with the coin.
// The product lists are public; signed in, they fill each product's `held` (what the user has in it). Everything
// else needs a session, and a purchase the same right to trade as an order (real-name verification when the
// operator requires it; a frozen account has no session). Orders change only through the desk; its events reach the
// `earn` topic on /ws (ws-hub.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { Page } from '../../contract/api.ts';
import {
  EARN_CODES, EARN_PATHS, MINING_PATHS, type EarnIncomeItem, type EarnKind, type EarnOrderDetail, type EarnOrderItem, type EarnProductItem,
  type EarnPurchaseResult,
} from '../../contract/earn.ts';
import type { ErrorCode, ServerErrorCode } from '../../contract/errors.ts';
import { DeskUnavailableError } from '../../desks/index.ts';
import type { EarnReply } from '../../desks/earn/api.ts';
import type { EarnFace } from '../../desks/faces.ts';
import { AppError, fail } from '../../errors.ts';
import { codeName, parseDecimal } from '../../kernel/index.ts';
import { requestContext } from '../envelope.ts';
import { parser } from '../validate.ts';
import { checkMayTrade, signedIn } from './spot/guard.ts';
import type { SpotRouteDeps } from './spot/index.ts';
import { paging } from './spot/paging.ts';

/** The product and pool lists' reply. */
export interface EarnProductsReply {
  list: EarnProductItem[];
}

/** An id: a whole number from 1, as a JSON number or a digit string (at most 15 digits: a safe integer). */
const ID_PATTERN = '^[1-9][0-9]{0,14}$';
const IdText = Type.String({ pattern: ID_PATTERN });
const BodyId = Type.Union([Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), IdText]);
const Digits = Type.String({ pattern: '^[0-9]{1,16}$' });

const ProductsQuery = Type.Object({ all: Type.Optional(Type.Literal('1')) }, { additionalProperties: false });
const PurchaseBody = Type.Object(
  {
    productId: BodyId,
    amount: Type.String({ minLength: 1, maxLength: 40 }),
    clientId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._:-]+$' })),
  },
  { additionalProperties: false },
);
const RedeemBody = Type.Object({ orderId: BodyId }, { additionalProperties: false });
const OrdersQuery = Type.Object(
  {
    status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('ended'), Type.Literal('all')])),
    pageIndex: Type.Optional(Digits),
    pageSize: Type.Optional(Digits),
  },
  { additionalProperties: false },
);
const DetailQuery = Type.Object({ orderId: IdText }, { additionalProperties: false });
const IncomesQuery = Type.Object({ orderId: IdText, pageIndex: Type.Optional(Digits), pageSize: Type.Optional(Digits) }, { additionalProperties: false });

const parseProducts = parser(ProductsQuery);
const parsePurchase = parser(PurchaseBody);
const parseRedeem = parser(RedeemBody);
const parseOrders = parser(OrdersQuery);
const parseDetail = parser(DetailQuery);
const parseIncomes = parser(IncomesQuery);

/** What the desk's (and the kernel's) other refusals say to the user. */
const DESK_REFUSALS: Readonly<Record<string, ErrorCode>> = {
  'funds.insufficient': 'funds.insufficient',
  'amount.invalid': 'number.not.positive',
  'decimal.format': 'number.format',
  'decimal.too.precise': 'number.too.precise',
  'decimal.negative': 'number.not.positive',
  'decimal.too.large': 'number.too.large',
  'page.invalid': 'validate.page.invalid',
  'asset.invalid': 'request.invalid',
  'order.client.id.invalid': 'request.invalid',
  'request.id.invalid': 'request.invalid',
  'user.invalid': 'system.error',
};

/** A refusal's bounds, decimal text or numbers, kept as the desk gave them. */
function boundsOf(reply: EarnReply<unknown>): Readonly<Record<string, string | number>> | undefined {
  return !reply.ok && 'data' in reply ? reply.data : undefined;
}

/** The desk's answer, or its refusal as a catalogue error (with the bound and the coin); a stopped desk is a 503. */
async function earnDesk<T>(call: Promise<EarnReply<T>>, asset?: string): Promise<T> {
  let reply: EarnReply<T>;
  try {
    reply = await call;
  } catch (error) {
    if (error instanceof DeskUnavailableError) throw new AppError('service.unavailable');
    throw error;
  }
  if (reply.ok) return reply.value;
  const code = reply.code;
  if ((EARN_CODES as readonly string[]).includes(code)) {
    const bounds = boundsOf(reply);
    fail(code as ServerErrorCode, bounds === undefined ? undefined : { ...bounds, ...(asset === undefined ? {} : { asset }) });
  }
  const mapped = DESK_REFUSALS[code];
  if (mapped === undefined) throw new Error(`unmapped earn desk code ${code}`);
  return fail(mapped);
}

/** The amount's decimal rules, checked before the desk sees it: a number, at most 8 places, above zero. */
function checkAmount(text: string): void {
  const parsed = parseDecimal(text);
  if (!parsed.ok) fail(DESK_REFUSALS[codeName(parsed.code)] ?? 'number.format');
  if (parsed.value === 0n) fail('number.not.positive');
}

const pageOf = (q: { pageIndex?: string | undefined; pageSize?: string | undefined }) => {
  const page = paging({ pageIndex: q.pageIndex === undefined ? undefined : Number(q.pageIndex), pageSize: q.pageSize === undefined ? undefined : Number(q.pageSize) });
  if (!Number.isSafeInteger(page.pageIndex) || page.pageIndex < 1) fail('validate.page.invalid');
  return page;
};

const idOf = (value: number | string): number => (typeof value === 'number' ? value : Number(value));

export function earnRoutes(app: FastifyInstance, deps: SpotRouteDeps): void {
  const { trading, envelopes } = deps;
  const earn: EarnFace = trading.desks.earn;

  /** The signed-in user of a public read, or undefined (no ticket, or one that no longer signs in). */
  const viewer = async (request: FastifyRequest): Promise<number | undefined> => {
    if (!requestContext(request).ticket) return undefined;
    try {
      return (await signedIn(deps, request)).id;
    } catch (error) {
      if (error instanceof AppError) return undefined;
      throw error;
    }
  };

  /** One kind's routes: wealth under /app/earn, mining under /app/mining (the same shapes; only wealth redeems). */
  const kindRoutes = (kind: EarnKind, paths: { list: string; purchase: string; orders: string; orderDetail: string; incomes: string }) => {
    app.get(paths.list, async (request) => {
      const q = parseProducts(request.query ?? {});
      const user = await viewer(request);
      const reply: EarnProductsReply = { list: await earn.products(kind, { all: q.all === '1', user }) };
      return envelopes.success(request, reply);
    });

    app.post(paths.purchase, async (request) => {
      const body: Static<typeof PurchaseBody> = parsePurchase(request.body);
      const user = await signedIn(deps, request);
      await checkMayTrade(deps, user);
      checkAmount(body.amount);
      const productId = idOf(body.productId);
      // The coin the bounds are in (a product of the other kind, or none: the desk answers earn.product.not.found).
      const product = await earn.product(productId);
      const asset = product?.kind === kind ? product.asset : undefined;
      const result: EarnPurchaseResult = await earnDesk(earn.purchase({ user: user.id, kind, productId, amount: body.amount.trim(), clientId: body.clientId }), asset);
      return envelopes.success(request, result);
    });

    app.get(paths.orders, async (request) => {
      const q = parseOrders(request.query ?? {});
      const user = await signedIn(deps, request);
      const page = pageOf(q);
      const found = await earnDesk(earn.orders({ user: user.id, kind, status: q.status ?? 'all', pageIndex: page.pageIndex, pageSize: page.pageSize }));
      const reply: Page<EarnOrderItem> = { list: found.list, total: found.total, pageIndex: found.pageIndex, pageSize: found.pageSize };
      return envelopes.success(request, reply);
    });

    app.get(paths.orderDetail, async (request) => {
      const q = parseDetail(request.query ?? {});
      const user = await signedIn(deps, request);
      const order = await desk(earn.order(user.id, kind, Number(q.orderId)));
      if (order === undefined) fail('earn.order.not.found');
      const reply: EarnOrderDetail = { order, schedulePeriods: order.periods };
      return envelopes.success(request, reply);
    });

    app.get(paths.incomes, async (request) => {
      const q = parseIncomes(request.query ?? {});
      const user = await signedIn(deps, request);
      const page = pageOf(q);
      const found = await earnDesk(earn.incomes({ user: user.id, kind, orderId: Number(q.orderId), pageIndex: page.pageIndex, pageSize: page.pageSize }));
      const reply: Page<EarnIncomeItem> = { list: found.list, total: found.total, pageIndex: found.pageIndex, pageSize: found.pageSize };
      return envelopes.success(request, reply);
    });
  };

  kindRoutes('wealth', { list: EARN_PATHS.products, purchase: EARN_PATHS.purchase, orders: EARN_PATHS.orders, orderDetail: EARN_PATHS.orderDetail, incomes: EARN_PATHS.incomes });
  kindRoutes('mining', { list: MINING_PATHS.projects, purchase: MINING_PATHS.purchase, orders: MINING_PATHS.orders, orderDetail: MINING_PATHS.orderDetail, incomes: MINING_PATHS.incomes });

  // Wealth only. A pool's principal is locked to its term's end: asked of one of the user's pools, the desk's
  // earn.mining.locked (with data.returnAt, when it comes back) rather than "not found".
  app.post(EARN_PATHS.redeem, async (request) => {
    const body = parseRedeem(request.body);
    const user = await signedIn(deps, request);
    const orderId = idOf(body.orderId);
    const reply = await desk(earn.redeem({ user: user.id, kind: 'wealth', orderId }));
    if (!reply.ok && reply.code === 'earn.order.not.found' && (await desk(earn.order(user.id, 'mining', orderId))) !== undefined) {
      return envelopes.success(request, await earnDesk(earn.redeem({ user: user.id, kind: 'mining', orderId })));
    }
    return envelopes.success(request, await earnDesk(Promise.resolve(reply)));
  });
}

/** A desk read that may throw DeskUnavailableError (a 503). */
async function desk<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof DeskUnavailableError) throw new AppError('service.unavailable');
    throw error;
  }
}
