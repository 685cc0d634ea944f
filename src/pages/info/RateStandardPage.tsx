// Fee rate levels (spec §1, §9): how the level is worked out, and the level table.
import { useLingui } from '@lingui/react';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { Page, Panel } from '../../ui/Page.tsx';
import { Article, type ArticleSection } from './Article.tsx';

const SECTIONS: readonly ArticleSection[] = [
  { labelId: 'rate.how.title', paragraphs: [{ id: 'rate.how.p1' }, { id: 'rate.how.p2' }, { id: 'rate.how.p3' }] },
];
const COLUMNS: readonly Column<never>[] = [
  { key: 'level', labelId: 'rate.col.level' },
  { key: 'volume', labelId: 'rate.col.volume', align: 'right' },
  { key: 'rate', labelId: 'rate.col.rate', align: 'right' },
  { key: 'fee', labelId: 'rate.col.fee', align: 'right' },
];

export function RateStandardPage() {
  const { _ } = useLingui();
  return (
    <Page name="rateStandard" title={_('footer.rateStandard')}>
      <Article sections={SECTIONS} />
      <Panel title={_('rate.table.title')}>
        <DataTable columns={COLUMNS} />
      </Panel>
    </Page>
  );
}
