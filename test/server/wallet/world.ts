// A desks world (../desks/world.ts) with the wallet over it: the real spot desk's wallet commands, the real fund
// password and TOTP checks (accounts, a plain test hasher so twenty applications don't spend seconds in argon2), a
// chain that answers with the chain helper's real rules and address checks (server/chain/networks.ts) without
// running a node, fixed USDT prices, and the lifecycle step with a signer record the test writes.
import { generate } from 'otplib';
import { createAccounts } from '../../../server/accounts/service.ts';
import type { PasswordHasher } from '../../../server/accounts/passwords.ts';
import { createUser } from '../../../server/accounts/identity.ts';
import { createTotp } from '../../../server/accounts/twofactor/totp.ts';
import { twoFactorKey } from '../../../server/accounts/twofactor/secret-key.ts';
import { createLoginSecondFactor } from '../../../server/accounts/twofactor/login-step.ts';
import { ASSET_DEFAULTS, isValidAddress } from '../../../server/chain/networks.ts';
import { depositUri } from '../../../server/chain/index.ts';
import { createMessages } from '../../../server/i18n/messages.ts';
import { createNotifier } from '../../../server/notify/notifier.ts';
import { withAntiPhishing } from '../../../server/notify/anti-phishing.ts';
import type { Store } from '../../../server/store/index.ts';
import { createAddressBook, type AddressBook } from '../../../server/wallet/book.ts';
import { lifecycleStep, type LifecycleReport } from '../../../server/wallet/jobs.ts';
import type { NetworkId, WalletChain } from '../../../server/wallet/ports.ts';
import { createWalletService, type WalletService } from '../../../server/wallet/service.ts';
import { openWorld, type World } from '../desks/world.ts';
import type { DialectName } from '../dialects.ts';

export const FUND = 'Fund-pass-123';
export const E8 = 100_000_000n;
/** Valid Ethereum addresses (lower case: no checksum to get wrong) and a regtest segwit one. */
export const ETH_ADDR = `0x${'ab'.repeat(20)}`;
export const ETH_ADDR2 = `0x${'cd'.repeat(20)}`;
export const BTC_ADDR = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';

/** A hasher for tests: the fund password's check is the security centre's; only the hashing is cheap. */
export const plainHasher: PasswordHasher = {
  hash: async (p) => `plain:${p}`,
  verify: async (stored, p) => stored === `plain:${p}`,
};

export const messages = createMessages();

/** What the chain helper's WalletChain answers for a local chain (31337) and Bitcoin regtest, without a node. */
export function testChain(): WalletChain {
  const rules = [
    { ...ASSET_DEFAULTS.ETH, contract: null },
    { ...ASSET_DEFAULTS.USDT, contract: `0x${'12'.repeat(20)}` as `0x${string}` },
    { ...ASSET_DEFAULTS.BTC, contract: null },
  ];
  return {
    networks: () => [
      { id: 'ETH', name: 'Ethereum local test chain (ERC20)', chainId: 31337, confirmations: 12, depositEnabled: true, withdrawEnabled: true },
      { id: 'BTC', name: 'Bitcoin regtest (SegWit)', chainId: null, confirmations: 6, depositEnabled: true, withdrawEnabled: false },
    ],
    rules: () => rules.map((r) => ({ ...r })),
    isValidAddress: (network: NetworkId, address: string) => isValidAddress(network, address, 'regtest'),
    depositAddress: async (user: number, network: NetworkId) => (network === 'ETH' ? `0x${user.toString(16).padStart(40, '0')}` : `bcrt1q${user.toString(16).padStart(38, '0')}`),
    uri: (network: NetworkId, address: string, asset: string) => depositUri(network, address, 31337, rules.find((r) => r.network === network && r.asset === asset)?.contract ?? null),
  };
}

export const PRICES: Record<string, bigint> = { USDT: E8, ETH: 3_000n * E8, BTC: 50_000n * E8 };

export interface UserOptions {
  verified?: boolean;
  fundPassword?: boolean;
  totp?: boolean;
  phone?: string;
}

export interface WalletWorld {
  readonly w: World;
  readonly store: Store;
  readonly chain: WalletChain;
  readonly service: WalletService;
  readonly book: AddressBook;
  /** Another gateway over the same store (its own in-process queues), for races across processes. */
  other(store?: Store): WalletService;
  /** A user; with TOTP on, `code()` gives the next fresh code (the clock moves 30 s first). */
  user(email: string, o?: UserOptions): Promise<{ id: number; code: () => Promise<string> }>;
  /** The user's coin balance in an asset: available and frozen, as text. */
  balance(user: number, asset: string): Promise<{ available: string; frozen: string }>;
  /** Everything a refusal must leave alone: the user's balances, withdrawals, address book and records. */
  snapshot(user: number): Promise<unknown>;
  step(signer?: Parameters<typeof lifecycleStep>[0]['signer']): Promise<LifecycleReport>;
  dispose(): Promise<void>;
}

export async function openWalletWorld(dialect: DialectName): Promise<WalletWorld> {
  const w = await openWorld(dialect);
  const store = w.store;
  const clock = w.clock.now;
  const notifier = withAntiPhishing(createNotifier({ outbox: store.outbox, clock }), store, messages);
  const accounts = createAccounts({ store, clock, notifier, messages, hasher: plainHasher, sessionTtlMs: 3_600_000 });
  const chain = testChain();
  const make = (s: Store) => {
    const second = createLoginSecondFactor({ store: s, clock, guard: accounts.secrets, key: twoFactorKey(store) });
    return createWalletService({
      store: s, clock, chain, desk: w.desks.spot, price: (a) => PRICES[a] ?? null, verifyFundPassword: accounts.verifyFundPassword,
      verifyTotp: second.verifyTotp, notifier, messages,
    });
  };
  const service = make(store);
  const book = createAddressBook({ store, clock, chain, prove: service.proveSecrets });
  const totp = createTotp({ store, clock, guard: accounts.secrets, key: twoFactorKey(store) });

  return {
    w, store, chain, service, book,
    other: (s = store) => make(s),
    async user(email, o = {}) {
      const now = clock();
      const id = await store.transaction((tx) =>
        createUser(tx, { email, phone: o.phone ?? null, passwordHash: 'x', referrerId: null, now, realNameStatus: o.verified === false ? 'none' : 'certified' }),
      );
      if (o.fundPassword !== false) await store.users.setFundPassword(id, await plainHasher.hash(FUND), now);
      let secret = '';
      if (o.totp) {
        const user = (await store.users.findById(id))!;
        secret = (await totp.setup(user)).secret;
        await totp.enable(id, await generate({ secret, epoch: Math.floor(clock() / 1000) }));
      }
      return {
        id,
        async code() {
          w.clock.advance(30_000);
          return generate({ secret, epoch: Math.floor(clock() / 1000) });
        },
      };
    },
    async balance(user, asset) {
      const r = await w.desks.spot.balances(user);
      if (!r.ok) throw new Error(r.code);
      const b = r.value.find((x) => x.asset === asset);
      return { available: b?.available ?? '0', frozen: b?.frozen ?? '0' };
    },
    async snapshot(user) {
      const r = await w.desks.spot.balances(user);
      return {
        balances: r.ok ? r.value : r.code,
        withdrawals: (await store.wallet.list({ user }, 0, 1000)).rows,
        book: await store.wallet.book(user),
        records: (await store.records.page({ user }, 0, 1000)).rows.length,
      };
    },
    step: (signer) => lifecycleStep({ store, clock, desks: { spot: w.desks.spot }, notifier, messages, ...(signer === undefined ? {} : { signer }) }),
    async dispose() {
      await w.check();
      await w.dispose();
    },
  };
}
