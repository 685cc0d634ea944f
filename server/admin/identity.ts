// The operator commands of real-name verification: list, view, approve, reject (issue 21). The executor (commands.ts) audits every state-changing one with its
// reason, before and after it runs.
//
// - `kyc list` reads submissions, newest first (a state, a user, a count); `kyc view` one submission in full (the
//   operator sees the name and number unmasked) and, with --out DIR, writes its photos there for the operator to
//   open: DIR must be an absolute path to an existing folder (the command may run in the server's process, whose
//   working folder is not the operator's), files are created 0600 and never overwrite one already there.
// - `kyc approve` / `kyc reject` review a pending submission: the reason (--reason, required by the executor for
//   every change) is the one the user reads on their page and in the e-mail. The submission and the user's
//   real_name_status change in one transaction (accounts/kyc/service.ts reviewSubmission).
import { constants } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { operatorPhotoFiles } from '../accounts/kyc/files.ts';
import { reviewSubmission, ReviewError } from '../accounts/kyc/service.ts';
import { normalizeAccount } from '../contract/validate.ts';
import type { IdentitySubmissionRow, SubmissionStatus } from '../store/identity.ts';
import type { AdminContext, AdminRequest, AdminRun } from './commands.ts';
import type { ChannelCommand } from './protocol.ts';

/** Lines of `npm run admin`'s usage for these commands. */
export const IDENTITY_USAGE = `  kyc list [--status pending|approved|rejected] [--email E | --phone N] [--limit N]
                                                                 real-name submissions, newest first (default 20)
  kyc view --id N [--out DIR]                                    one submission in full; --out (an absolute, existing folder)
                                                                 receives its photos as kyc-N-front.jpg, -back.jpg, -hand.jpg
  kyc approve --id N --reason R                                  approve a pending submission (the user becomes certified)
  kyc reject --id N --reason R                                   reject a pending submission; the reason is shown to the user,
                                                                 who may submit again`;

const STATUSES: readonly SubmissionStatus[] = ['pending', 'approved', 'rejected'];
const WHOLE = /^[1-9]\d{0,9}$/;
const MAX_LIST = 500;

export function isIdentityCommand(command: ChannelCommand): boolean {
  return command.startsWith('kyc ');
}

const when = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString().replace('.000Z', 'Z'));

const listLine = (s: IdentitySubmissionRow, who: string) =>
  `  #${String(s.id).padEnd(6)}${s.status.padEnd(10)}user ${s.user_id} (${who})  ${s.doc_type.padEnd(9)}${s.country}  submitted ${when(s.submitted_at)}` +
  (s.reviewed_at === null ? '' : `  reviewed ${when(s.reviewed_at)} by ${s.reviewer ?? '-'}: ${s.reason ?? ''}`);

const submissionData = (s: IdentitySubmissionRow, who: string | null) => ({
  id: s.id, userId: s.user_id, user: who, status: s.status, name: s.name, docType: s.doc_type, docNumber: s.doc_number, country: s.country,
  photos: { front: s.front, back: s.back, hand: s.hand }, submittedAt: s.submitted_at, reviewedAt: s.reviewed_at, reviewer: s.reviewer, reason: s.reason,
});

async function whoIs(ctx: AdminContext, user: number): Promise<string> {
  const row = await ctx.store.users.findById(user);
  return row?.email ?? row?.phone ?? '?';
}

/** Checks the arguments (throwing `usage(message)` on a malformed one) and returns what carries the command out. */
export function planIdentity(req: AdminRequest, usage: (m: string) => Error, failed: (m: string) => Error): AdminRun {
  const args = req.args;
  const submissionId = (): number => {
    if (args.id === undefined) throw usage('--id N is required (the submission, from kyc list)');
    if (!WHOLE.test(args.id)) throw usage(`--id must be a submission number, not ${args.id}`);
    return Number(args.id);
  };
  const find = async (ctx: AdminContext, id: number) => {
    const row = await ctx.store.identity.findSubmission(id);
    if (row === undefined) throw failed(`no submission #${id}`);
    return row;
  };

  switch (req.command as string) {
    case 'kyc list': {
      const status = args.status as SubmissionStatus | undefined;
      if (status !== undefined && !STATUSES.includes(status)) throw usage(`--status must be one of ${STATUSES.join(', ')}`);
      if (args.limit !== undefined && (!WHOLE.test(args.limit) || Number(args.limit) > MAX_LIST)) throw usage(`--limit must be 1 to ${MAX_LIST}`);
      const limit = Number(args.limit ?? 20);
      return async (ctx) => {
        let user: number | undefined;
        if (args.email !== undefined || args.phone !== undefined) {
          const row = args.email !== undefined ? await ctx.store.users.findByEmail(normalizeAccount('email', args.email)) : await ctx.store.users.findByPhone(normalizeAccount('phone', args.phone ?? ''));
          if (row === undefined) throw failed(`no user with ${args.email !== undefined ? `e-mail ${args.email}` : `phone ${args.phone}`}`);
          user = row.id;
        }
        const rows = await ctx.store.identity.listSubmissions({ status, user, limit });
        const who = new Map<number, string>();
        for (const s of rows) if (!who.has(s.user_id)) who.set(s.user_id, await whoIs(ctx, s.user_id));
        const head = rows.length === 0 ? `no ${status ?? ''} submissions`.replace('  ', ' ') : `${rows.length} submission(s)${status ? ` ${status}` : ''}, newest first:`;
        return {
          data: rows.map((s) => submissionData(s, who.get(s.user_id) ?? null)),
          text: [head, ...rows.map((s) => listLine(s, who.get(s.user_id) ?? '?'))].join('\n'),
        };
      };
    }
    case 'kyc view': {
      const id = submissionId();
      const out = args.out;
      if (out !== undefined && !isAbsolute(out)) throw usage('--out must be an absolute path to an existing folder');
      return async (ctx) => {
        const s = await find(ctx, id);
        const who = await whoIs(ctx, s.user_id);
        const written: string[] = [];
        if (out !== undefined) {
          const info = await stat(out).catch(() => null);
          if (info === null || !info.isDirectory()) throw failed(`--out ${out} is not an existing folder`);
          const files = await operatorPhotoFiles(ctx.store);
          for (const [kind, uploadId] of [['front', s.front], ['back', s.back], ['hand', s.hand]] as const) {
            if (uploadId === null) continue;
            const upload = await ctx.store.identity.findUpload(uploadId);
            const bytes = upload === undefined ? null : await files.read(upload.file);
            if (bytes === null) throw failed(`the ${kind} photo of submission #${id} is missing from ${files.folder}`);
            const path = join(out, `kyc-${id}-${kind}.jpg`);
            const file = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600).catch((error: NodeJS.ErrnoException) => {
              throw failed(error.code === 'EEXIST' ? `${path} exists already; choose an empty folder` : `can't write ${path}: ${error.message}`);
            });
            try {
              await file.writeFile(bytes);
            } finally {
              await file.close();
            }
            written.push(path);
          }
        }
        const lines = [
          `submission #${s.id}: ${s.status}`,
          `  user       ${s.user_id} (${who})`,
          `  name       ${s.name}`,
          `  document   ${s.doc_type} ${s.doc_number}, ${s.country}`,
          `  photos     front ${s.front}${s.back === null ? '' : `, back ${s.back}`}, hand ${s.hand}`,
          `  submitted  ${when(s.submitted_at)}`,
          ...(s.reviewed_at === null ? [] : [`  reviewed   ${when(s.reviewed_at)} by ${s.reviewer ?? '-'}: ${s.reason ?? ''}`]),
          ...(written.length === 0 ? (out === undefined ? ['  (add --out DIR to write the photos into a folder)'] : []) : ['  photos written:', ...written.map((p) => `    ${p}`)]),
        ];
        return { data: { ...submissionData(s, who), files: written }, text: lines.join('\n') };
      };
    }
    case 'kyc approve':
    case 'kyc reject': {
      const id = submissionId();
      const decision = req.command === 'kyc approve' ? 'approved' : 'rejected';
      return async (ctx) => {
        const reason = req.reason?.trim() ?? '';
        let done;
        try {
          done = await reviewSubmission(ctx, id, decision, reason, req.operator);
        } catch (error) {
          if (error instanceof ReviewError) throw failed(error.message);
          throw error;
        }
        const s = done.submission;
        const who = await whoIs(ctx, s.user_id);
        const status = decision === 'approved' ? 'certified' : 'failed';
        return {
          data: { ...submissionData(s, who), realNameStatus: status, notified: done.notified },
          text: `${decision === 'approved' ? 'approved' : 'rejected'} submission #${id} of user ${s.user_id} (${who}): real-name status ${status}${done.notified ? '; the user was told' : ''}`,
        };
      };
    }
    default:
      throw usage(`unknown command "${req.command}"`);
  }
}
