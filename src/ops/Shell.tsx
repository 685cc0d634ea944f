// The console's frame: a dense nav of the screens this operator may use, grouped; who is signed in and their role;
// the language; sign out. The notices float over everything.
import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { LOCALES, LOCALE_NAMES, OPS_PATHS, PRODUCT_NAME, isLocale } from '../contract.ts';
import { Button } from '../ui/Button.tsx';
import { ignore } from './parse.ts';
import { ops } from './client.ts';
import { activeLocale, switchLocale } from './i18n.ts';
import { NAV_GROUPS, navFor } from './nav.ts';
import { OpsLink, useOpsPath } from './router.tsx';
import { meStore, useMe } from './state.ts';
import { Notices } from './ui/kit.tsx';
import * as s from './ui/ops.css.ts';

export function Shell({ children }: { children: ReactNode }) {
  const { _ } = useLingui();
  const me = useMe();
  const path = useOpsPath();
  const items = navFor(me?.capabilities ?? []);
  const signOut = () => {
    ops.post(OPS_PATHS.logout, ignore, {}).finally(() => meStore.set(null));
  };
  return (
    <div className={s.shell}>
      <nav className={s.nav} aria-label={_('ops.nav.label')} data-testid="ops-nav">
        <div className={s.brand}>
          {PRODUCT_NAME}
          <span className={s.brandSub}>{_('ops.brand')}</span>
        </div>
        {NAV_GROUPS.map((g) => {
          const inGroup = items.filter((i) => i.group === g.key);
          if (inGroup.length === 0) return null;
          return (
            <div key={g.key}>
              <div className={s.navGroup}>{_(g.labelId)}</div>
              {inGroup.map((item) => (
                <OpsLink
                  key={item.path}
                  to={item.path}
                  className={s.navLink}
                  data-status={path === item.path || path.startsWith(`${item.path}/`) ? 'active' : undefined}
                  data-testid={`ops-nav-${item.path.slice(1)}`}
                >
                  {_(item.labelId)}
                </OpsLink>
              ))}
            </div>
          );
        })}
        <div className={s.navFoot}>
          {me ? (
            <div className={s.who} data-testid="ops-me">
              <span className={s.whoName}>{me.name}</span>
              <span className={s.muted}>{_(`ops.role.${me.role}`)}</span>
            </div>
          ) : null}
          <select
            className={s.select}
            aria-label={_('ops.language')}
            value={activeLocale()}
            data-testid="ops-lang"
            onChange={(e) => {
              if (isLocale(e.target.value)) switchLocale(e.target.value);
            }}
          >
            {LOCALES.map((l) => (
              <option key={l} value={l}>
                {LOCALE_NAMES[l]}
              </option>
            ))}
          </select>
          <Button size="sm" variant="secondary" onClick={signOut} data-testid="ops-sign-out">
            {_('ops.signOut')}
          </Button>
        </div>
      </nav>
      <div>{children}</div>
      <Notices />
    </div>
  );
}
