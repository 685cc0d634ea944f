// Signed in: the nickname (a link to the user centre) with a hover panel of asset and order links and logout.
import { Link, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { useUser } from '../../state/index.ts';
import { signOut } from '../../session/actions.ts';
import { Icon } from '../../ui/Icon.tsx';
import { ASSET_LINKS, ORDER_LINKS } from './menu.ts';
import * as s from './header.css.ts';

export function UserMenu() {
  const { _ } = useLingui();
  const user = useUser();
  const navigate = useNavigate();
  const name = user?.nickName ?? _('nav.account');

  async function onLogout() {
    await signOut();
    await navigate({ to: '/login', search: { statusType: 0 } });
  }

  return (
    <div className={s.dropWrap}>
      <Link to="/accountSet" className={s.trigger} data-testid="user-menu" aria-haspopup="true">
        <Icon name="user" />
        <span className={s.triggerText}>{name}</span>
      </Link>
      <div className={s.hoverPanel}>
        <div className={s.panelGroup}>
          <Link to="/accountSet" className={s.panelItem}>
            {name}
          </Link>
        </div>
        <div className={s.panelGroup}>
          <span className={s.panelLabel}>{_('nav.assets')}</span>
          {ASSET_LINKS.map((item) => (
            <Link key={item.to} to={item.to} className={s.panelItem}>
              {_(item.labelId)}
            </Link>
          ))}
        </div>
        <div className={s.panelGroup}>
          <span className={s.panelLabel}>{_('nav.orders')}</span>
          {ORDER_LINKS.map((item) => (
            <Link key={item.active} to="/commin" search={{ active: item.active }} className={s.panelItem}>
              {_(item.labelId)}
            </Link>
          ))}
        </div>
        <div className={s.panelGroup}>
          <button type="button" className={s.panelItem} data-testid="logout" onClick={() => void onLogout()}>
            {_('nav.logout')}
          </button>
        </div>
      </div>
    </div>
  );
}
