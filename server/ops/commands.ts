// The console's face of the operator catalogue: a command from the console runs through the same executor as the
// CLI's (admin/commands.ts createAdminExecutor, over the running server's desks), with the signed-in operator's
// name, the reason and the console's request id, audited with via 'console'. The console adds two things before it:
// the role check (capabilities.ts) and the four-eyes rule.
//
// Four eyes: a balance credit, a seconds house credit, an earn treasury credit, an insurance fund contribution or a
// withdrawal approval whose amount is over its asset's threshold (admin/ops-commands.ts) is not run: it is stored
// as a pending approval under the request's id, and the request's audit row says so (`approval request`). A
// different operator whose role has the command's capability approves it (it then runs, once, through the executor
// under that same request id: a repeated or racing decision finds it decided and runs nothing) or rejects it; each
// decision is audited too (`approval approve|reject`, request id `<id>:approve|reject`).
import { Compile } from 'typebox/compile';
import { checkRequest, AdminError, type AdminExecutor, type AdminRequest } from '../admin/commands.ts';
import { isOpsCommand, planOps, readThresholds } from '../admin/ops-commands.ts';
import { perpAsset } from '../admin/perp.ts';
import { AdminArgsSchema, changesState, isChannelCommand, type AdminArgs, type ChannelCommand } from '../admin/protocol.ts';
import type { Clock } from '../clock.ts';
import { hasCapability, type OpsApprovalItem, type OpsApprovalStatus, type OpsCommandRequest, type OpsCommandResult } from '../contract/ops.ts';
import { SECONDS_ASSET } from '../contract/seconds.ts';
import { DECIMALS, formatDecimal, parseDecimal } from '../kernel/index.ts';
import type { AuditVia } from '../store/audit.ts';
import type { Store } from '../store/index.ts';
import type { ApprovalRow, OpsRepo } from '../store/ops.ts';
import { opsCapabilityOf } from './capabilities.ts';
import { UsageError } from '../cli/args.ts';
import { CommandError, type CommandResult } from '../cli/commands.ts';
import { perpFunding, perpInsurance, perpMarketsRead, perpMarks } from '../cli/perp-commands.ts';
import { perKeySerial } from '../accounts/serial.ts';
import type { OpsOperator } from './context.ts';
import { OpsError, opsFail } from './errors.ts';

const VIA: AuditVia = 'console';
const REASON = /^[^\u0000-\u001f\u007f]{1,500}$/;
const argsCheck = Compile(AdminArgsSchema);
const dec = (minor: bigint) => formatDecimal(minor, DECIMALS, true);

/**
 * Reads the CLI answers from the store itself (not channel commands: they need no desk): the same functions, so the
 * console and the CLI show the same figures: the perpetuals' screen (insurance fund, funding, marks). The fee table is a
 * catalogue command (`fees show`, `fees set`: admin/fees.ts).
 */
const STORE_READS: Readonly<Record<string, (store: Store, args: { words: string[]; options: Map<string, string>; switches: Set<string> }) => Promise<CommandResult>>> = {
  'perp insurance': perpInsurance,
  'perp funding': perpFunding,
  'perp marks': perpMarks,
  'perp markets': perpMarketsRead,
};
export const STORE_READ_COMMANDS: readonly string[] = Object.keys(STORE_READS);

/** The commands the four-eyes rule applies to. */
export const FOUR_EYES_COMMANDS: readonly string[] = ['balance credit', 'seconds house credit', 'earn treasury credit', 'perp insurance fund', 'withdrawal approve'];

const APPROVAL_STATUSES: readonly OpsApprovalStatus[] = ['pending', 'approved', 'rejected', 'failed'];

function parseArgs(json: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(json);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

export function approvalItem(r: ApprovalRow): OpsApprovalItem {
  return {
    id: r.id, command: r.command, args: parseArgs(r.args), summary: r.summary, reason: r.reason, requestedBy: r.requestedBy, requestedAt: r.requestedAt,
    status: APPROVAL_STATUSES.find((s) => s === r.status) ?? 'failed', decidedBy: r.decidedBy, decidedAt: r.decidedAt, decisionReason: r.decisionReason, outcome: r.outcome,
  };
}

/** An executor refusal as the console answers it (its words in data.message). */
function refusal(error: unknown): never {
  if (error instanceof AdminError) opsFail(error.kind === 'usage' ? 'ops.command.usage' : 'ops.command.failed', { message: error.message });
  throw error;
}

function checkReason(reason: string | undefined): string {
  const text = reason?.trim() ?? '';
  if (text === '') opsFail('ops.reason.required');
  if (!REASON.test(text)) opsFail('ops.command.usage', { message: 'the reason must be 1 to 500 characters without control characters' });
  return text;
}

/** What a four-eyes command would move, in words and minor units; null when it can't tell (the command then runs, and refuses itself). */
async function amountOf(store: Store, command: string, args: AdminArgs): Promise<{ asset: string; amount: bigint; summary: string } | null> {
  const parse = (text: string | undefined) => {
    if (text === undefined) return null;
    const r = parseDecimal(text);
    return r.ok ? r.value : null;
  };
  switch (command) {
    case 'balance credit': {
      const amount = parse(args.amount);
      const asset = args.asset?.toUpperCase();
      if (amount === null || asset === undefined) return null;
      return { asset, amount, summary: `credit ${dec(amount)} ${asset} to ${args.email ?? args.phone ?? '?'} (${args.account ?? 'coin'})` };
    }
    case 'seconds house credit': {
      const amount = parse(args.amount);
      return amount === null ? null : { asset: SECONDS_ASSET, amount, summary: `credit ${dec(amount)} ${SECONDS_ASSET} to the seconds house` };
    }
    case 'earn treasury credit': {
      const amount = parse(args.amount);
      const asset = args.asset?.toUpperCase();
      if (amount === null || asset === undefined) return null;
      return { asset, amount, summary: `credit ${dec(amount)} ${asset} to the earn treasury` };
    }
    case 'perp insurance fund': {
      const amount = parse(args.amount);
      if (amount === null) return null;
      const asset = await perpAsset(store);
      return { asset, amount, summary: `credit ${dec(amount)} ${asset} to the insurance fund` };
    }
    case 'withdrawal approve': {
      if (args.id === undefined || !/^[1-9]\d{0,14}$/.test(args.id)) return null;
      const w = await store.wallet.get(Number(args.id));
      if (w === undefined) return null;
      return { asset: w.asset, amount: w.amount, summary: `approve withdrawal #${w.id}: ${dec(w.amount)} ${w.asset} of user ${w.user} to ${w.address} (${w.network})` };
    }
    default:
      return null;
  }
}

export interface OpsCommandsDeps {
  readonly store: Store;
  readonly ops: OpsRepo;
  readonly clock: Clock;
  /** The catalogue's executor over the running server's desks, auditing with via 'console'. */
  readonly executor: AdminExecutor;
}

export function createOpsCommands({ store, ops, clock, executor }: OpsCommandsDeps) {
  /** An audit row for something the console itself does (an approval's request or decision, the console's own commands). */
  async function audited(
    row: { requestId: string; operator: string; command: string; args: string; reason: string },
    work: () => Promise<{ data: unknown; text: string }>,
  ): Promise<{ data: unknown; text: string; replayed: boolean }> {
    const began = await store.audit.begin({ ...row, via: VIA, createdAt: clock() });
    if (!began.created) {
      const e = began.entry;
      if (e.command !== row.command || e.args !== row.args) opsFail('ops.command.failed', { message: `request id ${row.requestId} was already used for another command` });
      if (e.status === 'done') {
        const stored = JSON.parse(e.result ?? '{}') as { data?: unknown; text?: string };
        return { data: stored.data ?? null, text: stored.text ?? '', replayed: true };
      }
      if (e.status === 'failed') {
        const stored = JSON.parse(e.result ?? '{}') as { error?: string };
        opsFail('ops.command.failed', { message: stored.error ?? 'failed' });
      }
    }
    try {
      const result = await work();
      await store.audit.finish(row.requestId, 'done', JSON.stringify(result), clock());
      return { ...result, replayed: false };
    } catch (error) {
      const message = error instanceof AdminError ? error.message : error instanceof OpsError ? error.code : error instanceof Error ? error.message : String(error);
      await store.audit.finish(row.requestId, 'failed', JSON.stringify({ error: message }), clock()).catch(() => false);
      throw error;
    }
  }

  const usage = (m: string) => new AdminError('usage', m);
  const failed = (m: string) => new AdminError('failed', m);

  /** Runs the console's own catalogue commands (the thresholds) until the executor takes them too. */
  async function runOwn(operator: OpsOperator, body: OpsCommandRequest, args: AdminArgs): Promise<OpsCommandResult> {
    let run;
    try {
      run = planOps({ command: body.command, args }, usage, failed);
    } catch (error) {
      refusal(error);
    }
    if (body.command === 'approval threshold') {
      const r = await run({ store, clock }).catch(refusal);
      return { ...r, replayed: false };
    }
    const reason = checkReason(body.reason);
    const argsJson = canonical(args);
    return audited({ requestId: body.requestId, operator: operator.name, command: body.command, args: argsJson, reason }, () => run({ store, clock })).catch(refusal);
  }

  const decisions = perKeySerial<number>();
  return Object.freeze({
    /** A command of the console (the role was checked for its capability by the caller: see `capabilityOf`). */
    async run(operator: OpsOperator, body: OpsCommandRequest): Promise<OpsCommandResult> {
      const capability = opsCapabilityOf(body.command);
      if (capability === null) opsFail('ops.command.unknown');
      if (!hasCapability(operator.role, capability)) opsFail('ops.forbidden');
      const read = Object.hasOwn(STORE_READS, body.command) ? STORE_READS[body.command] : undefined;
      if (read !== undefined) {
        const words = body.command.split(' ');
        const options = new Map(Object.entries(body.args).filter(([k]) => k === 'symbol' || k === 'limit'));
        try {
          const r = await read(store, { words, options, switches: new Set() });
          return { data: r.data, text: r.text, replayed: false };
        } catch (error) {
          if (error instanceof UsageError) opsFail('ops.command.usage', { message: error.message });
          if (error instanceof CommandError) opsFail('ops.command.failed', { message: error.message });
          throw error;
        }
      }
      // Known to the console but not (yet) to the executor: the content area's commands until they are wired.
      if (!isChannelCommand(body.command) && !isOpsCommand(body.command)) opsFail('ops.command.unknown');
      // Writes files where the server runs: the console shows the photos itself (OPS_PATHS.kycPhoto).
      if (body.args['out'] !== undefined) opsFail('ops.command.usage', { message: '--out is not available in the console: the identity screen shows the photos' });
      if (!argsCheck.Check(body.args)) {
        const e = argsCheck.Errors(body.args)[0];
        opsFail('ops.command.usage', { message: `${e?.instancePath === '' || e === undefined ? 'args' : `--${e.instancePath.slice(1)}`}: ${e?.message ?? 'invalid'}` });
      }
      const args: AdminArgs = body.args;
      if (isOpsCommand(body.command) && !isChannelCommand(body.command)) return runOwn(operator, body, args);
      const command = body.command as ChannelCommand;
      const req: AdminRequest = { id: body.requestId, operator: operator.name, command, args, reason: body.reason };
      if (changesState(command)) checkReason(body.reason);
      try {
        checkRequest(req);
      } catch (error) {
        refusal(error);
      }
      if (FOUR_EYES_COMMANDS.includes(command)) {
        // A retry of a request that became an approval gets that approval again.
        const waiting = await ops.approvalByRequestId(req.id);
        if (waiting !== undefined) return { data: null, text: `waits for a second operator's approval (#${waiting.id})`, replayed: true, approval: approvalItem(waiting) };
        const ran = await store.audit.find(req.id);
        const moved = ran === undefined ? await amountOf(store, command, args) : null;
        const threshold = moved === null ? undefined : (await readThresholds(store)).get(moved.asset);
        if (moved !== null && threshold !== undefined && moved.amount > threshold) {
          const reason = checkReason(req.reason);
          const argsJson = canonical(args);
          let approval: ApprovalRow | undefined;
          const asked = await audited(
            { requestId: `${req.id}:ask`, operator: operator.name, command: 'approval request', args: JSON.stringify({ command, args: JSON.parse(argsJson) as unknown }), reason },
            async () => {
              const made = await ops.insertApproval({ command, args: argsJson, reason, summary: moved.summary, requestedBy: operator.name, requestedAt: clock(), requestId: req.id });
              approval = made.row;
              const text = `${moved.summary}: over the ${moved.asset} threshold of ${dec(threshold)}, waits for a second operator's approval (#${made.row.id})`;
              return { data: { approval: made.row.id }, text };
            },
          );
          approval ??= await ops.approvalByRequestId(req.id);
          if (approval === undefined) opsFail('system.error');
          return { data: null, text: asked.text, replayed: asked.replayed, approval: approvalItem(approval) };
        }
      }
      const outcome = await executor.execute(req).catch(refusal);
      return { data: outcome.data, text: outcome.text, replayed: outcome.replayed };
    },

    async approvals(status: OpsApprovalStatus | 'all', limit: number): Promise<OpsApprovalItem[]> {
      return (await ops.approvals(status === 'all' ? null : status, limit)).map(approvalItem);
    },

    /** A second operator's decision on a pending approval; approved, it runs once, through the executor. */
    decide(operator: OpsOperator, id: number, approve: boolean, reasonText: string | undefined): Promise<OpsApprovalItem> {
      // One decision on an approval at a time in this process: two clicks racing (truly at once on PostgreSQL) would
      // both start the audited decision under one request id, and the second would mark it failed.
      return decisions(id, () => decideNow(operator, id, approve, reasonText));
    },
  });

  async function decideNow(operator: OpsOperator, id: number, approve: boolean, reasonText: string | undefined): Promise<OpsApprovalItem> {
    {
      const row = await ops.approval(id);
      if (row === undefined) opsFail('ops.approval.not.found');
      const capability = opsCapabilityOf(row.command);
      if (capability === null || !hasCapability(operator.role, capability)) opsFail('ops.forbidden');
      const status = approve ? 'approved' : 'rejected';
      let run = approve;
      if (row.status !== 'pending') {
        // The same decision again (a lost answer): what it came to, and an approval whose run a stop cut off runs
        // now (under its request id: never twice). Anything else was decided already.
        const same = row.decidedBy === operator.name && (approve ? row.status !== 'rejected' : row.status === 'rejected');
        if (!same) opsFail('ops.approval.decided');
        run = approve && row.status === 'approved' && row.outcome === null;
        if (!run) return approvalItem(row);
      } else {
        if (row.requestedBy === operator.name) opsFail('ops.approval.self');
        const reason = checkReason(reasonText);
        const decision = { requestId: `${row.requestId}:${approve ? 'approve' : 'reject'}`, operator: operator.name, command: `approval ${approve ? 'approve' : 'reject'}`, args: JSON.stringify({ id: String(row.id) }), reason };
        try {
          await audited(decision, async () => {
            // Only while pending: of two operators deciding at once, one does.
            if (!(await ops.decide(row.id, status, operator.name, reason, clock()))) opsFail('ops.approval.decided');
            return { data: { approval: row.id, status }, text: `${status} #${row.id}: ${row.summary} (requested by ${row.requestedBy})` };
          });
        } catch (error) {
          if (!(error instanceof OpsError)) throw error;
          const now = await ops.approval(row.id);
          if (now !== undefined && now.decidedBy === operator.name && now.status !== 'pending' && (now.status === 'rejected') === !approve) return approvalItem(now);
          opsFail('ops.approval.decided');
        }
      }
      if (run) {
        const decided = (await ops.approval(row.id)) ?? row;
        const args = parseArgs(row.args) as AdminArgs;
        const runReason = `${row.reason} (four eyes: asked by ${row.requestedBy}, approved by ${operator.name}: ${decided.decisionReason ?? ''})`.slice(0, 500);
        try {
          const outcome = await executor.execute({ id: row.requestId, operator: operator.name, command: row.command as ChannelCommand, args, reason: runReason });
          await ops.settle(row.id, true, outcome.text);
        } catch (error) {
          await ops.settle(row.id, false, error instanceof Error ? error.message : String(error));
        }
      }
      const after = await ops.approval(row.id);
      if (after === undefined) opsFail('ops.approval.not.found');
      return approvalItem(after);
    }
  }
}

/** The arguments as the audit row stores them: defined keys, sorted (admin/commands.ts canonicalArgs). */
function canonical(args: AdminArgs): string {
  const out: Record<string, string> = {};
  for (const key of Object.keys(args).sort() as Array<keyof AdminArgs>) {
    const value = args[key];
    if (value !== undefined) out[key] = value;
  }
  return JSON.stringify(out);
}

export type OpsCommands = ReturnType<typeof createOpsCommands>;
