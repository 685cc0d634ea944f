// `audit list [--limit N]`: the operators' audit trail, newest first: who did what, when, why, which way (through
// the server's admin channel or on the store), and how it ended. Read from the store; safe while a server runs.
import { commandLine } from '../admin/commands.ts';
import type { Store } from '../store/index.ts';
import { UsageError, type ParsedArgs } from './args.ts';
import type { CommandResult } from './commands.ts';

const iso = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString().replace('T', ' ').slice(0, 19));

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function outcomeText(result: unknown): string {
  if (result !== null && typeof result === 'object') {
    const r = result as { text?: unknown; error?: unknown };
    if (typeof r.text === 'string') return r.text.split('\n')[0] ?? '';
    if (typeof r.error === 'string') return r.error;
  }
  return '';
}

export async function auditList(store: Store, args: ParsedArgs): Promise<CommandResult> {
  const raw = args.options.get('limit') ?? '20';
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError('--limit must be an integer from 1 to 1000');
  const rows = await store.audit.list(limit);
  const data = rows.map((r) => ({
    id: r.id,
    requestId: r.requestId,
    time: r.createdAt,
    operator: r.operator,
    command: r.command,
    args: parseJson(r.args),
    reason: r.reason,
    via: r.via,
    status: r.status,
    result: parseJson(r.result),
    finishedAt: r.finishedAt,
  }));
  const text = data.length
    ? rows
        .map((r, i) => {
          const outcome = outcomeText(data[i]?.result ?? null);
          return [
            `#${r.id}  ${iso(r.createdAt)}  ${r.operator}  via ${r.via}  ${r.status}  request ${r.requestId}`,
            `    ${commandLine(r.command, r.args)}`,
            `    reason: ${r.reason}`,
            ...(outcome ? [`    → ${outcome}`] : []),
          ].join('\n');
        })
        .join('\n')
    : 'the audit log is empty';
  return { data, text };
}
