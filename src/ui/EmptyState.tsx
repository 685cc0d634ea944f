import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { Icon } from './Icon.tsx';
import { empty } from './empty.css.ts';

/** "No data yet", or another text, with an empty-tray mark. */
export function EmptyState({ children }: { children?: ReactNode }) {
  const { _ } = useLingui();
  return (
    <div className={empty} data-testid="empty">
      <Icon name="inbox" size={28} />
      <span>{children ?? _('common.noData')}</span>
    </div>
  );
}
