// The console's small building blocks over the app's ui kit: a screen's head, a section, a status badge, a loadable
// value's three states, a pager, the notices.
import { useReducer, type ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import type { Loadable } from '../../ui/useLoadable.ts';
import { isOpsError } from '../api.ts';
import { dismissNotice, useNotices } from '../state.ts';
import * as s from './ops.css.ts';

export function Screen({ name, title, actions, children }: { name: string; title: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className={s.main} data-testid={`ops-${name}`}>
      <div className={s.pageHead}>
        <h1 className={s.pageTitle}>{title}</h1>
        {actions ? <div className={s.actions}>{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}

export function Section({ title, actions, children, testId }: { title?: ReactNode; actions?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className={s.section} data-testid={testId}>
      {title || actions ? (
        <div className={s.sectionHead}>
          {title ? <h2 className={s.sectionTitle}>{title}</h2> : null}
          {actions ? <div className={s.actions}>{actions}</div> : null}
        </div>
      ) : null}
      {children}
    </section>
  );
}

type Tone = keyof typeof s.badge;
const TONE: Record<string, Tone> = {
  open: 'ok', certified: 'ok', approved: 'ok', done: 'ok', published: 'ok', confirmed: 'ok', running: 'ok', replied: 'ok', enabled: 'ok', active: 'ok',
  pending: 'warn', applied: 'warn', applying: 'warn', maintenance: 'warn', draft: 'warn', broadcast: 'warn', interrupted: 'warn', scheduled: 'warn',
  closed: 'neutral', unpublished: 'neutral', cancelled: 'neutral', ended: 'neutral', none: 'neutral', disabled: 'neutral',
  rejected: 'bad', failed: 'bad', frozen: 'bad', stopped: 'bad',
};

/** A state word in its colour: the text is the caller's (translated or as the server names it). */
export function Badge({ status, children }: { status: string; children?: ReactNode }) {
  return (
    <span className={s.badge[TONE[status] ?? 'neutral']} data-status={status}>
      {children ?? status}
    </span>
  );
}

export function Empty({ children }: { children?: ReactNode }) {
  const { _ } = useLingui();
  return <EmptyState>{children ?? _('ops.empty')}</EmptyState>;
}

/** The message of a failed load: the server's (in the operator's language) or the client's own. */
export function errorText(error: unknown, fallback: string): string {
  return isOpsError(error) ? error.msg : fallback;
}

export function Load<T>({ state, children, retry }: { state: Loadable<T>; children: (data: T) => ReactNode; retry?: () => void }) {
  const { _ } = useLingui();
  if (state.status === 'pending') return <p className={s.muted} data-testid="ops-loading">{_('ops.loading')}</p>;
  if (state.status === 'error') {
    return (
      <div className={s.actions} data-testid="ops-load-error">
        <span className={s.down}>{errorText(state.error, _('ops.error.generic'))}</span>
        {retry ? (
          <Button size="sm" variant="secondary" onClick={retry}>
            {_('ops.retry')}
          </Button>
        ) : null}
      </div>
    );
  }
  return <>{children(state.data)}</>;
}

/** A counter to reload a screen's data after an action (a dependency of useLoadable). */
export function useReload(): [number, () => void] {
  return useReducer((n: number) => n + 1, 0);
}

export function Pager({ pageIndex, pageSize, total, onPage }: { pageIndex: number; pageSize: number; total: number; onPage(page: number): void }) {
  const { _ } = useLingui();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className={s.pager} data-testid="ops-pager">
      <span>{_('ops.pager.info', { page: pageIndex, pages, total })}</span>
      <Button size="sm" variant="secondary" disabled={pageIndex <= 1} onClick={() => onPage(pageIndex - 1)}>
        {_('ops.pager.prev')}
      </Button>
      <Button size="sm" variant="secondary" disabled={pageIndex >= pages} onClick={() => onPage(pageIndex + 1)}>
        {_('ops.pager.next')}
      </Button>
    </div>
  );
}

export function Stat({ label, value, testId }: { label: ReactNode; value: ReactNode; testId?: string }) {
  return (
    <div className={s.stat} data-testid={testId}>
      <span className={s.statLabel}>{label}</span>
      <span className={s.statValue}>{value}</span>
    </div>
  );
}

export function Num({ children, tone }: { children: ReactNode; tone?: 'signed' }) {
  const text = typeof children === 'string' ? children : null;
  const cls = tone === 'signed' && text ? (text.startsWith('-') ? s.down : /[1-9]/.test(text) ? s.up : '') : '';
  return <span className={`${s.num} ${cls}`}>{children}</span>;
}

export function Notices() {
  const { _ } = useLingui();
  const list = useNotices();
  return (
    <div className={s.notices} aria-live="polite">
      {list.map((n) => (
        <div key={n.id} className={s.notice[n.kind]} role={n.kind === 'error' ? 'alert' : 'status'} data-testid={`ops-notice-${n.kind}`}>
          <span className={s.noticeText}>{n.text}</span>
          <button type="button" className={s.close} aria-label={_('ops.close')} onClick={() => dismissNotice(n.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
