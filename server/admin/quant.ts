// The quantitative bots' operator commands (issue 24; server/desks/spot/bots.ts): every user's bots (or one user's),
// an operator's stop (orders cancelled, the base sold if asked, the pocket back to the user: the bot ends with
// reason "operator"), and the minimum investments users must reach. A stop goes through the spot desk in sequence
// with users' orders and is audited with its reason by the executor (commands.ts); over the channel the running
// server's desk does it, with no server the CLI opens the desk under its lease. The minimums are set by the spot desk
// in sequence (setQuantMinimum: memory and the stored config quant.min in one batch). No command chooses a bot's outcome: an operator can only
// stop one, at the market's own prices.
import { botPnl, QUANT_KINDS, type QuantBotView, type QuantKind, type QuantStatus } from '../contract/quant.ts';
import { normalizeAccount } from '../contract/validate.ts';
import { botFromRow, botView } from '../desks/spot/bot-memory.ts';
import { QUANT_MIN_KEY } from '../desks/spot/desk.ts';
import type { SpotFace } from '../desks/faces.ts';
import type { Store } from '../store/index.ts';
import type { AdminContext, AdminRequest } from './commands.ts';
import type { ChannelCommand } from './protocol.ts';

export const QUANT_USAGE = `  quant list [--email E] [--kind robot|grid] [--status running|ended|all] [--limit N]
                                                                 bots, newest first (default: every user's running ones, 50)
  quant stop --id N [--sell-base] --reason R                     stop a user's bot: its orders cancelled, its base sold at the
                                                                 market with --sell-base (a robot always sells), its money back
  quant config                                                   the minimum investments (quote coin)
  quant config set --kind robot|grid --min X --reason R          set one (a running server applies it at once, or within 2 s)`;

export function isQuantCommand(command: ChannelCommand): boolean {
  return command.startsWith('quant ');
}

const DECIMAL = /^\d{1,12}(\.\d{1,8})?$/;
const ID = /^[1-9]\d{0,14}$/;
const iso = (t: number | null) => (t === null ? '-' : new Date(t).toISOString().replace('.000Z', 'Z'));

const line = (b: QuantBotView, user: string) => {
  const pnl = botPnl(b, b.last);
  const sign = pnl.pnl < 0n ? '-' : '+';
  const abs = pnl.pnl < 0n ? -pnl.pnl : pnl.pnl;
  const pnlText = `${sign}${abs / 100_000_000n}.${(abs % 100_000_000n).toString().padStart(8, '0')}`;
  return (
    `  #${String(b.id).padEnd(5)} ${b.kind.padEnd(5)} ${b.status.padEnd(7)} ${b.symbol.padEnd(9)} ${user.padEnd(28)} invest ${b.investment} ${b.quote}` +
    `  pnl ${pnlText} (${(pnl.bps / 100).toFixed(2)}%)  fills ${b.fills}${b.kind === 'grid' ? `  rounds ${b.rounds}  orders ${b.openOrders}` : `  stage ${b.stage}`}` +
    `  started ${iso(b.createdAt)}${b.endedAt === null ? '' : `  ended ${iso(b.endedAt)} (${b.endReason})`}`
  );
};

export type QuantRun = (ctx: AdminContext, withSpot: <T>(work: (desk: SpotFace) => Promise<T>) => Promise<T>) => Promise<{ data: unknown; text: string }>;

export function planQuant(req: AdminRequest, usage: (m: string) => Error, failed: (m: string) => Error): QuantRun {
  const args = req.args;
  const kind = args.kind;
  if (kind !== undefined && !(QUANT_KINDS as readonly string[]).includes(kind)) throw usage(`--kind must be robot or grid, not ${kind}`);
  const userByEmail = async (store: Store, email: string) => {
    const user = await store.users.findByEmail(normalizeAccount('email', email));
    if (!user) throw failed(`no user with e-mail ${email}`);
    return user;
  };
  switch (req.command as string) {
    case 'quant list': {
      const status = args.status ?? 'running';
      if (!['running', 'ended', 'all'].includes(status)) throw usage(`--status must be running, ended or all, not ${status}`);
      const limit = args.limit === undefined ? 50 : Number(args.limit);
      if (!Number.isSafeInteger(limit) || limit < 1 || limit > 1000) throw usage('--limit must be 1 to 1000');
      const statuses: QuantStatus[] = status === 'all' ? ['running', 'ended'] : [status as QuantStatus];
      return async ({ store }, withSpot) => {
        const user = args.email === undefined ? undefined : await userByEmail(store, args.email);
        const found = user === undefined
          ? await store.quant.recent({ statuses, limit })
          : await store.quant.byUser({ user: user.id, kind: kind as QuantKind | undefined, statuses, offset: 0, limit });
        const rows = found.rows.filter((r) => kind === undefined || r.kind === kind);
        const live = await withSpot((spot) => spot.runningViews(rows.filter((r) => r.status === 'running').map((r) => r.id)));
        const emails = new Map<number, string>();
        const views: QuantBotView[] = [];
        const out: string[] = [`${found.total} ${status === 'all' ? '' : `${status} `}bot(s)${rows.length < found.total ? `, the newest ${rows.length}` : ''}`];
        for (const r of rows) {
          if (!emails.has(r.user)) emails.set(r.user, (await store.users.findById(r.user))?.email ?? `user ${r.user}`);
          const view = live.get(r.id) ?? botView(botFromRow(r), { base: r.symbol.replace(/USDT$/, ''), quote: 'USDT' }, { count: 0, base: 0n, quote: 0n }, null);
          views.push(view);
          out.push(line(view, emails.get(r.user)!));
        }
        return { data: { total: found.total, bots: views }, text: out.join('\n') };
      };
    }
    case 'quant stop': {
      if (args.id === undefined || !ID.test(args.id)) throw usage('usage: quant stop --id N [--sell-base] --reason R');
      const botId = Number(args.id);
      const sellBase = args.all === 'true';
      return async ({ store }, withSpot) => {
        const reply = await withSpot((spot) => spot.stopBot({ user: null, botId, sellBase }));
        if (!reply.ok) throw failed(`bot ${botId}: ${reply.code}`);
        const row = await store.quant.byId(botId);
        const email = row === undefined ? '' : ((await store.users.findById(row.user))?.email ?? `user ${row.user}`);
        const v = reply.value;
        return { data: v, text: `stopped\n${line(v, email)}\n  returned ${v.returnedBase} ${v.base} and ${v.returnedQuote} ${v.quote} to the user's available balance` };
      };
    }
    case 'quant config':
      return async ({ store }) => {
        {
          const text = await store.config.get(QUANT_MIN_KEY);
          const set = text === null ? {} : (JSON.parse(text) as Record<string, string>);
          return { data: set, text: `minimum investments (quote coin): robot ${set.robot ?? '10 (default)'}, grid ${set.grid ?? '20 (default)'}` };
        }
      };
    case 'quant config set': {
      if (kind === undefined || args.min === undefined || !DECIMAL.test(args.min)) throw usage('usage: quant config set --kind robot|grid --min X --reason R');
      const min = args.min;
      return async (_ctx, withSpot) => {
        // Set by the spot desk, in sequence with its orders: memory and the stored setting in one batch.
        const reply = await withSpot((spot) => spot.setQuantMinimum({ kind: kind as QuantKind, min }));
        if (!reply.ok) throw failed(`quant config: ${reply.code}`);
        return { data: reply.value, text: `minimum ${kind} investment: ${min}` };
      };
    }
    default:
      throw usage(`unknown command ${req.command}`);
  }
}
