// `npm run admin -- operator …`: the console's operator accounts, made and kept from the command line only (there is
// no way to make one from the console or the public app). They work on the store directly (safe while a server
// runs: rows the console reads afresh on every request), and each change is written to the operators' audit log
// (admin_audit, via store) with the acting person (--operator, default the OS user name) and --reason.
//
//   operator add --name N --role R --reason R [--password-stdin]   prints a generated password (or takes one from
//                                                                 stdin) and the TOTP secret with its otpauth URI, once
//   operator list
//   operator role --name N --role R --reason R
//   operator disable|enable --name N --reason R                    disable signs the operator out everywhere
//   operator reset --name N --reason R [--password-stdin]          new password and TOTP secret, signed out everywhere
//
// Secrets never reach the audit log: its rows name the operator and the role, not the password or the TOTP secret.
import { randomUUID } from 'node:crypto';
import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import QRCode from 'qrcode';
import { argon2Hasher } from '../accounts/passwords.ts';
import { twoFactorKeyFor } from '../accounts/twofactor/secret-key.ts';
import type { Clock } from '../clock.ts';
import { OPS_ROLES } from '../contract/ops.ts';
import { generatePassword, newTotp, OPERATOR_NAME, passwordProblem } from '../ops/credentials.ts';
import { isUniqueViolation } from '../store/errors.ts';
import { createStore, type Store } from '../store/index.ts';
import { createOpsRepo, type OperatorRow } from '../store/ops.ts';
import { parseArgs, UsageError, type ParsedArgs } from './args.ts';

export const OPERATOR_USAGE = `  operator add --name N --role R --reason R [--password-stdin]  a console operator (R: ${OPS_ROLES.join(', ')}); prints a generated
                                                                 password (or reads one from stdin) and the TOTP secret, once
  operator list                                                  the console's operators: role, state, last sign-in
  operator role --name N --role R --reason R                     change an operator's role (in effect at their next request)
  operator disable|enable --name N --reason R                    disable (signed out everywhere) or enable an operator
  operator reset --name N --reason R [--password-stdin]          a new password and TOTP secret; signed out everywhere`;

export interface OperatorCommandOptions {
  dataDir?: string | undefined;
  databaseUrl?: string | undefined;
  clock?: Clock | undefined;
  /** Who is acting (default: --operator, else the OS user name). */
  operator?: string | undefined;
  /** Reads the password for --password-stdin (default: the process's standard input). */
  readStdin?: (() => Promise<string>) | undefined;
}

export interface OperatorCommandResult {
  exitCode: number;
  output: string;
}

class Refused extends Error {
  override name = 'Refused';
}

const REASON = /^[^\u0000-\u001f\u007f]{1,500}$/;
const iso = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString().replace('T', ' ').slice(0, 19));

async function processStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

function need(args: ParsedArgs, name: string): string {
  const value = args.options.get(name);
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

function nameOf(args: ParsedArgs): string {
  const name = need(args, 'name');
  if (!OPERATOR_NAME.test(name)) throw new UsageError('--name must be 2 to 32 of a-z, 0-9, . _ - starting with a letter');
  return name;
}

function roleOf(args: ParsedArgs): string {
  const role = need(args, 'role');
  if (!(OPS_ROLES as readonly string[]).includes(role)) throw new UsageError(`--role must be one of ${OPS_ROLES.join(', ')}`);
  return role;
}

function reasonOf(args: ParsedArgs): string {
  const reason = args.options.get('reason')?.trim();
  if (!reason) throw new UsageError('--reason is required: say why (it goes into the audit log with your name)');
  if (!REASON.test(reason)) throw new UsageError('--reason must be 1 to 500 characters without control characters');
  return reason;
}

function actorOf(args: ParsedArgs, o: OperatorCommandOptions): string {
  let name = args.options.get('operator') ?? o.operator;
  if (name === undefined) {
    try {
      name = userInfo().username;
    } catch {
      name = process.env['USER'] ?? 'unknown';
    }
  }
  if (!/^[^\u0000-\u001f\u007f]{1,64}$/.test(name)) throw new UsageError('--operator must be 1 to 64 characters without control characters');
  return name;
}

async function passwordOf(args: ParsedArgs, o: OperatorCommandOptions): Promise<{ password: string; generated: boolean }> {
  if (!args.switches.has('password-stdin')) return { password: generatePassword(), generated: true };
  const text = (await (o.readStdin ?? processStdin)()).replace(/\r?\n$/, '');
  const problem = passwordProblem(text);
  if (problem !== null) throw new UsageError(problem);
  return { password: text, generated: false };
}

/** One audited change: the row written before, completed after (as the catalogue's executor does). */
async function audited<T extends { data: unknown; text: string }>(store: Store, actor: string, command: string, args: Record<string, string>, reason: string, work: () => Promise<T>): Promise<T> {
  const requestId = randomUUID();
  await store.audit.begin({ requestId, operator: actor, command, args: JSON.stringify(args), reason, via: 'store', createdAt: store.clock() });
  try {
    const result = await work();
    // The audit keeps what the change was, never a secret: the text is rewritten without them.
    await store.audit.finish(requestId, 'done', JSON.stringify({ data: { name: args['name'], role: args['role'] ?? null }, text: result.text.split('\n')[0] }), store.clock());
    return result;
  } catch (error) {
    await store.audit.finish(requestId, 'failed', JSON.stringify({ error: error instanceof Error ? error.message : String(error) }), store.clock()).catch(() => false);
    throw error;
  }
}

async function credentialsText(name: string, password: string | null, secret: string, uri: string): Promise<string> {
  const qr = await QRCode.toString(uri, { type: 'terminal', small: true, errorCorrectionLevel: 'M' });
  return [
    ...(password === null ? [] : [`  password:    ${password}`]),
    `  TOTP secret: ${secret}`,
    `  otpauth URI: ${uri}`,
    '',
    qr,
    `Give these to ${name} over a safe channel; they are not shown again. The console needs the password AND a code of the authenticator.`,
  ].join('\n');
}

const operatorData = (o: OperatorRow, now: number) => ({
  name: o.name, role: o.role, disabled: o.disabled, locked: o.lockedUntil > now, lockedUntil: o.lockedUntil > now ? o.lockedUntil : null,
  createdAt: o.createdAt, createdBy: o.createdBy, lastLoginAt: o.lastLoginAt,
});

async function run(store: Store, verb: string, args: ParsedArgs, o: OperatorCommandOptions): Promise<{ data: unknown; text: string }> {
  const ops = createOpsRepo(store.db);
  const clock = store.clock;
  const key = twoFactorKeyFor(resolve(o.dataDir ?? 'data'));
  const hasher = argon2Hasher();
  switch (verb) {
    case 'list': {
      const now = clock();
      const rows = await ops.listOperators();
      const data = rows.map((r) => operatorData(r, now));
      const text = rows.length === 0
        ? 'no operators (npm run admin -- operator add --name N --role R --reason R)'
        : rows.map((r) => `  ${r.name.padEnd(20)}${r.role.padEnd(10)}${r.disabled ? 'disabled' : r.lockedUntil > now ? `locked until ${iso(r.lockedUntil)}` : 'active'}  last sign-in ${iso(r.lastLoginAt)}  added ${iso(r.createdAt)} by ${r.createdBy}`).join('\n');
      return { data, text };
    }
    case 'add': {
      const name = nameOf(args);
      const role = roleOf(args);
      const reason = reasonOf(args);
      const actor = actorOf(args, o);
      const { password, generated } = await passwordOf(args, o);
      if ((await ops.operatorByName(name)) !== undefined) throw new Refused(`an operator named ${name} exists already`);
      const totp = newTotp(key, name);
      const passwordHash = await hasher.hash(password);
      return audited(store, actor, 'operator add', { name, role }, reason, async () => {
        try {
          await ops.insertOperator({ name, passwordHash, totpSecret: totp.sealed, role, createdAt: clock(), createdBy: actor });
        } catch (error) {
          if (isUniqueViolation(error)) throw new Refused(`an operator named ${name} exists already`);
          throw error;
        }
        const text = `added operator ${name} (${role})\n${await credentialsText(name, generated ? password : null, totp.secret, totp.uri)}`;
        return { data: { name, role, ...(generated ? { password } : {}), totpSecret: totp.secret, otpauthUri: totp.uri }, text };
      });
    }
    case 'role': {
      const name = nameOf(args);
      const role = roleOf(args);
      const reason = reasonOf(args);
      return audited(store, actorOf(args, o), 'operator role', { name, role }, reason, async () => {
        if (!(await ops.setRole(name, role))) throw new Refused(`no operator named ${name}`);
        return { data: { name, role }, text: `${name} is now ${role} (from their next request)` };
      });
    }
    case 'disable':
    case 'enable': {
      const name = nameOf(args);
      const reason = reasonOf(args);
      const disabled = verb === 'disable';
      return audited(store, actorOf(args, o), `operator ${verb}`, { name }, reason, async () => {
        const row = await ops.operatorByName(name);
        if (row === undefined || !(await ops.setDisabled(name, disabled))) throw new Refused(`no operator named ${name}`);
        const revoked = disabled ? await ops.revokeSessions(row.id, clock()) : 0;
        return { data: { name, disabled, sessionsRevoked: revoked }, text: disabled ? `disabled ${name}; signed out of ${revoked} session(s)` : `enabled ${name}` };
      });
    }
    case 'reset': {
      const name = nameOf(args);
      const reason = reasonOf(args);
      const { password, generated } = await passwordOf(args, o);
      const row = await ops.operatorByName(name);
      if (row === undefined) throw new Refused(`no operator named ${name}`);
      const totp = newTotp(key, name);
      const passwordHash = await hasher.hash(password);
      return audited(store, actorOf(args, o), 'operator reset', { name }, reason, async () => {
        // New credentials and no session left, in one transaction: nobody stays signed in with the old ones.
        const revoked = await store.db.transaction().execute(async (trx) => {
          const tx = createOpsRepo(trx);
          if (!(await tx.resetCredentials(name, passwordHash, totp.sealed))) throw new Refused(`no operator named ${name}`);
          return tx.revokeSessions(row.id, clock());
        });
        const text = `reset ${name}: new password and TOTP secret; signed out of ${revoked} session(s)\n${await credentialsText(name, generated ? password : null, totp.secret, totp.uri)}`;
        return { data: { name, ...(generated ? { password } : {}), totpSecret: totp.secret, otpauthUri: totp.uri, sessionsRevoked: revoked }, text };
      });
    }
    default:
      throw new UsageError(`unknown command "operator ${verb}"\n\n${OPERATOR_USAGE}`);
  }
}

/** Runs `operator …` (argv as `npm run admin --` gets it, starting with "operator"). */
export async function runOperatorCommand(argv: readonly string[], o: OperatorCommandOptions = {}): Promise<OperatorCommandResult> {
  let json = argv.includes('--json');
  let store: Store | undefined;
  try {
    const args = parseArgs(argv, ['name', 'role', 'reason', 'operator'], ['json', 'password-stdin', 'help']);
    json = args.switches.has('json');
    if (args.switches.has('help') || args.words.length < 2) return { exitCode: args.switches.has('help') ? 0 : 2, output: OPERATOR_USAGE };
    store = await createStore({ databaseUrl: o.databaseUrl, dataDir: resolve(o.dataDir ?? 'data'), clock: o.clock });
    const result = await run(store, args.words[1] ?? '', args, o);
    return { exitCode: 0, output: json ? JSON.stringify(result.data, null, 2) : result.text };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const usage = error instanceof UsageError;
    const text = usage || error instanceof Refused ? message : `unexpected failure: ${message}`;
    return { exitCode: usage ? 2 : 1, output: json ? JSON.stringify({ error: text }) : `error: ${text}` };
  } finally {
    await store?.close();
  }
}
