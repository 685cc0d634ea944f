// Help centre (spec §2 /helpCenter): categories and their entries, and where else to get help.
import { useLingui } from '@lingui/react';
import { openContact } from '../../state/index.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Grid, Page, Panel } from '../../ui/Page.tsx';

const CATEGORIES = [
  { key: 'start', labelId: 'help.cat.start' },
  { key: 'account', labelId: 'help.cat.account' },
  { key: 'funds', labelId: 'help.cat.funds' },
  { key: 'trading', labelId: 'help.cat.trading' },
] as const;

export function HelpCenterPage() {
  const { _ } = useLingui();
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
      <Grid>
        {CATEGORIES.map((c) => (
          <Panel key={c.key} title={_(c.labelId)}>
            <EmptyState />
          </Panel>
        ))}
      </Grid>
    </Page>
  );
}
