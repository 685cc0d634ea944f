// A row of tabs; the caller owns the selected key (often a search param).
import { useLingui } from '@lingui/react';
import * as s from './tabs.css.ts';

export interface TabItem<K extends string | number> {
  key: K;
  labelId: string;
  testId?: string;
}

interface Props<K extends string | number> {
  items: readonly TabItem<K>[];
  value: K;
  onChange(key: NoInfer<K>): void;
  label?: string;
}

export function Tabs<K extends string | number>({ items, value, onChange, label }: Props<K>) {
  const { _ } = useLingui();
  return (
    <div className={s.list} role="tablist" aria-label={label}>
      {items.map((item) => (
        <button
          key={item.key}
          type="button"
          role="tab"
          className={s.tab}
          aria-selected={item.key === value}
          data-testid={item.testId}
          onClick={() => onChange(item.key)}
        >
          {_(item.labelId)}
        </button>
      ))}
    </div>
  );
}
