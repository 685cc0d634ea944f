// The admin commands over the store. Each returns data for --json and the lines a person reads.
import { settingProblem } from '../admin/settings.ts';
import { argon2Hasher } from '../accounts/passwords.ts';
import { createUser } from '../accounts/identity.ts';
import { extraFactors, toUserInfo } from '../accounts/profile.ts';
import { checkAccount, checkPassword, normalizeAccount } from '../contract/validate.ts';
import { SYSTEM_CONFIG_KEYS } from '../contract/api.ts';
import { isConfigKey, OPERATOR_CONFIG_KEYS } from '../settings.ts';
import { isUniqueViolation } from '../store/errors.ts';
import type { Store } from '../store/index.ts';
import type { UserRow } from '../store/users.ts';
import { UsageError, type ParsedArgs } from './args.ts';

export interface CommandResult {
  data: unknown;
  text: string;
}

/** A command that understood its input but could not do it (user missing, already registered…). */
export class CommandError extends Error {
  override name = 'CommandError';
}

const iso = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString().replace('T', ' ').slice(0, 19));

function need(args: ParsedArgs, name: string): string {
  const value = args.options.get(name);
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

export async function findUser(store: Store, args: ParsedArgs): Promise<UserRow> {
  const email = args.options.get('email');
  const phone = args.options.get('phone');
  if (!email && !phone) throw new UsageError('--email or --phone is required');
  const user = email
    ? await store.users.findByEmail(normalizeAccount('email', email))
    : await store.users.findByPhone(normalizeAccount('phone', phone ?? ''));
  if (!user) throw new CommandError(`no user with ${email ? `e-mail ${email}` : `phone ${phone}`}`);
  return user;
}

export async function userCreate(store: Store, args: ParsedArgs): Promise<CommandResult> {
  const email = normalizeAccount('email', need(args, 'email'));
  const password = need(args, 'password');
  const phoneArg = args.options.get('phone');
  const phone = phoneArg ? normalizeAccount('phone', phoneArg) : null;
  if (checkAccount('email', email)) throw new UsageError(`"${email}" is not a valid e-mail address`);
  if (phoneArg && checkAccount('phone', phoneArg)) throw new UsageError(`"${phoneArg}" is not a valid phone number`);
  if (checkPassword(password)) throw new UsageError('the password must be 8 to 32 characters with letters and digits');
  if (await store.users.findByEmail(email)) throw new CommandError(`${email} is already registered`);
  if (phone && (await store.users.findByPhone(phone))) throw new CommandError(`${phone} is already registered`);
  const passwordHash = await argon2Hasher().hash(password);
  const verified = args.switches.has('verified');
  let userId: number;
  try {
    userId = await store.transaction((tx) =>
      createUser(tx, {
        email,
        phone,
        passwordHash,
        referrerId: null,
        realNameStatus: verified ? 'certified' : 'none',
        now: store.clock(),
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new CommandError(`${email} is already registered`);
    throw error;
  }
  const user = await store.users.findById(userId);
  const info = user ? toUserInfo(user, await extraFactors(store, user.id)) : null;
  return {
    data: info,
    text: `created user ${userId} (${email}${phone ? `, ${phone}` : ''})${verified ? ', real-name certified' : ''}, invite code ${info?.inviteCode ?? '?'}`,
  };
}

export async function userShow(store: Store, args: ParsedArgs): Promise<CommandResult> {
  const user = await findUser(store, args);
  const info = toUserInfo(user, await extraFactors(store, user.id));
  const referrals = await store.users.countReferrals(user.id);
  const liveSessions = await store.sessions.countLive(user.id, store.clock());
  const data = { ...info, referrerId: user.referrer_id, referrals, liveSessions };
  const rows: Array<[string, unknown]> = [
    ['userId', info.userId],
    ['nickname', info.nickName],
    ['e-mail', info.email ?? '-'],
    ['phone', info.phone ?? '-'],
    ['invite code', info.inviteCode],
    ['referrer', user.referrer_id ?? '-'],
    ['referrals', `level 1: ${referrals.level1}, level 2: ${referrals.level2}`],
    ['registered', iso(info.registerTime)],
    ['real name', info.realNameStatus],
    ['safety level', info.safetyLevel],
    ['frozen', info.frozen ? 'yes' : 'no'],
    ['has recharged', info.hasRecharge ? 'yes' : 'no'],
    ['live sessions', liveSessions],
  ];
  return { data, text: rows.map(([k, v]) => `${`${k}:`.padEnd(15)}${String(v)}`).join('\n') };
}

export async function outboxList(store: Store, args: ParsedArgs): Promise<CommandResult> {
  const raw = args.options.get('limit') ?? '20';
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError('--limit must be an integer from 1 to 1000');
  const rows = await store.outbox.list(limit);
  const data = rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    recipient: r.recipient,
    subject: r.subject,
    body: r.body,
    status: r.status,
    error: r.error,
    createdAt: r.created_at,
    sentAt: r.sent_at,
  }));
  const text = rows.length
    ? rows
        .map((r) => {
          const head = `#${r.id}  ${iso(r.created_at)}  ${r.channel} → ${r.recipient}  [${r.status}${r.error ? `: ${r.error}` : ''}]`;
          const body = r.body.split('\n').map((line) => `    ${line}`).join('\n');
          return `${head}\n    ${r.subject}\n${body}`;
        })
        .join('\n\n')
    : 'the outbox is empty';
  return { data, text };
}

function configKey(key: string | undefined): string {
  if (!key) throw new UsageError('a KEY is required');
  if (!isConfigKey(key)) throw new UsageError(`unknown key "${key}"; known keys: ${[...SYSTEM_CONFIG_KEYS, ...OPERATOR_CONFIG_KEYS].join(', ')}`);
  return key;
}

export async function configSet(store: Store, args: ParsedArgs): Promise<CommandResult> {
  const key = configKey(args.words[2]);
  const value = args.words[3];
  if (value === undefined) throw new UsageError('usage: config set KEY VALUE');
  const problem = settingProblem(key, value);
  if (problem !== null) throw new UsageError(problem);
  await store.config.set(key, value, store.clock());
  return { data: { key, value }, text: `${key} = ${value}` };
}

export async function configGet(store: Store, args: ParsedArgs): Promise<CommandResult> {
  const key = configKey(args.words[2]);
  const value = await store.config.get(key);
  return { data: { key, value }, text: value ?? `${key} is not set` };
}
