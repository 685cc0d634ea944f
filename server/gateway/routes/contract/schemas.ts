// TypeBox schemas of the contract requests: the shape is checked here, at the edge (unknown fields refused); the
// numbers' own rules (grid, minimum, precision, leverage range, balance) are the perp desk's, answered with its codes.
// Decimal text is bounded in length and alphabet; a sign is let through so "-1" answers "must be greater than 0".
import Type from 'typebox';
import { CONTRACT_CONDITIONAL_TYPES, CONTRACT_WORKING_TYPES, MARGIN_TYPES } from '../../../contract/api.ts';

const Decimal = Type.String({ minLength: 1, maxLength: 48, pattern: '^-?[0-9.]+$' });
const MarketSymbol = Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9]+$' });
const ClientId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._:-]+$' });
const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Time = Type.Integer({ minimum: 0, maximum: 8_640_000_000_000_000 });
const Side = Type.Union([Type.Literal('buy'), Type.Literal('sell')]);
const Tif = Type.Union([Type.Literal('GTC'), Type.Literal('IOC'), Type.Literal('FOK')]);

const Paging = {
  pageIndex: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
};

export const PlaceBody = Type.Object(
  {
    symbol: MarketSymbol,
    side: Side,
    type: Type.Union([Type.Literal('limit'), Type.Literal('market')]),
    price: Type.Optional(Decimal),
    amount: Decimal,
    timeInForce: Type.Optional(Tif),
    postOnly: Type.Optional(Type.Boolean()),
    reduceOnly: Type.Optional(Type.Boolean()),
    clientOrderId: Type.Optional(ClientId),
  },
  { additionalProperties: false },
);

export const CancelBody = Type.Object(
  { orderNo: Type.Optional(Id), clientOrderId: Type.Optional(ClientId) },
  { additionalProperties: false },
);

export const OptionalSymbolBody = Type.Object({ symbol: Type.Optional(MarketSymbol) }, { additionalProperties: false });

export const SymbolBody = Type.Object({ symbol: MarketSymbol }, { additionalProperties: false });

/** Leverage as any integer: the market's range is the desk's rule (contract.leverage.invalid names it). */
export const LeverageBody = Type.Object(
  { symbol: MarketSymbol, leverage: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 }) },
  { additionalProperties: false },
);

export const MarginTypeBody = Type.Object({ symbol: MarketSymbol, marginType: Type.Enum(MARGIN_TYPES) }, { additionalProperties: false });

const TriggerPrice = Type.Union([Decimal, Type.Null()]);
export const TpSlBody = Type.Object(
  { symbol: MarketSymbol, takeProfit: Type.Optional(TriggerPrice), stopLoss: Type.Optional(TriggerPrice) },
  { additionalProperties: false },
);

export const AdjustMarginBody = Type.Object(
  { symbol: MarketSymbol, amount: Decimal, type: Type.Union([Type.Literal('add'), Type.Literal('remove')]) },
  { additionalProperties: false },
);

export const OrderListBody = Type.Object(
  {
    active: Type.Union([Type.Literal(1), Type.Literal(2)]),
    symbol: Type.Optional(MarketSymbol),
    startTime: Type.Optional(Time),
    endTime: Type.Optional(Time),
    ...Paging,
  },
  { additionalProperties: false },
);

export const OrderDetailBody = Type.Object({ orderNo: Id }, { additionalProperties: false });

export const FundingHistoryBody = Type.Object(
  {
    symbol: MarketSymbol,
    startTime: Type.Optional(Time),
    endTime: Type.Optional(Time),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  },
  { additionalProperties: false },
);

export const EmptyBody = Type.Object({}, { additionalProperties: false });

export const PagedBody = Type.Object({ ...Paging }, { additionalProperties: false });

export const PlaceConditionalBody = Type.Object(
  {
    symbol: MarketSymbol,
    side: Side,
    type: Type.Enum(CONTRACT_CONDITIONAL_TYPES),
    triggerPrice: Decimal,
    workingType: Type.Optional(Type.Enum(CONTRACT_WORKING_TYPES)),
    price: Type.Optional(Decimal),
    amount: Decimal,
    reduceOnly: Type.Optional(Type.Boolean()),
    timeInForce: Type.Optional(Tif),
    clientOrderId: Type.Optional(ClientId),
  },
  { additionalProperties: false },
);

export const ConditionalListBody = Type.Object(
  { active: Type.Union([Type.Literal(1), Type.Literal(2)]), symbol: Type.Optional(MarketSymbol), ...Paging },
  { additionalProperties: false },
);

export const CancelConditionalBody = Type.Object({ conditionalNo: Id }, { additionalProperties: false });
