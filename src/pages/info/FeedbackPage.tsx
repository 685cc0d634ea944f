// Feedback (spec §1 /feedback): a message to the operator (topic, text, a way to reach the user, an optional
// screenshot uploaded as soon as it is chosen), sent once however often the button is pressed (one clientId per
// message), and below it the user's messages with their status and the operator's reply.
import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import { fetchFeedback, fetchFeedbackScreenshot, submitFeedback, uploadFeedbackScreenshot } from '../../api/feedback.ts';
import { isApiError } from '../../api/index.ts';
import { FEEDBACK_LIMITS, FEEDBACK_TOPICS, type FeedbackItem, type FeedbackTopic } from '../../contract.ts';
import { formatDateTime } from '../../format/date.ts';
import { useSignedIn } from '../../state/index.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { SelectField, TextAreaField, TextField } from '../../ui/Field.tsx';
import { Note, Page, Panel } from '../../ui/Page.tsx';
import { SignInPrompt } from '../../ui/SignInPrompt.tsx';
import { Pager } from '../orders/Pager.tsx';
import { usePaged } from '../user/PagedTable.tsx';
import { checkFeedback, screenshotProblem, textLength, type FeedbackErrors } from './feedback-form.ts';
import * as s from './feedback.css.ts';

const TOPIC_LABELS: Readonly<Record<FeedbackTopic, string>> = {
  account: 'feedback.topic.account',
  trading: 'feedback.topic.trading',
  funds: 'feedback.topic.funds',
  suggestion: 'feedback.topic.suggestion',
  other: 'feedback.topic.other',
};
const STATUS_LABELS = { open: 'feedback.status.open', replied: 'feedback.status.replied', closed: 'feedback.status.closed' } as const;

const newClientId = (): string => `web-${crypto.randomUUID()}`;
const failureText = (error: unknown, fallback: string): string => (isApiError(error) && error.msg ? error.msg : fallback);

export function FeedbackPage() {
  const { _ } = useLingui();
  const signedIn = useSignedIn();
  const [sent, setSent] = useState(0);
  return (
    <Page name="feedback" title={_('footer.feedback')} lead={_('feedback.lead')}>
      <Panel>{signedIn ? <FeedbackForm onSent={() => setSent((n) => n + 1)} /> : <SignInPrompt />}</Panel>
      {signedIn ? (
        <Panel title={_('feedback.mine')}>
          <FeedbackList refresh={sent} />
        </Panel>
      ) : null}
    </Page>
  );
}

interface Shot {
  preview: string;
  id: string | null;
  busy: boolean;
}

function FeedbackForm({ onSent }: { onSent(): void }) {
  const { _ } = useLingui();
  const [topic, setTopic] = useState<string>(FEEDBACK_TOPICS[0]);
  const [body, setBody] = useState('');
  const [contact, setContact] = useState('');
  const [shot, setShot] = useState<Shot | null>(null);
  const [shotError, setShotError] = useState<string | null>(null);
  const [errors, setErrors] = useState<FeedbackErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [sending, setSending] = useState(false);
  // One id per message: a retry after a lost reply is the same message, answered with the first one.
  const clientId = useRef(newClientId());
  const upload = useRef<AbortController | null>(null);

  useEffect(() => () => upload.current?.abort(), []);
  useEffect(() => () => {
    if (shot) URL.revokeObjectURL(shot.preview);
  }, [shot?.preview]);

  const edited = () => {
    setDone(false);
    setFailure(null);
  };

  const choose = async (file: File) => {
    edited();
    upload.current?.abort();
    setShotError(null);
    const problem = screenshotProblem(file);
    if (problem) {
      setShot(null);
      setShotError(_(problem));
      return;
    }
    const controller = new AbortController();
    upload.current = controller;
    const preview = URL.createObjectURL(file);
    setShot({ preview, id: null, busy: true });
    try {
      const reply = await uploadFeedbackScreenshot(file, file.name || 'screenshot', controller.signal);
      if (!controller.signal.aborted) setShot({ preview, id: reply.id, busy: false });
    } catch (e) {
      if (controller.signal.aborted) return;
      setShot(null);
      setShotError(failureText(e, _('error.generic')));
    }
  };

  const remove = () => {
    upload.current?.abort();
    upload.current = null;
    setShot(null);
    setShotError(null);
    edited();
  };

  const submit = async () => {
    if (sending || shot?.busy) return;
    const check = checkFeedback({ topic, body, contact, screenshot: shot?.id ?? null, clientId: clientId.current });
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    setFailure(null);
    setSending(true);
    try {
      await submitFeedback(check.request, { notify: false });
      clientId.current = newClientId();
      setBody('');
      setContact('');
      setShot(null);
      setDone(true);
      onSent();
    } catch (e) {
      setFailure(failureText(e, _('error.generic')));
    } finally {
      setSending(false);
    }
  };

  const length = textLength(body.trim());
  return (
    <form
      className={s.form}
      data-testid="feedback-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <SelectField
        label={_('feedback.topic')}
        name="topic"
        value={topic}
        error={errors.topic ? _(errors.topic) : undefined}
        data-testid="feedback-topic"
        onChange={(e) => {
          setTopic(e.target.value);
          edited();
        }}
      >
        {FEEDBACK_TOPICS.map((t) => (
          <option key={t} value={t}>
            {_(TOPIC_LABELS[t])}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={_('feedback.content')}
        name="content"
        value={body}
        rows={6}
        error={errors.body ? _(errors.body, { max: FEEDBACK_LIMITS.body }) : undefined}
        data-testid="feedback-body"
        onChange={(e) => {
          setBody(e.target.value);
          setErrors((x) => ({ ...x, body: undefined }));
          edited();
        }}
      />
      <span className={s.counter} data-over={length > FEEDBACK_LIMITS.body} data-testid="feedback-counter">
        {length} / {FEEDBACK_LIMITS.body}
      </span>
      <TextField
        label={_('feedback.contact')}
        name="contact"
        autoComplete="email"
        value={contact}
        maxLength={FEEDBACK_LIMITS.contact}
        error={errors.contact ? _(errors.contact, { max: FEEDBACK_LIMITS.contact }) : undefined}
        data-testid="feedback-contact"
        onChange={(e) => {
          setContact(e.target.value);
          edited();
        }}
      />
      <ScreenshotPicker shot={shot} error={shotError} onChoose={(f) => void choose(f)} onRemove={remove} />
      <div className={s.actions}>
        <Button type="submit" disabled={sending || shot?.busy === true} data-testid="feedback-submit">
          {sending ? _('feedback.sending') : _('common.submit')}
        </Button>
        {done ? (
          <span className={s.done} role="status" data-testid="feedback-done">
            {_('feedback.sent')}
          </span>
        ) : null}
        {failure ? (
          <span className={s.error} role="alert" data-testid="feedback-error">
            {failure}
          </span>
        ) : null}
      </div>
      <Note>{_('feedback.note')}</Note>
    </form>
  );
}

function ScreenshotPicker({ shot, error, onChoose, onRemove }: { shot: Shot | null; error: string | null; onChoose(file: File): void; onRemove(): void }) {
  const { _ } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className={s.shot} data-testid="feedback-screenshot">
      <span className={s.shotLabel}>{_('feedback.screenshot')}</span>
      <div className={s.shotRow}>
        {shot ? (
          <div className={s.shotPreview}>
            <img className={s.shotImage} src={shot.preview} alt={_('feedback.screenshot')} data-testid="feedback-preview" />
            {shot.busy ? <span className={s.busyVeil}>{_('feedback.uploading')}</span> : null}
          </div>
        ) : null}
        <label className={s.pick}>
          {shot ? _('feedback.screenshot.change') : _('feedback.screenshot.add')}
          <input
            ref={input}
            className={s.fileInput}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif,image/bmp"
            data-testid="feedback-file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              // Cleared so that choosing the same file again is a change too.
              event.target.value = '';
              if (file) onChoose(file);
            }}
          />
        </label>
        {shot ? (
          <Button size="sm" variant="ghost" data-testid="feedback-remove" onClick={onRemove}>
            {_('feedback.screenshot.remove')}
          </Button>
        ) : null}
      </div>
      {error ? (
        <span className={s.error} role="alert" data-testid="feedback-screenshot-error">
          {error}
        </span>
      ) : (
        <span className={s.hint}>{_('feedback.screenshot.hint')}</span>
      )}
    </div>
  );
}

function FeedbackList({ refresh }: { refresh: number }) {
  const { _ } = useLingui();
  const paged = usePaged((paging, signal) => fetchFeedback(paging, { signal, notify: false }), refresh);
  const { page } = paged;
  if (!page) return <EmptyState>{paged.failed ? _('common.loadFailed') : _('common.loading')}</EmptyState>;
  if (page.list.length === 0) return <EmptyState>{_('feedback.none')}</EmptyState>;
  return (
    <>
      <ul className={s.items} data-testid="feedback-list">
        {page.list.map((item) => (
          <FeedbackCard key={item.id} item={item} />
        ))}
      </ul>
      <Pager pageIndex={paged.pageIndex} pageSize={paged.pageSize} total={page.total} rows={page.list.length} onPage={paged.toPage} onSize={paged.toSize} />
    </>
  );
}

function FeedbackCard({ item }: { item: FeedbackItem }) {
  const { _ } = useLingui();
  return (
    <li className={s.item} data-testid="feedback-item" data-id={item.id} data-status={item.status}>
      <div className={s.itemHead}>
        <span className={s.itemTopic}>{_(TOPIC_LABELS[item.topic])}</span>
        <span>{formatDateTime(item.createdAt)}</span>
        <span className={s.status} data-status={item.status} data-testid="feedback-status">
          {_(STATUS_LABELS[item.status])}
        </span>
      </div>
      <div className={s.body}>{item.body}</div>
      {item.contact ? <div className={s.hint}>{_('feedback.contactShown', { contact: item.contact })}</div> : null}
      {item.screenshot ? <ScreenshotThumb id={item.screenshot} /> : null}
      {item.reply ? (
        <div className={s.reply} data-testid="feedback-reply">
          <span className={s.replyHead}>
            {_('feedback.reply')}
            {item.repliedAt !== null ? ` · ${formatDateTime(item.repliedAt)}` : ''}
          </span>
          <div className={s.body}>{item.reply}</div>
        </div>
      ) : null}
    </li>
  );
}

/** The user's own screenshot, read with the session's ticket and shown from an object URL released when it goes. */
function ScreenshotThumb({ id }: { id: string }) {
  const { _ } = useLingui();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let made: string | null = null;
    fetchFeedbackScreenshot(id, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      },
      () => undefined,
    );
    return () => {
      controller.abort();
      if (made !== null) URL.revokeObjectURL(made);
    };
  }, [id]);
  return url ? <img className={s.thumb} src={url} alt={_('feedback.screenshot')} data-testid="feedback-thumb" /> : null;
}
