// App download (spec §1, §2 /down): the `download` page as published (its links); while it has no published text,
// how to add the browser terminal to the home screen.
import { useLingui } from '@lingui/react';
import { PRODUCT_NAME } from '../../contract.ts';
import { Grid, Panel, Prose } from '../../ui/Page.tsx';
import { FixedPage } from './FixedPage.tsx';

const IOS_STEPS = [{ id: 'down.ios.step1' }, { id: 'down.ios.step2' }, { id: 'down.ios.step3' }] as const;
const ANDROID_STEPS = [{ id: 'down.android.step1' }, { id: 'down.android.step2' }, { id: 'down.android.step3' }] as const;

export function DownPage() {
  const { _ } = useLingui();
  return <FixedPage name="down" slug="download" title={_('down.title')} lead={_('down.lead', { name: PRODUCT_NAME })} unpublished={<HomeScreenSteps />} />;
}

function HomeScreenSteps() {
  const { _ } = useLingui();
  return (
    <Grid>
      <Panel title={_('down.ios.title')}>
        <Prose>
          <ol data-testid="down-steps">
            {IOS_STEPS.map((step) => (
              <li key={step.id}>{_(step.id)}</li>
            ))}
          </ol>
        </Prose>
      </Panel>
      <Panel title={_('down.android.title')}>
        <Prose>
          <ol>
            {ANDROID_STEPS.map((step) => (
              <li key={step.id}>{_(step.id)}</li>
            ))}
          </ol>
        </Prose>
      </Panel>
    </Grid>
  );
}
