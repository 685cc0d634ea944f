// Page building blocks. Every page's root carries data-testid="page-<route name>" for the browser tests.
import type { ReactNode } from 'react';
import * as s from './page.css.ts';

interface PageProps {
  /** The route path without its slash, e.g. "quotation"; "home" for "/". */
  name: string;
  title?: ReactNode;
  lead?: ReactNode;
  actions?: ReactNode;
  /** Trading screens use the full width. */
  wide?: boolean;
  /** Inside a shell that already pads its content (the user centre). */
  flush?: boolean;
  children?: ReactNode;
}

export function Page({ name, title, lead, actions, wide = false, flush = false, children }: PageProps) {
  return (
    <section className={[s.page, wide ? s.wide : '', flush ? s.flush : ''].join(' ')} data-testid={`page-${name}`}>
      {title || actions ? (
        <div className={s.head}>
          {title ? <h1 className={s.title}>{title}</h1> : null}
          {actions}
        </div>
      ) : null}
      {lead ? <p className={s.lead}>{lead}</p> : null}
      {children}
    </section>
  );
}

export function Panel({ title, actions, children, className }: { title?: ReactNode; actions?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={`${s.panel} ${className ?? ''}`}>
      {title || actions ? (
        <div className={s.head}>
          {title ? <h2 className={s.panelTitle}>{title}</h2> : null}
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}

export function Prose({ children }: { children: ReactNode }) {
  return <div className={s.prose}>{children}</div>;
}

export function Grid({ children }: { children: ReactNode }) {
  return <div className={s.grid}>{children}</div>;
}

export function Details({ rows }: { rows: ReadonlyArray<readonly [label: ReactNode, value: ReactNode, key: string]> }) {
  return (
    <dl className={s.dl}>
      {rows.map(([label, value, key]) => (
        <div key={key} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Note({ children }: { children: ReactNode }) {
  return <p className={s.note}>{children}</p>;
}
