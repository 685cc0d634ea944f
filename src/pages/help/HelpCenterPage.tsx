// Help centre (spec §2 /helpCenter): the six categories with their published articles, a search over the titles and
// summaries (on the page: the centre is one reply), and where else to get help.
import { useMemo, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { fetchHelpCentre } from '../../api/content.ts';
import type { HelpCategory, HelpCentreView } from '../../contract.ts';
import { openContact } from '../../state/index.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { TextField } from '../../ui/Field.tsx';
import { Grid, Page, Panel } from '../../ui/Page.tsx';
import { matchesQuery } from '../notice/content-state.ts';
import { ContentPanelBody, ListFallbackNote } from '../notice/ContentView.tsx';
import { useContent } from '../notice/useContent.ts';
import * as s from './help.css.ts';

const CATEGORY_LABELS: Readonly<Record<HelpCategory, string>> = {
  account: 'help.cat.account',
  funds: 'help.cat.funds',
  trading: 'help.cat.trading',
  perpetual: 'help.cat.perpetual',
  seconds: 'help.cat.seconds',
  'price-record': 'help.cat.priceRecord',
};

export function HelpCenterPage() {
  const { _ } = useLingui();
  const [query, setQuery] = useState('');
  const [state, retry] = useContent((signal) => fetchHelpCentre({ signal, notify: false }), []);
  return (
    <Page
      name="helpCenter"
      title={_('footer.help')}
      lead={_('help.lead')}
      actions={
        <Button size="sm" variant="secondary" onClick={openContact}>
          {_('footer.customerService')}
        </Button>
      }
    >
      <div className={s.search}>
        <TextField
          label={_('help.search')}
          type="search"
          value={query}
          placeholder={_('help.search.placeholder')}
          data-testid="help-search"
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      <ContentPanelBody state={state} missing={_('help.none')} onRetry={retry}>
        {(centre) => <Categories centre={centre} query={query} />}
      </ContentPanelBody>
    </Page>
  );
}

function Categories({ centre, query }: { centre: HelpCentreView; query: string }) {
  const { _ } = useLingui();
  const shown = useMemo(
    () => centre.categories.map((c) => ({ key: c.key, articles: c.articles.filter((a) => matchesQuery(query, a.title, a.summary)) })),
    [centre, query],
  );
  const searching = query.trim() !== '';
  const found = shown.reduce((n, c) => n + c.articles.length, 0);
  if (searching && found === 0) {
    return (
      <div data-testid="help-no-match">
        <EmptyState>{_('help.noMatch', { query: query.trim() })}</EmptyState>
      </div>
    );
  }
  return (
    <>
      <ListFallbackNote items={centre.categories.flatMap((c) => c.articles)} />
      <Grid>
      {shown
        .filter((c) => !searching || c.articles.length > 0)
        .map((c) => (
          <Panel
            key={c.key}
            title={
              <>
                {_(CATEGORY_LABELS[c.key])} {c.articles.length > 0 ? <span className={s.count}>({c.articles.length})</span> : null}
              </>
            }
          >
            <div data-testid={`help-cat-${c.key}`}>
              {c.articles.length === 0 ? (
                <EmptyState>{_('help.cat.empty')}</EmptyState>
              ) : (
                <ul className={s.links}>
                  {c.articles.map((a) => (
                    <li key={a.id}>
                      <Link to="/helpDetail" search={{ id: String(a.id) }} className={s.link} data-testid="help-article">
                        <span className={s.linkTitle} lang={a.locale}>
                          {a.title}
                        </span>
                        {a.summary ? (
                          <span className={s.linkSummary} lang={a.locale}>
                            {a.summary}
                          </span>
                        ) : null}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </Panel>
        ))}
      </Grid>
    </>
  );
}
