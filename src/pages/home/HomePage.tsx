// Home (spec §2 /): what the platform offers, the live market list, and the latest announcements.
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { PRODUCT_NAME } from '../../contract.ts';
import { useSignedIn } from '../../state/index.ts';
import { buttonClass } from '../../ui/Button.tsx';
import { Grid, Page, Panel } from '../../ui/Page.tsx';
import { LatestNotices } from './LatestNotices.tsx';
import { TopMovers } from './TopMovers.tsx';
import * as s from './home.css.ts';

const FEATURES = [
  { to: '/quotation', labelId: 'home.feature.market', id: 'home.feature.marketText' },
  { to: '/currencyTransaction', labelId: 'home.feature.spot', id: 'home.feature.spotText' },
  { to: '/contractTransaction', labelId: 'home.feature.contract', id: 'home.feature.contractText' },
  { to: '/defiFinancial', labelId: 'home.feature.earn', id: 'home.feature.earnText' },
] as const;

export function HomePage() {
  const { _ } = useLingui();
  const signedIn = useSignedIn();
  return (
    <Page name="home">
      <div className={s.hero}>
        <h1 className={s.heroTitle}>{_('home.hero.title', { name: PRODUCT_NAME })}</h1>
        <p className={s.heroText}>{_('home.hero.text')}</p>
        <div className={s.heroButtons}>
          {signedIn ? (
            <Link to="/currencyTransaction" className={buttonClass('primary')}>
              {_('home.hero.trade')}
            </Link>
          ) : (
            <Link to="/register" search={{ statusType: 1 }} className={buttonClass('primary')}>
              {_('home.hero.signUp')}
            </Link>
          )}
          <Link to="/quotation" className={buttonClass('secondary')}>
            {_('home.hero.markets')}
          </Link>
        </div>
      </div>
      <Panel title={_('home.notices')} actions={<Link to="/noticeList">{_('common.more')}</Link>}>
        <LatestNotices />
      </Panel>
      <Panel title={_('home.highlights')} actions={<Link to="/quotation">{_('common.more')}</Link>}>
        <TopMovers count={6} by="volume" />
      </Panel>
      <Panel title={_('home.movers')}>
        <TopMovers count={6} by="change" />
      </Panel>
      <Grid>
        {FEATURES.map((f) => (
          <Link key={f.to} to={f.to} className={s.feature}>
            <span className={s.featureTitle}>{_(f.labelId)}</span>
            <span className={s.featureText}>{_(f.id)}</span>
          </Link>
        ))}
      </Grid>
    </Page>
  );
}
