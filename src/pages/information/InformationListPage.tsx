// Information articles (spec §2 /informationList).
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { Page, Panel } from '../../ui/Page.tsx';

const COLUMNS: readonly Column<never>[] = [
  { key: 'title', labelId: 'notice.col.title' },
  { key: 'time', labelId: 'notice.col.time', align: 'right' },
];

export function InformationListPage() {
  const { _ } = useLingui();
  return (
    <Page name="informationList" title={_('info.list.title')} actions={<Link to="/informationTwo">{_('info.whitepaper.title')}</Link>}>
      <Panel>
        <DataTable columns={COLUMNS} />
      </Panel>
    </Page>
  );
}
