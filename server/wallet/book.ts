// The address book, the whitelist switch and the API keys allowed to withdraw (issue 22; README.md beside this file).
// - Address book: at most ADDRESS_BOOK_MAX entries per user, unique per (network, address) (compared as
//   rules.ts addressKey does), each with a label; an address must be valid for its network. Only the owner reads or
//   removes an entry: another user's id answers wallet.address.book.not.found, as a missing one does.
// - Whitelist: switching it on is immediate; switching it off takes effect WHITELIST_OFF_DELAY_MS later and it stays
//   in force until then, so a stolen session with the fund password can't switch it off and withdraw at once.
//   Either needs the fund password (and TOTP when on).
// - API keys: a key may withdraw through Binance's /sapi/v1/capital/withdraw/apply only when its owner allowed it
//   here (fund password, TOTP when on) and the key is restricted to IP addresses, as Binance requires.
import type { Clock } from '../clock.ts';
import type { AddressBookEntry, ApiKeyWithdrawal, WhitelistState } from '../contract/wallet.ts';
import { fail } from '../errors.ts';
import { isUniqueViolation } from '../store/errors.ts';
import type { Store } from '../store/index.ts';
import { isNetworkId, type WalletChain } from './ports.ts';
import { ADDRESS_BOOK_MAX, addressKey, checkLabel, plainAddress, WHITELIST_OFF_DELAY_MS } from './rules.ts';
import { bookEntry } from './views.ts';

export interface BookDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly chain: WalletChain | undefined;
  /** The fund password (and TOTP when on) of a setting change, refused with the wallet's codes (service.ts proveSecrets). */
  readonly prove: (user: number, fundPassword: string, totpCode: string | undefined) => Promise<void>;
}

export interface BookAdd {
  readonly asset: string;
  readonly network: string;
  readonly address: string;
  readonly label: string;
}

export function createAddressBook({ store, clock, chain, prove }: BookDeps) {
  return Object.freeze({
    async list(user: number, q: { asset?: string | undefined; network?: string | undefined }): Promise<AddressBookEntry[]> {
      return (await store.wallet.book(user, q)).map(bookEntry);
    },

    async add(user: number, input: BookAdd): Promise<AddressBookEntry> {
      const label = checkLabel(input.label);
      if (label === null) fail('wallet.label.invalid');
      if (chain === undefined || !isNetworkId(input.network)) fail('wallet.network.unknown');
      if (!chain.rules().some((r) => r.asset === input.asset && r.network === input.network)) fail('wallet.network.unknown');
      if (!plainAddress(input.address) || !chain.isValidAddress(input.network, input.address)) fail('wallet.address.invalid');
      const key = addressKey(input.network, input.address);
      return store.transaction(async (tx) => {
        // The user's row serializes their additions, so two at once can't pass the cap together.
        await tx.wallet.lockUser(user, clock());
        if ((await tx.wallet.bookCount(user)) >= ADDRESS_BOOK_MAX) fail('wallet.address.book.full', { max: ADDRESS_BOOK_MAX });
        if ((await tx.wallet.bookFind(user, input.network, key)) !== undefined) fail('wallet.address.book.duplicate');
        const row = { user, asset: input.asset, network: input.network, address: input.address, addressKey: key, label, createdAt: clock() };
        try {
          return bookEntry({ id: await tx.wallet.bookAdd(row), ...row });
        } catch (error) {
          if (isUniqueViolation(error)) fail('wallet.address.book.duplicate');
          throw error;
        }
      });
    },

    async remove(user: number, id: number): Promise<void> {
      if (!(Number.isSafeInteger(id) && id > 0 && (await store.wallet.bookRemove(user, id)))) fail('wallet.address.book.not.found');
    },

    async whitelist(user: number): Promise<WhitelistState> {
      const s = await store.wallet.settings(user);
      const now = clock();
      const pendingOff = s.whitelistOffAt !== null && s.whitelistOffAt > now;
      return { enabled: s.whitelist && (s.whitelistOffAt === null || pendingOff), offAt: pendingOff ? s.whitelistOffAt : null };
    },

    async setWhitelist(user: number, input: { enabled: boolean; fundPassword: string; totpCode?: string | undefined }): Promise<WhitelistState> {
      await prove(user, input.fundPassword, input.totpCode);
      const now = clock();
      const s = await store.wallet.settings(user);
      const inForce = s.whitelist && (s.whitelistOffAt === null || s.whitelistOffAt > now);
      if (input.enabled) await store.wallet.setWhitelist(user, true, null, now);
      // Off while in force: from 24 h on (a switch-off already pending keeps its time); off while off: nothing.
      else if (inForce) await store.wallet.setWhitelist(user, false, s.whitelistOffAt ?? now + WHITELIST_OFF_DELAY_MS, now);
      return this.whitelist(user);
    },

    async apiKeys(user: number): Promise<ApiKeyWithdrawal[]> {
      const allowed = new Set(await store.wallet.apiWithdrawKeys(user));
      return (await store.apiKeys.list(user))
        .filter((k) => k.revokedAt === null)
        .map((k) => ({ apiKey: k.id, ipRestricted: k.ips.length > 0, withdraw: allowed.has(k.id) && k.ips.length > 0 }));
    },

    async setApiKey(user: number, input: { apiKey: string; enabled: boolean; fundPassword: string; totpCode?: string | undefined }): Promise<ApiKeyWithdrawal> {
      const key = await store.apiKeys.findActive(input.apiKey);
      if (key === undefined || key.user !== user) fail('wallet.api.key.not.found');
      if (input.enabled && key.ips.length === 0) fail('wallet.api.key.ip.required');
      await prove(user, input.fundPassword, input.totpCode);
      await store.wallet.setApiWithdraw(user, key.id, input.enabled, clock());
      return { apiKey: key.id, ipRestricted: key.ips.length > 0, withdraw: input.enabled };
    },

    /** Whether a key may withdraw now: allowed by its owner and still restricted to IP addresses. */
    async keyCanWithdraw(user: number, apiKey: string): Promise<boolean> {
      const key = await store.apiKeys.findActive(apiKey);
      return key !== undefined && key.user === user && key.ips.length > 0 && (await store.wallet.apiKeyCanWithdraw(apiKey, user));
    },
  });
}

export type AddressBook = ReturnType<typeof createAddressBook>;
