// A terminal panel: a one-line header with optional controls, then its body. Inside the dock the panel fills its
// leaf and its tab names it: a plain-text title is left to the tab and the controls move into the tab strip; a
// rich title (the chart's market summary) keeps one line with the controls, cut short before they are. Outside the dock (narrow screens) the
// panel is a cell of the terminal grid, named by `area`.
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useDockSlot } from '../trade/dock/context.ts';
import * as d from '../trade/dock/dock.css.ts';
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
  const slot = useDockSlot();
  if (slot) {
    const plain = typeof title === 'string';
    return (
      <section className={d.docked} data-testid={testId} data-area={area}>
        {plain ? (
          actions && slot.actions ? createPortal(actions, slot.actions) : null
        ) : (
          <header className={d.dockedHead}>
            <span className={d.dockedTitle}>{title}</span>
            {actions}
          </header>
        )}
        <div className={bodyClass ?? s.body}>{children}</div>
      </section>
    );
  }
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
