// The content pages' and the feedback form's own rules: which state a reply shows (an article, "not published" for
// any not-found code, a failure with the server's message), the article id from the address, the help search, and
// the feedback form's checks and the request it makes (trimmed, the clientId kept, optional fields left out).
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/error.ts';
import { FEEDBACK_LIMITS, FEEDBACK_SCREENSHOT_MAX_BYTES } from '../../../src/contract.ts';
import { articleId, contentState, isNotFound, matchesQuery } from '../../../src/pages/notice/content-state.ts';
import { checkFeedback, screenshotProblem, type FeedbackDraft } from '../../../src/pages/info/feedback-form.ts';

describe('content states', () => {
  it('shows the article, says "not published" for a not-found of any area, and a failure otherwise', () => {
    expect(contentState({ status: 'pending' })).toEqual({ kind: 'loading' });
    expect(contentState({ status: 'success', data: 1 })).toEqual({ kind: 'shown', data: 1 });
    expect(contentState({ status: 'error', error: new ApiError('request.not.found', 'Not found') })).toEqual({ kind: 'missing' });
    expect(contentState({ status: 'error', error: new ApiError('content.not.found', '') })).toEqual({ kind: 'missing' });
    expect(contentState({ status: 'error', error: new ApiError('system.error', '系统错误') })).toEqual({ kind: 'failed', message: '系统错误' });
    expect(contentState({ status: 'error', error: new ApiError('client.network', '') })).toEqual({ kind: 'failed', message: null });
    expect(isNotFound(new Error('not.found'))).toBe(false);
    expect(isNotFound(new ApiError('order.notfound', ''))).toBe(false);
  });

  it('reads an article id from the address only as a positive whole number', () => {
    expect(articleId('12')).toBe(12);
    expect(articleId(undefined)).toBeNull();
    expect(articleId('0')).toBeNull();
    expect(articleId('1e3')).toBeNull();
    expect(articleId('abc')).toBeNull();
    expect(articleId('-4')).toBeNull();
  });

  it('matches every word of a search in titles and summaries, in any case and width', () => {
    expect(matchesQuery('', 'anything')).toBe(true);
    expect(matchesQuery('  ', 'anything')).toBe(true);
    expect(matchesQuery('reset PASSWORD', 'How to reset', 'your password in two steps')).toBe(true);
    expect(matchesQuery('reset passkey', 'How to reset', 'your password')).toBe(false);
    expect(matchesQuery('充值', '如何充值 USDT')).toBe(true);
    expect(matchesQuery('ＵＳＤＴ', 'Deposit usdt')).toBe(true);
    expect(matchesQuery('ถอน', 'วิธีถอนเงิน')).toBe(true);
  });
});

describe('the feedback form', () => {
  const draft = (extra: Partial<FeedbackDraft> = {}): FeedbackDraft => ({ topic: 'trading', body: '  My order is stuck  ', contact: '', screenshot: null, clientId: 'web-1', ...extra });

  it('makes the request: trimmed, with the clientId, optional fields only when given', () => {
    expect(checkFeedback(draft())).toEqual({ ok: true, request: { topic: 'trading', body: 'My order is stuck', clientId: 'web-1' } });
    expect(checkFeedback(draft({ contact: ' me@example.com ', screenshot: 'up-9' }))).toEqual({
      ok: true,
      request: { topic: 'trading', body: 'My order is stuck', contact: 'me@example.com', screenshot: 'up-9', clientId: 'web-1' },
    });
  });

  it('refuses a blank or too long message, a too long contact and an unknown topic, each under its field', () => {
    expect(checkFeedback(draft({ body: ' \n ' }))).toEqual({ ok: false, errors: { body: 'feedback.error.body.required' } });
    expect(checkFeedback(draft({ body: 'x'.repeat(FEEDBACK_LIMITS.body) })).ok).toBe(true);
    expect(checkFeedback(draft({ body: 'x'.repeat(FEEDBACK_LIMITS.body + 1) }))).toEqual({ ok: false, errors: { body: 'feedback.error.body.long' } });
    expect(checkFeedback(draft({ contact: 'c'.repeat(FEEDBACK_LIMITS.contact + 1) }))).toEqual({ ok: false, errors: { contact: 'feedback.error.contact.long' } });
    expect(checkFeedback(draft({ topic: 'gossip', body: '' }))).toEqual({ ok: false, errors: { topic: 'feedback.error.topic', body: 'feedback.error.body.required' } });
  });

  it('refuses a screenshot that is not an image or is over the limit before uploading it', () => {
    expect(screenshotProblem({ type: 'image/png', size: 1_000 })).toBeNull();
    expect(screenshotProblem({ type: 'image/jpeg', size: FEEDBACK_SCREENSHOT_MAX_BYTES })).toBeNull();
    expect(screenshotProblem({ type: 'image/png', size: FEEDBACK_SCREENSHOT_MAX_BYTES + 1 })).toBe('feedback.error.screenshot.large');
    expect(screenshotProblem({ type: 'application/pdf', size: 10 })).toBe('feedback.error.screenshot.type');
  });
});
