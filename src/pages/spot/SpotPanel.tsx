// A terminal panel: a one-line header with optional controls, then its body.
import type { ReactNode } from 'react';
import * as s from './spot.css.ts';

interface Props {
  area: keyof typeof s.areas;
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
  bodyClass?: string;
}

export function SpotPanel({ area, title, actions, children, testId, bodyClass }: Props) {
  return (
    <section className={s.areas[area]} data-testid={testId}>
      <header className={s.head}>
        <span>{title}</span>
        {actions}
      </header>
      <div className={bodyClass ?? s.body}>{children}</div>
    </section>
  );
}
