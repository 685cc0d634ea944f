// Announcements (spec §2 /noticeList).
import { useLingui } from '@lingui/react';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { Page, Panel } from '../../ui/Page.tsx';

const COLUMNS: readonly Column<never>[] = [
  { key: 'title', labelId: 'notice.col.title' },
  { key: 'time', labelId: 'notice.col.time', align: 'right' },
];

export function NoticeListPage() {
  const { _ } = useLingui();
  return (
    <Page name="noticeList" title={_('nav.notices')}>
      <Panel>
        <DataTable columns={COLUMNS} />
      </Panel>
    </Page>
  );
}
