// The operator commands of the feedback inbox (issue 25; rules in content/feedback.ts): the messages by status, a
// reply (shown on the user's feedback page; a later one replaces it), and closing one. The executor (commands.ts)
// audits the reply and the close with the operator and the reason, as every change.
import { ruled } from './content.ts';
import type { OpsFeedbackItem } from '../contract/ops.ts';
import { closeFeedback, opsFeedbackItem, replyFeedback } from '../content/feedback.ts';
import type { FeedbackRecord } from '../store/feedback.ts';
import type { AdminContext, AdminRequest, AdminRun } from './commands.ts';
import type { ChannelCommand } from './protocol.ts';

/** Lines of `npm run admin`'s usage for these commands. */
export const FEEDBACK_USAGE = `  feedback list [--status open|replied|closed|all] [--limit N]  users' messages, newest first (default: open ones, 50)
  feedback reply --id N --text TEXT --reason R                   answer a message (the user sees it on their feedback page)
  feedback close --id N --reason R                               close a message (it takes no more replies)`;

export function isFeedbackCommand(command: ChannelCommand): boolean {
  return command.startsWith('feedback ');
}

const WHOLE = /^[1-9]\d{0,14}$/;
const STATUSES = ['open', 'replied', 'closed', 'all'] as const;
const iso = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString().replace('.000Z', 'Z'));
const oneLine = (s: string, max = 80) => {
  const t = s.replace(/\s+/g, ' ');
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

const line = (f: OpsFeedbackItem) =>
  `  #${String(f.id).padEnd(6)}${f.status.padEnd(8)}${f.topic.padEnd(11)}${f.account.padEnd(28)} ${iso(f.createdAt)}  [${f.locale}] ${JSON.stringify(oneLine(f.body))}` +
  `${f.screenshot === null ? '' : '  (screenshot)'}${f.reply === null ? '' : `\n           replied by ${f.repliedBy ?? '-'} at ${iso(f.repliedAt)}: ${JSON.stringify(oneLine(f.reply))}`}`;

async function withAccount(ctx: AdminContext, f: FeedbackRecord): Promise<OpsFeedbackItem> {
  const user = await ctx.store.users.findById(f.userId);
  return opsFeedbackItem({ ...f, account: user?.email ?? user?.phone ?? `user ${f.userId}` });
}

export function planFeedback(req: AdminRequest, usage: (m: string) => Error, failed: (m: string) => Error): AdminRun {
  const args = req.args;
  const messageId = (): number => {
    if (args.id === undefined) throw usage('--id N is required (the message, from feedback list)');
    if (!WHOLE.test(args.id)) throw usage(`--id must be a message number, not ${args.id}`);
    return Number(args.id);
  };
  switch (req.command as string) {
    case 'feedback list': {
      const status = args.status ?? 'open';
      if (!(STATUSES as readonly string[]).includes(status)) throw usage(`--status must be one of ${STATUSES.join(', ')}`);
      const limit = args.limit === undefined ? 50 : Number(args.limit);
      if (!Number.isSafeInteger(limit) || limit < 1 || limit > 500) throw usage('--limit must be 1 to 500');
      return async (ctx) => {
        const found = await ctx.store.feedback.inbox(status === 'all' ? undefined : status, 0, limit);
        const items = found.rows.map(opsFeedbackItem);
        const head = `${found.total} ${status === 'all' ? '' : `${status} `}message(s)${items.length < found.total ? `, the newest ${items.length}` : ''}`;
        return { data: { total: found.total, items }, text: [head, ...items.map(line)].join('\n') };
      };
    }
    case 'feedback reply': {
      const id = messageId();
      if (args.text === undefined) throw usage('--text is required (the reply the user reads)');
      const text = args.text;
      return async (ctx) =>
        ruled(ctx, failed, async () => {
          const f = await withAccount(ctx, await replyFeedback(ctx.store, ctx.clock, id, text, req.operator));
          return { data: f, text: `replied to #${f.id} of ${f.account}` };
        });
    }
    case 'feedback close': {
      const id = messageId();
      return async (ctx) =>
        ruled(ctx, failed, async () => {
          const f = await withAccount(ctx, await closeFeedback(ctx.store, id));
          return { data: f, text: `closed #${f.id} of ${f.account}` };
        });
    }
    default:
      throw usage(`unknown command ${req.command}`);
  }
}
