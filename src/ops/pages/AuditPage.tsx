// The audit log: every command an operator ran (console, CLI channel or store), who, why and how it ended; filtered by
// operator, command and days, paged, and exported as CSV with the same filters.
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { OPS_PATHS, type OpsAuditItem } from '../../contract.ts';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { TextField } from '../../ui/Field.tsx';
import { useLoadable } from '../../ui/useLoadable.ts';
import { formatDateTime } from '../../format/date.ts';
import { ops } from '../client.ts';
import { auditItem, page, parser } from '../parse.ts';
import { Badge, Empty, Load, Pager, Screen, Section } from '../ui/kit.tsx';
import * as s from '../ui/ops.css.ts';
import { dayToMs } from '../views.ts';

const parseAudit = parser(page(auditItem));
const AUDIT_STATUS_IDS: Record<string, string> = {
  done: 'ops.audit.done',
  failed: 'ops.status.failed',
  pending: 'ops.status.pending',
  interrupted: 'ops.audit.interrupted',
};
const PAGE_SIZE = 50;
const LINE_MAX = 240;

/** At most `max` characters, with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export interface AuditFilter {
  operator: string;
  command: string;
  from: string;
  to: string;
}

/** The query of the list and of the CSV: the days as the first and last millisecond of local days. */
export function auditQuery(f: AuditFilter): Record<string, string | number | undefined> {
  return {
    operator: f.operator.trim() || undefined,
    command: f.command.trim() || undefined,
    from: dayToMs(f.from),
    to: dayToMs(f.to, true),
  };
}

export default function AuditPage() {
  const { _ } = useLingui();
  const empty: AuditFilter = { operator: '', command: '', from: '', to: '' };
  const [draft, setDraft] = useState<AuditFilter>(empty);
  const [filter, setFilter] = useState<AuditFilter>(empty);
  const [pageIndex, setPage] = useState(1);
  const query = auditQuery(filter);
  const state = useLoadable((signal) => ops.get(OPS_PATHS.audit, parseAudit, { ...query, pageIndex, pageSize: PAGE_SIZE }, { signal }), [JSON.stringify(query), pageIndex]);
  const columns: Column<OpsAuditItem>[] = [
    { key: 'time', labelId: 'ops.col.time', render: (a) => <span className={s.num}>{formatDateTime(a.createdAt)}</span> },
    { key: 'op', labelId: 'ops.col.operator', render: (a) => a.operator },
    { key: 'via', labelId: 'ops.audit.via', render: (a) => a.via },
    // A long argument (an article's body, a fee table) would make one row a page tall: the start, and all of it on
    // hover and in the CSV.
    { key: 'line', labelId: 'ops.audit.command', render: (a) => <span className={s.line} title={a.line.length > LINE_MAX ? a.line : undefined}>{clip(a.line, LINE_MAX)}</span> },
    { key: 'reason', labelId: 'ops.col.reason', render: (a) => <span className={s.prose}>{a.reason ?? ''}</span> },
    { key: 'status', labelId: 'ops.col.status', render: (a) => <Badge status={a.status}>{a.status in AUDIT_STATUS_IDS ? _(AUDIT_STATUS_IDS[a.status]!) : a.status}</Badge> },
    { key: 'result', labelId: 'ops.audit.result', render: (a) => <span className={s.prose} title={a.result ?? ''}>{(a.result ?? '').slice(0, 160)}</span> },
  ];
  const set = (k: keyof AuditFilter) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value }));
  return (
    <Screen
      name="audit"
      title={_('ops.nav.audit')}
      actions={
        <a className={buttonClass('secondary', 'sm')} href={ops.url(OPS_PATHS.auditCsv, query)} download data-testid="ops-audit-csv">
          {_('ops.audit.csv')}
        </a>
      }
    >
      <form
        className={s.toolbar}
        onSubmit={(e) => {
          e.preventDefault();
          setFilter(draft);
          setPage(1);
        }}
      >
        <TextField label={_('ops.col.operator')} value={draft.operator} onChange={set('operator')} data-testid="ops-audit-operator" />
        <TextField label={_('ops.audit.command')} value={draft.command} placeholder="balance credit" onChange={set('command')} data-testid="ops-audit-command" />
        <TextField label={_('ops.audit.from')} type="date" value={draft.from} onChange={set('from')} data-testid="ops-audit-from" />
        <TextField label={_('ops.audit.to')} type="date" value={draft.to} onChange={set('to')} data-testid="ops-audit-to" />
        <Button type="submit" data-testid="ops-audit-filter">
          {_('ops.filter')}
        </Button>
      </form>
      <Section>
        <Load state={state}>
          {(result) => (
            <>
              <DataTable columns={columns} rows={result.list} rowKey={(a) => String(a.id)} empty={<Empty>{_('ops.audit.none')}</Empty>} />
              <Pager pageIndex={result.pageIndex} pageSize={result.pageSize} total={result.total} onPage={setPage} />
            </>
          )}
        </Load>
      </Section>
    </Screen>
  );
}
