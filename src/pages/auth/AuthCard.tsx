import type { ReactNode } from 'react';
import * as s from './auth.css.ts';

/** The centred card the three auth pages share; the root carries the page's test id. */
export function AuthCard({ name, title, sub, children }: { name: string; title: string; sub?: string; children: ReactNode }) {
  return (
    <section className={s.wrap} data-testid={`page-${name}`}>
      <div className={s.card}>
        <h1 className={s.title}>{title}</h1>
        {sub ? <p className={s.sub}>{sub}</p> : null}
        {children}
      </div>
    </section>
  );
}
