// Feedback (spec §1 /feedback): a message to the operator, with a way to reply.
import { useLingui } from '@lingui/react';
import { useSignedIn } from '../../state/index.ts';
import { Button } from '../../ui/Button.tsx';
import { SelectField, TextAreaField, TextField } from '../../ui/Field.tsx';
import { Note, Panel } from '../../ui/Page.tsx';
import { Page } from '../../ui/Page.tsx';
import { SignInPrompt } from '../../ui/SignInPrompt.tsx';
import { form } from '../trade/trade.css.ts';

const TOPICS = [
  { key: 'account', labelId: 'feedback.topic.account' },
  { key: 'trading', labelId: 'feedback.topic.trading' },
  { key: 'funds', labelId: 'feedback.topic.funds' },
  { key: 'suggestion', labelId: 'feedback.topic.suggestion' },
  { key: 'other', labelId: 'feedback.topic.other' },
] as const;

export function FeedbackPage() {
  const { _ } = useLingui();
  const signedIn = useSignedIn();
  return (
    <Page name="feedback" title={_('footer.feedback')} lead={_('feedback.lead')}>
      <Panel>
        {signedIn ? (
          <form className={form} onSubmit={(e) => e.preventDefault()}>
            <SelectField label={_('feedback.topic')} name="topic">
              {TOPICS.map((t) => (
                <option key={t.key} value={t.key}>
                  {_(t.labelId)}
                </option>
              ))}
            </SelectField>
            <TextAreaField label={_('feedback.content')} name="content" maxLength={2000} />
            <TextField label={_('feedback.contact')} name="contact" autoComplete="email" />
            <div>
              <Button type="submit" disabled title={_('common.comingSoon')}>
                {_('common.submit')}
              </Button>
            </div>
            <Note>{_('feedback.note')}</Note>
          </form>
        ) : (
          <SignInPrompt />
        )}
      </Panel>
    </Page>
  );
}
