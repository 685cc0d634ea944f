// The feedback inbox: users' messages (open first by default) with their screenshot; a reply (the user reads it in
// their list, in their language as written) or closing one.
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { FEEDBACK_LIMITS, OPS_PATHS, type OpsFeedbackItem } from '../../contract.ts';
import { Button } from '../../ui/Button.tsx';
import { SelectField } from '../../ui/Field.tsx';
import { useLoadable } from '../../ui/useLoadable.ts';
import { formatDateTime } from '../../format/date.ts';
import { ops } from '../client.ts';
import { feedbackItem, page, parser } from '../parse.ts';
import { OpsLink } from '../router.tsx';
import { can, useMe } from '../state.ts';
import { useAction } from '../ui/ActionDialog.tsx';
import { Badge, Empty, Load, Pager, Screen, Section, useReload } from '../ui/kit.tsx';
import * as s from '../ui/ops.css.ts';

const STATUSES = ['open', 'replied', 'closed', 'all'] as const;
type Status = (typeof STATUSES)[number];
const STATUS_IDS: Record<Status, string> = { open: 'ops.feedback.open', replied: 'ops.feedback.replied', closed: 'ops.feedback.closed', all: 'ops.status.all' };
const parseList = parser(page(feedbackItem));
const PAGE_SIZE = 10;

export default function FeedbackPage() {
  const { _ } = useLingui();
  const me = useMe();
  const [status, setStatus] = useState<Status>('open');
  const [pageIndex, setPage] = useState(1);
  const [tick, reload] = useReload();
  const state = useLoadable((signal) => ops.get(OPS_PATHS.feedback, parseList, { status, pageIndex, pageSize: PAGE_SIZE }, { signal }), [status, pageIndex, tick]);
  const action = useAction(reload);
  const reply = can(me, 'feedback.reply');

  const item = (f: OpsFeedbackItem) => (
    <Section
      key={f.id}
      testId={`ops-feedback-${f.id}`}
      title={
        <>
          #{f.id} · {f.topic} <Badge status={f.status}>{_(STATUS_IDS[f.status])}</Badge>
        </>
      }
      actions={
        reply ? (
          <>
            <Button
              size="sm"
              data-testid={`ops-feedback-reply-${f.id}`}
              onClick={() =>
                action.open({
                  command: 'feedback reply',
                  args: { id: String(f.id) },
                  titleId: 'ops.feedback.reply',
                  summary: f.body.slice(0, 200),
                  fields: [{ name: 'text', labelId: 'ops.feedback.replyText', kind: 'textarea', required: true, initial: f.reply ?? '' }],
                  toArgs: (v) => ({ text: (v['text'] ?? '').slice(0, FEEDBACK_LIMITS.reply) }),
                  testId: 'ops-feedback-reply',
                })
              }
            >
              {_('ops.feedback.reply')}
            </Button>
            {f.status !== 'closed' ? (
              <Button size="sm" variant="secondary" onClick={() => action.open({ command: 'feedback close', args: { id: String(f.id) }, titleId: 'ops.feedback.close' })}>
                {_('ops.feedback.close')}
              </Button>
            ) : null}
          </>
        ) : null
      }
    >
      <div className={s.small}>
        <OpsLink to={`/users/${f.userId}`}>{f.account}</OpsLink> · {formatDateTime(f.createdAt)} · {f.locale}
        {f.contact ? ` · ${f.contact}` : ''}
      </div>
      <p style={{ whiteSpace: 'pre-wrap' }}>{f.body}</p>
      {f.screenshot ? (
        <a href={ops.url(OPS_PATHS.feedbackScreenshot, { id: f.screenshot })} target="_blank" rel="noreferrer">
          <img className={s.screenshotImg} src={ops.url(OPS_PATHS.feedbackScreenshot, { id: f.screenshot })} alt={_('ops.feedback.screenshot')} data-testid={`ops-feedback-shot-${f.id}`} />
        </a>
      ) : null}
      {f.reply ? (
        <div className={s.pre}>
          {f.repliedBy} · {formatDateTime(f.repliedAt)}
          {'\n'}
          {f.reply}
        </div>
      ) : null}
    </Section>
  );

  return (
    <Screen name="feedback" title={_('ops.nav.feedback')}>
      <div className={s.toolbar}>
        <div style={{ width: 200 }}>
          <SelectField
            label={_('ops.col.status')}
            value={status}
            data-testid="ops-feedback-status"
            onChange={(e) => {
              setStatus(e.target.value as Status);
              setPage(1);
            }}
          >
            {STATUSES.map((x) => (
              <option key={x} value={x}>
                {_(STATUS_IDS[x])}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      <Load state={state}>
        {(result) => (
          <>
            {result.list.length === 0 ? <Empty>{_('ops.feedback.none')}</Empty> : result.list.map(item)}
            <Pager pageIndex={result.pageIndex} pageSize={result.pageSize} total={result.total} onPage={setPage} />
          </>
        )}
      </Load>
      {action.dialog}
    </Screen>
  );
}
