// TypeBox schemas of the app API's request payloads (the contract's request types, checked at runtime).
// Lengths are generous bounds against abuse; the real field rules (spec §5) are the service's to answer.
import Type from 'typebox';

const Channel = Type.Union([Type.Literal('email'), Type.Literal('phone')]);
const Purpose = Type.Union([Type.Literal('register'), Type.Literal('reset'), Type.Literal('bind'), Type.Literal('login')]);
const Account = Type.String({ maxLength: 320 });
const Password = Type.String({ maxLength: 256 });
const Code = Type.String({ maxLength: 32 });

export const SendCodeBody = Type.Object({ channel: Channel, account: Account, purpose: Purpose });

export const RegisterBody = Type.Object({
  channel: Channel,
  account: Account,
  code: Code,
  password: Password,
  inviteCode: Type.Optional(Type.Union([Type.String({ maxLength: 32 }), Type.Null()])),
  agree: Type.Boolean(),
});

export const LoginBody = Type.Object({ account: Account, password: Password, code: Type.Optional(Code), totpCode: Type.Optional(Type.String({ maxLength: 16 })) });

export const ResetPasswordBody = Type.Object({ channel: Channel, account: Account, code: Code, password: Password });

export const PageBody = Type.Object({ pageIndex: Type.Number(), pageSize: Type.Number() });

export const ConfigQuery = Type.Object({ key: Type.String({ maxLength: 128 }) });

// WebSocket client frames (contract/ws.ts WsClientFrame). Topic names are checked against the contract's pattern
// after this, so an unknown topic answers an error carrying the request id; the list is bounded here.
const WsId = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });
const WsTopics = Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 64 });
export const WsFrame = Type.Union([
  Type.Object({ op: Type.Literal('ping'), id: Type.Optional(WsId) }),
  Type.Object({ op: Type.Literal('subscribe'), id: WsId, topics: WsTopics }),
  Type.Object({ op: Type.Literal('unsubscribe'), id: WsId, topics: WsTopics }),
  Type.Object({ op: Type.Literal('auth'), id: WsId, ticket: Type.String({ maxLength: 256 }) }),
]);
