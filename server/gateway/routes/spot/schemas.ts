// TypeBox schemas of the spot and wallet requests: the shape is checked here, at the edge; the numbers' own rules
// (grid, minimum, precision, balance) are the desks', answered with their codes. Decimal text is bounded in length
// and alphabet so nothing absurd travels further; a sign is let through so "-1" answers "must be greater than 0".
import Type from 'typebox';
import { ACCOUNT_TYPES, ASSET_RECORD_TYPES } from '../../../contract/api.ts';

const Decimal = Type.String({ minLength: 1, maxLength: 48, pattern: '^-?[0-9.]+$' });
const MarketSymbol = Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9]+$' });
const Asset = Type.String({ minLength: 1, maxLength: 16, pattern: '^[A-Z0-9]+$' });
const ClientId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._:-]+$' });
const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Time = Type.Integer({ minimum: 0, maximum: 8_640_000_000_000_000 });
const Account = Type.Enum(ACCOUNT_TYPES);
const RecordType = Type.Enum(ASSET_RECORD_TYPES);

const Paging = {
  pageIndex: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
};

export const PlaceOrderBody = Type.Object(
  {
    symbol: MarketSymbol,
    side: Type.Union([Type.Literal('buy'), Type.Literal('sell')]),
    type: Type.Union([Type.Literal('limit'), Type.Literal('market')]),
    price: Type.Optional(Decimal),
    amount: Type.Optional(Decimal),
    total: Type.Optional(Decimal),
    timeInForce: Type.Optional(Type.Union([Type.Literal('GTC'), Type.Literal('IOC'), Type.Literal('FOK')])),
    postOnly: Type.Optional(Type.Boolean()),
    clientOrderId: Type.Optional(ClientId),
    trigger: Type.Optional(
      Type.Object(
        {
          condition: Type.Union([Type.Literal('stop_loss'), Type.Literal('take_profit')]),
          stopPrice: Type.Optional(Decimal),
          trailingDelta: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export const PlaceOcoBody = Type.Object(
  {
    symbol: MarketSymbol,
    side: Type.Union([Type.Literal('buy'), Type.Literal('sell')]),
    amount: Decimal,
    limitPrice: Decimal,
    stopPrice: Decimal,
    stopLimitPrice: Type.Optional(Decimal),
    clientOrderId: Type.Optional(ClientId),
  },
  { additionalProperties: false },
);

export const CancelOrderBody = Type.Object(
  { orderNo: Type.Optional(Id), clientOrderId: Type.Optional(ClientId) },
  { additionalProperties: false },
);

export const CancelAllBody = Type.Object({ symbol: Type.Optional(MarketSymbol) }, { additionalProperties: false });

export const OrderListBody = Type.Object(
  {
    active: Type.Union([Type.Literal(1), Type.Literal(2)]),
    symbol: Type.Optional(MarketSymbol),
    side: Type.Optional(Type.Union([Type.Literal('buy'), Type.Literal('sell')])),
    status: Type.Optional(Type.Union([Type.Literal('completed'), Type.Literal('cancelled')])),
    conditional: Type.Optional(Type.Boolean()),
    ...Paging,
  },
  { additionalProperties: false },
);

export const OrderDetailBody = Type.Object({ orderNo: Id }, { additionalProperties: false });

export const MyTradesBody = Type.Object({ symbol: Type.Optional(MarketSymbol), ...Paging }, { additionalProperties: false });

export const TransferBody = Type.Object(
  { asset: Asset, amount: Decimal, from: Account, to: Account, clientId: ClientId },
  { additionalProperties: false },
);

export const PagedBody = Type.Object({ ...Paging }, { additionalProperties: false });

export const AssetRecordsBody = Type.Object(
  {
    type: Type.Optional(Type.Union([RecordType, Type.Array(RecordType, { minItems: 1, maxItems: ASSET_RECORD_TYPES.length })])),
    asset: Type.Optional(Asset),
    account: Type.Optional(Account),
    symbol: Type.Optional(MarketSymbol),
    startTime: Type.Optional(Time),
    endTime: Type.Optional(Time),
    ...Paging,
  },
  { additionalProperties: false },
);
