// The user centre shell (spec §2 /accountSet): a side menu over the account and asset pages, each at its own URL.
import { Link, Outlet } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import * as s from './user.css.ts';

const MENU = [
  { to: '/accountSet', labelId: 'nav.account' },
  { to: '/myassets', labelId: 'nav.myAssets' },
  { to: '/recharge', labelId: 'nav.recharge' },
  { to: '/withdrawal', labelId: 'nav.withdrawal' },
  { to: '/assetRecords', labelId: 'nav.assetRecords' },
] as const;

export function UserCentreLayout() {
  const { _ } = useLingui();
  return (
    <div className={s.shell}>
      <nav className={s.side} aria-label={_('user.menu')}>
        {MENU.map((item) => (
          <Link key={item.to} to={item.to} className={s.sideLink}>
            {_(item.labelId)}
          </Link>
        ))}
      </nav>
      <div className={s.content}>
        <Outlet />
      </div>
    </div>
  );
}
