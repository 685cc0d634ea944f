// /app/wallet/*: deposits, withdrawals, the address book, the whitelist and API keys' withdrawal permission (issue
// 22; server/wallet/README.md has the rules). Every route but `assets` is for a signed-in user and acts on that user
// only: ids name the caller's own rows, and another user's id answers exactly as a missing one. Shapes are checked
// here first (TypeBox: asset and network letters and digits, bounded strings, no extra fields), so malformed input
// (wrong types, NUL bytes, megabytes of digits) is refused before anything is read or stored.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { WALLET_API, type DepositStatus, type WithdrawalStatus } from '../../contract/wallet.ts';
import { fail } from '../../errors.ts';
import type { WithdrawalState } from '../../store/wallet.ts';
import { depositAddress, depositPage, walletCoins } from '../../wallet/deposits.ts';
import { depositItem, walletAssets, withdrawalItem } from '../../wallet/views.ts';
import { createWallet } from '../../wallet/wiring.ts';
import { requestContext } from '../envelope.ts';
import { parser } from '../validate.ts';
import type { AreaRouteDeps } from './area-deps.ts';
import { paging } from './spot/paging.ts';

const closed = { additionalProperties: false } as const;
const Code = Type.String({ pattern: '^[A-Za-z0-9]{1,16}$' });
const Text = (maxLength: number) => Type.String({ maxLength });
const Digits = Type.String({ pattern: '^[0-9]{1,7}$' });
const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Secret = Text(256);
const DEPOSIT_STATUSES: readonly DepositStatus[] = ['pending', 'credited', 'below_min', 'orphaned'];
const WITHDRAWAL_STATUSES: readonly WithdrawalStatus[] = ['applied', 'approved', 'rejected', 'cancelled', 'broadcast', 'confirmed'];

const AssetQuery = Type.Object({ asset: Type.Optional(Code), network: Type.Optional(Code) }, closed);
const DepositAddressQuery = Type.Object({ asset: Code, network: Type.Optional(Code) }, closed);
const ListQuery = Type.Object({ asset: Type.Optional(Code), status: Type.Optional(Text(16)), pageIndex: Type.Optional(Digits), pageSize: Type.Optional(Digits) }, closed);
const NoQuery = Type.Object({}, closed);
const WithdrawBody = Type.Object(
  {
    asset: Code, network: Code, address: Text(256), amount: Text(100), fundPassword: Secret,
    totpCode: Type.Optional(Text(32)), clientId: Type.Optional(Text(64)),
  },
  closed,
);
const IdBody = Type.Object({ id: Id }, closed);
const BookAddBody = Type.Object({ asset: Code, network: Code, address: Text(256), label: Text(200) }, closed);
const WhitelistBody = Type.Object({ enabled: Type.Boolean(), fundPassword: Secret, totpCode: Type.Optional(Text(32)) }, closed);
const ApiKeyBody = Type.Object({ apiKey: Type.String({ pattern: '^[A-Za-z0-9]{1,64}$' }), enabled: Type.Boolean(), fundPassword: Secret, totpCode: Type.Optional(Text(32)) }, closed);

const parseAsset = parser(AssetQuery);
const parseDepositAddress = parser(DepositAddressQuery);
const parseList = parser(ListQuery);
const parseNone = parser(NoQuery);
const parseWithdraw = parser(WithdrawBody);
const parseId = parser(IdBody);
const parseBookAdd = parser(BookAddBody);
const parseWhitelist = parser(WhitelistBody);
const parseApiKey = parser(ApiKeyBody);

const upper = (v: string | undefined) => v?.toUpperCase();

function pageOf(q: { pageIndex?: string | undefined; pageSize?: string | undefined }) {
  const pageIndex = q.pageIndex === undefined ? undefined : Number(q.pageIndex);
  if (pageIndex !== undefined && pageIndex < 1) fail('request.invalid');
  return paging({ pageIndex, pageSize: q.pageSize === undefined ? undefined : Number(q.pageSize) });
}

export function walletRoutes(app: FastifyInstance, deps: AreaRouteDeps): void {
  const { envelopes, store, chain } = deps;
  const wallet = createWallet({ store, clock: deps.clock, accounts: deps.accounts, notifier: deps.notifier, messages: deps.messages, trading: deps.trading, chain });
  const { service, book } = wallet;
  const userOf = async (request: FastifyRequest) => (await deps.accounts.sessions.authenticate(requestContext(request).ticket)).user.id;

  app.get(WALLET_API.assets, async (request) => {
    parseNone(request.query ?? {});
    return envelopes.success(request, walletAssets(await walletCoins(wallet), chain));
  });

  app.get(WALLET_API.depositAddress, async (request) => {
    const q = parseDepositAddress(request.query ?? {});
    const user = await userOf(request);
    return envelopes.success(request, await depositAddress(wallet, user, q.asset.toUpperCase(), upper(q.network)));
  });

  app.get(WALLET_API.deposits, async (request) => {
    const q = parseList(request.query ?? {});
    const page = pageOf(q);
    const status = q.status as DepositStatus | undefined;
    if (status !== undefined && !DEPOSIT_STATUSES.includes(status)) fail('request.invalid');
    const user = await userOf(request);
    const found = await depositPage(wallet, { user, asset: upper(q.asset), status, pageIndex: page.pageIndex, pageSize: page.pageSize });
    return envelopes.success(request, { list: found.list.map(depositItem), total: found.total, pageIndex: page.pageIndex, pageSize: page.pageSize });
  });

  app.post(WALLET_API.withdraw, async (request) => {
    const b = parseWithdraw(request.body);
    const user = await userOf(request);
    const item = await service.apply({
      user, asset: b.asset.toUpperCase(), network: b.network.toUpperCase(), address: b.address, amount: b.amount, clientId: b.clientId,
      proof: { kind: 'secrets', fundPassword: b.fundPassword, totpCode: b.totpCode },
    });
    return envelopes.success(request, item);
  });

  app.post(WALLET_API.cancelWithdrawal, async (request) => {
    const { id } = parseId(request.body);
    return envelopes.success(request, await service.cancel(await userOf(request), id));
  });

  app.get(WALLET_API.withdrawals, async (request) => {
    const q = parseList(request.query ?? {});
    const page = pageOf(q);
    const status = q.status as WithdrawalStatus | undefined;
    if (status !== undefined && !WITHDRAWAL_STATUSES.includes(status)) fail('request.invalid');
    const statuses: WithdrawalState[] | undefined = status === undefined ? undefined : status === 'applied' ? ['applying', 'applied'] : [status];
    const user = await userOf(request);
    const { rows, total } = await store.wallet.list({ user, asset: upper(q.asset), statuses }, page.offset, page.pageSize);
    return envelopes.success(request, { list: rows.map(withdrawalItem), total, pageIndex: page.pageIndex, pageSize: page.pageSize });
  });

  app.get(WALLET_API.addressBook, async (request) => {
    const q = parseAsset(request.query ?? {});
    return envelopes.success(request, await book.list(await userOf(request), { asset: upper(q.asset), network: upper(q.network) }));
  });

  app.post(WALLET_API.addressBookAdd, async (request) => {
    const b = parseBookAdd(request.body);
    const user = await userOf(request);
    return envelopes.success(request, await book.add(user, { asset: b.asset.toUpperCase(), network: b.network.toUpperCase(), address: b.address, label: b.label }));
  });

  app.post(WALLET_API.addressBookRemove, async (request) => {
    const { id } = parseId(request.body);
    await book.remove(await userOf(request), id);
    return envelopes.success(request, null);
  });

  app.get(WALLET_API.whitelist, async (request) => {
    parseNone(request.query ?? {});
    return envelopes.success(request, await book.whitelist(await userOf(request)));
  });

  app.post(WALLET_API.whitelistSet, async (request) => {
    const b = parseWhitelist(request.body);
    return envelopes.success(request, await book.setWhitelist(await userOf(request), b));
  });

  app.get(WALLET_API.limits, async (request) => {
    parseNone(request.query ?? {});
    return envelopes.success(request, await service.limits(await userOf(request)));
  });

  app.get(WALLET_API.apiKeys, async (request) => {
    parseNone(request.query ?? {});
    return envelopes.success(request, await book.apiKeys(await userOf(request)));
  });

  app.post(WALLET_API.apiKeysSet, async (request) => {
    const b = parseApiKey(request.body);
    return envelopes.success(request, await book.setApiKey(await userOf(request), b));
  });
}
