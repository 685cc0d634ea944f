// The store: one factory that opens SQLite (default) or PostgreSQL (databaseUrl), migrates it, and returns the
// repositories. Everything above the store talks to these repositories, never to a driver.
import { resolve } from 'node:path';
import { Kysely, sql, type CompiledQuery } from 'kysely';
import { systemClock, type Clock } from '../clock.ts';
import { createApiKeysRepo, type ApiKeysRepo } from './apiKeys.ts';
import { createAdminLedger, createAudit, type AdminLedger, type AuditRepo } from './audit.ts';
import { authWrites } from './auth-revision.ts';
import { createCodes, type Codes } from './codes.ts';
import type { DeskWrites } from './desk-writes.ts';
import { writeDeskPg } from './pg-commit.ts';
import { createConfig, type ConfigRepo } from './config.ts';
import { createFavourites, type Favourites } from './favourites.ts';
import { createFeeLevelsRepo, type FeeLevelsRepo } from './feeLevels.ts';
import { createLayouts, type Layouts } from './layouts.ts';
import { createLeases, type Leases } from './leases.ts';
import { createLedger, type LedgerRepo } from './ledger.ts';
import { createMarkets, type Markets } from './markets.ts';
import { migrateToLatest } from './migrate.ts';
import { createOutbox, type Outbox } from './outbox.ts';
import { createPerp, type PerpRepo } from './perp.ts';
import { createSeconds, type SecondsRepo } from './seconds.ts';
import { createEarn, type EarnRepo } from './earn.ts';
import { createQuant, type QuantRepo } from './quant.ts';
import { postgresDialect } from './postgres.ts';
import { createRateLimits, type RateLimits } from './rateLimits.ts';
import { createRecords, type Records } from './records.ts';
import type { Database, Dialect } from './schema.ts';
import { createSessions, type Sessions } from './sessions.ts';
import { createSpot, type SpotRepo } from './spot.ts';
import { BUSY_TIMEOUT_MS, CHECKPOINTER, WAL_AUTOCHECKPOINT_PAGES, bindRaw, sqliteDialect } from './sqlite.ts';
import { SqliteWriter } from './sqlite-writer.ts';
import { createTransfers, type Transfers } from './transfers.ts';
import { createUserLocales, type UserLocales } from './user-locales.ts';
import { createUsers, type Users } from './users.ts';
import { createIdentityRepo, type IdentityRepo } from './identity.ts';
import { createSecurityRepo, type SecurityRepo } from './security.ts';
import { createTwoFactorRepo, type TwoFactorRepo } from './twofactor.ts';
import { createInvitesRepo, type InvitesRepo } from './invites.ts';
import { createWalletDeskRepo, type WalletDeskRepo } from './wallet-desk.ts';
import { createWalletRepo, type WalletRepo } from './wallet.ts';
import { createChainRepo, type ChainRepo } from './chain.ts';
import { createReservesRepo, type ReservesRepo } from './reserves.ts';
import { createSignerRepo, type SignerRepo } from './signer.ts';
import { createContentRepo, type ContentRepo } from './content.ts';
import { createFeedbackRepo, type FeedbackRepo } from './feedback.ts';

export const SQLITE_FILE_NAME = 'exchange.db';

export interface StoreOptions {
  /** PostgreSQL connection string; when absent the store is a SQLite file. */
  databaseUrl?: string | undefined;
  /** Directory of the SQLite file (default ./data). */
  dataDir?: string | undefined;
  /** Full path of the SQLite file; overrides dataDir. */
  sqliteFile?: string | undefined;
  clock?: Clock | undefined;
}

export interface Repositories {
  users: Users;
  sessions: Sessions;
  codes: Codes;
  outbox: Outbox;
  config: ConfigRepo;
  rateLimits: RateLimits;
  markets: Markets;
  ledger: LedgerRepo;
  records: Records;
  transfers: Transfers;
  leases: Leases;
  spot: SpotRepo;
  /** The perp desk's orders, positions, trades, funding, liquidations and marks (written through commitDesk). */
  perp: PerpRepo;
  /** Seconds contracts, their config and limits (written through commitDesk), and the public price record. */
  seconds: SecondsRepo;
  /** Wealth products, mining pools, their orders and payments (written through commitDesk). */
  earn: EarnRepo;
  quant: QuantRepo;
  apiKeys: ApiKeysRepo;
  feeLevels: FeeLevelsRepo;
  favourites: Favourites;
  layouts: Layouts;
  /** Operators' audit trail (admin_audit) and the journal reads of the admin channel. */
  audit: AuditRepo;
  adminLedger: AdminLedger;
  /** The language each user last signed in with (messages the user did not just ask for). */
  userLocales: UserLocales;
  /** Real-name verification: submissions and their documents (issue 21). */
  identity: IdentityRepo;
  /** The security centre: bindings, fund password, anti-phishing code, devices, login history, withdrawal lock. */
  security: SecurityRepo;
  /** TOTP secrets (with the last accepted time step) and passkeys. */
  twoFactor: TwoFactorRepo;
  /** Invitations: commission rates, daily runs and payments. */
  invites: InvitesRepo;
  /** The spot desk's deposit credits and withdrawal holds, looked up in the journal (issue 22). */
  walletDesk: WalletDeskRepo;
  /** Withdrawals, the address book, the whitelist (issue 22). */
  wallet: WalletRepo;
  /** Deposit addresses, deposits seen on chain, watcher cursors, on-chain reserves (issue 22). */
  chain: ChainRepo;
  /** Liabilities snapshots (issue 22). */
  reserves: ReservesRepo;
  /** The withdrawal signer's nonces and signed transactions (issue 22). */
  signer: SignerRepo;
  /** Announcements, help and information articles, the fixed pages, and who read which announcement (issue 25). */
  content: ContentRepo;
  /** Users' feedback with the operator's replies, and its screenshots (issue 25). */
  feedback: FeedbackRepo;
}

export interface Store extends Repositories {
  readonly dialect: Dialect;
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  /** Runs `work` in one database transaction; it commits when `work` resolves and rolls back when it throws. */
  transaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
  /**
   * Runs read-only `work` on one consistent snapshot, so sums taken in several statements agree with each other
   * while desks keep committing (repeatable read on PostgreSQL; SQLite's WAL gives a read transaction a snapshot).
   */
  snapshot<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
  /**
   * Writes one desk batch in one transaction, resolving once it is durable (desk-writes.ts): on SQLite on a writer
   * thread with its own connection, on PostgreSQL through the repositories. `after`: the outcome of the same desk's
   * previous commit while it is still in flight (true: committed); PostgreSQL writes this one's new rows meanwhile,
   * then commits after it, or rolls back when it failed (writeDeskRepos). SQLite's writer orders commits itself.
   */
  commitDesk(writes: DeskWrites, after?: Promise<boolean>): Promise<void>;
  /**
   * How many of one desk's commits may be handed over before the first is answered: above 1 when the store writes
   * them in order and refuses a desk's later commits after a failed one (SQLite's writer thread, PostgreSQL given
   * each commit's predecessor), 1 otherwise.
   */
  readonly deskCommitsInFlight: number;
  /** Runs compiled writes in one transaction, in line with the desk commits (SQLite: on the writer thread). */
  writeQueries(queries: readonly CompiledQuery[]): Promise<void>;
  close(): Promise<void>;
}

function repositories(db: Kysely<Database>): Repositories {
  return {
    users: createUsers(db),
    sessions: createSessions(db),
    codes: createCodes(db),
    outbox: createOutbox(db),
    config: createConfig(db),
    rateLimits: createRateLimits(db),
    markets: createMarkets(db),
    ledger: createLedger(db),
    records: createRecords(db),
    transfers: createTransfers(db),
    leases: createLeases(db),
    spot: createSpot(db),
    perp: createPerp(db),
    seconds: createSeconds(db),
    earn: createEarn(db),
    quant: createQuant(db),
    apiKeys: createApiKeysRepo(db),
    feeLevels: createFeeLevelsRepo(db),
    favourites: createFavourites(db),
    layouts: createLayouts(db),
    audit: createAudit(db),
    adminLedger: createAdminLedger(db),
    userLocales: createUserLocales(db),
    identity: createIdentityRepo(db),
    security: createSecurityRepo(db),
    twoFactor: createTwoFactorRepo(db),
    invites: createInvitesRepo(db),
    walletDesk: createWalletDeskRepo(db),
    wallet: createWalletRepo(db),
    chain: createChainRepo(db),
    reserves: createReservesRepo(db),
    signer: createSignerRepo(db),
    content: createContentRepo(db),
    feedback: createFeedbackRepo(db),
  };
}

/**
 * A read-write transaction on SQLite's main connection that takes the write lock at BEGIN. A deferred one (what
 * Kysely issues) reads first and upgrades to writing at its first write; if the writer thread committed in
 * between, that upgrade fails at once with SQLITE_BUSY_SNAPSHOT, no busy wait (a favourites save answered 500
 * while desks were committing). Taken at BEGIN, the lock is waited for like any other (busy_timeout).
 */
async function immediateTransaction<T>(db: Kysely<Database>, work: (repos: Repositories) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    let result: T;
    try {
      result = await work(repositories(conn));
    } catch (error) {
      await sql`rollback`.execute(conn);
      throw error;
    }
    await sql`commit`.execute(conn);
    return result;
  });
}

/**
 * Batches of one desk handed to the store at once: SQLite's writer thread has the next in its queue, PostgreSQL writes
 * the next one's new rows on a second connection while the first commits (the writer is never left waiting).
 */
export const DESK_COMMITS_IN_FLIGHT = 2;

export async function createStore(options: StoreOptions = {}): Promise<Store> {
  const dialect: Dialect = options.databaseUrl ? 'postgres' : 'sqlite';
  const sqliteFile = options.sqliteFile ?? resolve(options.dataDir ?? 'data', SQLITE_FILE_NAME);
  const driver = options.databaseUrl ? postgresDialect(options.databaseUrl) : sqliteDialect(sqliteFile);
  const writer = dialect === 'sqlite' ? new SqliteWriter({ file: sqliteFile, busyTimeoutMs: BUSY_TIMEOUT_MS, walAutocheckpointPages: WAL_AUTOCHECKPOINT_PAGES, checkpointer: CHECKPOINTER }) : null;
  const db = new Kysely<Database>({ dialect: driver, plugins: [authWrites] });
  bindRaw(db, driver);
  try {
    await migrateToLatest(db, dialect);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  let closed = false;
  return Object.freeze({
    ...repositories(db),
    dialect,
    db,
    clock: options.clock ?? systemClock,
    transaction: <T>(work: (repos: Repositories) => Promise<T>) =>
      dialect === 'sqlite' ? immediateTransaction(db, work) : db.transaction().execute((trx) => work(repositories(trx))),
    snapshot: <T>(work: (repos: Repositories) => Promise<T>) =>
      (dialect === 'postgres' ? db.transaction().setIsolationLevel('repeatable read') : db.transaction()).execute((trx) =>
        work(repositories(trx)),
      ),
    deskCommitsInFlight: DESK_COMMITS_IN_FLIGHT,
    commitDesk: (writes: DeskWrites, after?: Promise<boolean>) =>
      writer !== null ? writer.commit(writes) : db.transaction().execute((trx) => writeDeskPg(trx, repositories(trx), writes, after)),
    writeQueries: (queries: readonly CompiledQuery[]) =>
      writer !== null
        ? writer.run(queries)
        : db.transaction().execute(async (trx) => {
            for (const q of queries) await trx.executeQuery(q);
          }),
    async close() {
      if (closed) return;
      closed = true;
      await writer?.close();
      await db.destroy();
    },
  });
}

export type { Dialect } from './schema.ts';
