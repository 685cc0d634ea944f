// Content: every article (drafts too) by kind and state; a new one, or the editor of one.
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { OPS_PATHS, type OpsArticleItem } from '../../contract.ts';
import { Button } from '../../ui/Button.tsx';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { SelectField } from '../../ui/Field.tsx';
import { useLoadable } from '../../ui/useLoadable.ts';
import { formatDateTime } from '../../format/date.ts';
import { ops } from '../client.ts';
import { articleItem, arr, parser } from '../parse.ts';
import { go, OpsLink } from '../router.tsx';
import { can, useMe } from '../state.ts';
import { Badge, Empty, Load, Screen, Section } from '../ui/kit.tsx';
import * as s from '../ui/ops.css.ts';

const parseList = parser(arr(articleItem));
export const KIND_IDS: Record<OpsArticleItem['kind'], string> = {
  announcement: 'ops.content.announcement',
  help: 'ops.content.help',
  information: 'ops.content.information',
  page: 'ops.content.page',
};
export const ARTICLE_STATUS_IDS: Record<OpsArticleItem['status'], string> = {
  draft: 'ops.content.draft',
  published: 'ops.content.published',
  unpublished: 'ops.content.unpublished',
};

/** A published article whose time is still ahead is scheduled. */
export function articleState(a: Pick<OpsArticleItem, 'status' | 'publishAt'>, now: number): OpsArticleItem['status'] | 'scheduled' {
  return a.status === 'published' && a.publishAt !== null && a.publishAt > now ? 'scheduled' : a.status;
}

export default function ContentPage() {
  const { _ } = useLingui();
  const me = useMe();
  const [kind, setKind] = useState('');
  const [status, setStatus] = useState('');
  const state = useLoadable((signal) => ops.get(OPS_PATHS.contentList, parseList, { kind, status }, { signal }), [kind, status]);
  const now = Date.now();
  const columns: Column<OpsArticleItem>[] = [
    { key: 'id', labelId: 'ops.col.id', align: 'right', render: (a) => a.id },
    { key: 'kind', labelId: 'ops.col.kind', render: (a) => _(KIND_IDS[a.kind]) },
    { key: 'where', labelId: 'ops.content.where', render: (a) => <span className={s.mono}>{a.slug ?? a.category ?? ''}</span> },
    { key: 'title', labelId: 'ops.content.title', render: (a) => <OpsLink to={`/content/${a.id}`} data-testid={`ops-article-${a.id}`}>{a.title || `#${a.id}`}</OpsLink> },
    {
      key: 'status',
      labelId: 'ops.col.status',
      render: (a) => {
        const st = articleState(a, now);
        return (
          <>
            <Badge status={st}>{st === 'scheduled' ? _('ops.content.scheduled') : _(ARTICLE_STATUS_IDS[st])}</Badge> {a.pinned ? <Badge status="neutral">{_('ops.content.pinned')}</Badge> : null}
          </>
        );
      },
    },
    { key: 'at', labelId: 'ops.content.publishAt', render: (a) => <span className={s.num}>{formatDateTime(a.publishAt)}</span> },
    { key: 'langs', labelId: 'ops.content.languages', render: (a) => <span className={s.small}>{a.locales.join(' ')}</span> },
    { key: 'upd', labelId: 'ops.content.updated', render: (a) => <span className={s.small}>{`${formatDateTime(a.updatedAt)} · ${a.updatedBy} · r${a.revision}`}</span> },
  ];
  return (
    <Screen
      name="content"
      title={_('ops.nav.content')}
      actions={
        can(me, 'content.edit') ? (
          <Button size="sm" onClick={() => go('/content/new')} data-testid="ops-content-new">
            {_('ops.content.new')}
          </Button>
        ) : null
      }
    >
      <div className={s.toolbar}>
        <div style={{ width: 200 }}>
          <SelectField label={_('ops.col.kind')} value={kind} onChange={(e) => setKind(e.target.value)}>
            <option value="">{_('ops.status.all')}</option>
            {(Object.keys(KIND_IDS) as OpsArticleItem['kind'][]).map((k) => (
              <option key={k} value={k}>
                {_(KIND_IDS[k])}
              </option>
            ))}
          </SelectField>
        </div>
        <div style={{ width: 200 }}>
          <SelectField label={_('ops.col.status')} value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">{_('ops.status.all')}</option>
            {(Object.keys(ARTICLE_STATUS_IDS) as OpsArticleItem['status'][]).map((k) => (
              <option key={k} value={k}>
                {_(ARTICLE_STATUS_IDS[k])}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      <Section>
        <Load state={state}>{(rows) => <DataTable columns={columns} rows={rows} rowKey={(a) => String(a.id)} empty={<Empty>{_('ops.content.none')}</Empty>} />}</Load>
      </Section>
    </Screen>
  );
}
