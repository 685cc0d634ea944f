// The audit log as the console shows it (OpsAuditItem) and exports it: CSV by RFC 4180 (fields with a comma, a quote
// or a line break quoted, quotes doubled, CRLF between records), and every cell that a spreadsheet would take for a
// formula (starting with = + - @, or a tab or carriage return) prefixed with ' so opening the file runs nothing.
import { commandLine } from '../admin/commands.ts';
import type { OpsAuditItem } from '../contract/ops.ts';
import type { AuditEntry, AuditFilter } from '../store/audit.ts';
import type { Store } from '../store/index.ts';

function outcomeText(result: string | null): string | null {
  if (result === null) return null;
  try {
    const r = JSON.parse(result) as { text?: unknown; error?: unknown };
    if (typeof r.text === 'string') return r.text;
    if (typeof r.error === 'string') return r.error;
  } catch {
    // not JSON: shown as stored
  }
  return result;
}

export const auditItem = (e: AuditEntry): OpsAuditItem => ({
  id: e.id, requestId: e.requestId, operator: e.operator, via: e.via, command: e.command, line: commandLine(e.command, e.args), reason: e.reason,
  status: e.status, result: outcomeText(e.result), createdAt: e.createdAt, completedAt: e.finishedAt,
});

/** A cell a spreadsheet can't run: a leading = + - @ (or tab, CR) gets a ' in front. */
export function safeCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** One RFC 4180 field. */
export function csvField(value: string | number | null): string {
  const text = value === null ? '' : typeof value === 'number' ? String(value) : safeCell(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export const CSV_HEADER = ['id', 'time', 'operator', 'via', 'command', 'line', 'reason', 'status', 'result', 'completed', 'request_id'];

export function csvRow(i: OpsAuditItem): string {
  return [i.id, iso(i.createdAt), i.operator, i.via, i.command, i.line, i.reason, i.status, i.result, iso(i.completedAt), i.requestId].map(csvField).join(',');
}

/** Every matching row, newest first, as CSV text (bounded: an export of more rows than this asks for a narrower filter). */
export const CSV_MAX_ROWS = 100_000;

export async function* auditCsv(store: Store, filter: AuditFilter): AsyncGenerator<string> {
  yield `${CSV_HEADER.join(',')}\r\n`;
  const PAGE = 1000;
  let beforeId: number | undefined;
  for (let sent = 0; sent < CSV_MAX_ROWS; sent += PAGE) {
    const { rows } = await store.audit.search({ ...filter, beforeId }, 0, PAGE);
    if (rows.length > 0) yield rows.map((e) => `${csvRow(auditItem(e))}\r\n`).join('');
    if (rows.length < PAGE) break;
    beforeId = rows.at(-1)?.id;
  }
}
