// /app/feedback/* over the real app and store, on both dialects: a message with a real screenshot (uploaded as
// multipart, as a browser's FormData sends it, and as a raw body) is stored with the screenshot re-encoded to a clean
// JPEG; a file that is not an image is refused by its content whatever it claims to be; a screenshot is served to its
// owner only and can't be attached by another user; a repeated clientId answers the first message; the operator's
// reply shows in the user's list; bad input answers its code in Thai or Chinese and changes nothing.
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeFeedback, replyFeedback } from '../../../server/content/feedback.ts';
import { PRODUCT_NAME } from '../../../server/contract/api.ts';
import { FEEDBACK_LIMITS, FEEDBACK_PATHS, FEEDBACK_SCREENSHOT_MAX_BYTES, type FeedbackItem, type FeedbackUploadView } from '../../../server/contract/content.ts';
import type { Locale } from '../../../server/contract/locales.ts';
import { createMessages } from '../../../server/i18n/messages.ts';
import { describeDialects } from '../dialects.ts';
import { openHarness, type Harness, type Reply } from '../harness.ts';

const messages = createMessages();

async function screenshotPng(): Promise<Buffer> {
  // A real picture: a gradient with a few shapes, as a screen capture would have.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><defs><linearGradient id="g"><stop offset="0" stop-color="#123"/><stop offset="1" stop-color="#9ab"/></linearGradient></defs>
    <rect width="800" height="600" fill="url(#g)"/><rect x="40" y="40" width="300" height="120" fill="#fff"/><circle cx="600" cy="400" r="90" fill="#e33"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function multipart(file: Buffer, name = 'file', filename = 'shot.png', type = 'image/png'): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  form.append(name, new Blob([new Uint8Array(file)], { type }), filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

describeDialects('feedback API', (dialect) => {
  let h: Harness;
  let alice: string;
  let bob: string;
  let png: Buffer;

  beforeAll(async () => {
    h = await openHarness(dialect);
    alice = await h.signUp('feedback-alice@example.com');
    bob = await h.signUp('feedback-bob@example.com');
    png = await screenshotPng();
  });
  afterAll(async () => h.dispose());

  const ok = <T>(r: Reply): T => {
    expect(r.body.code, JSON.stringify(r.body)).toBe('success');
    return r.body.data as T;
  };
  const upload = async (ticket: string | null, body: { payload: Buffer; contentType: string }, lang?: string) => {
    const raw = await h.app.inject({
      method: 'POST',
      url: FEEDBACK_PATHS.upload,
      headers: { 'content-type': body.contentType, ...(ticket ? { ticket } : {}), ...(lang ? { lang } : {}) },
      payload: body.payload,
    });
    return { status: raw.statusCode, body: raw.json(), raw } as Reply;
  };
  const screenshot = (ticket: string, id: string) => h.app.inject({ method: 'GET', url: `${FEEDBACK_PATHS.screenshot}?id=${id}`, headers: { ticket } });
  const submit = (ticket: string | null, body: unknown, lang?: string) => h.call('POST', FEEDBACK_PATHS.submit, { body, ...(ticket ? { ticket } : {}), ...(lang ? { headers: { lang } } : {}) });
  const list = async (ticket: string) => ok<{ list: FeedbackItem[]; total: number }>(await h.call('GET', FEEDBACK_PATHS.list, { ticket }));
  const counts = async () => ({ messages: await h.store.feedback.count(), uploads: await h.store.feedback.countUploads() });

  it('takes a message with a real screenshot, re-encoded, served to its owner only; a repeated clientId answers once', async () => {
    const up = ok<FeedbackUploadView>(await upload(alice, await multipart(png)));
    expect(up).toMatchObject({ width: 800, height: 600 });
    expect(up.id).toMatch(/^[0-9a-f]{32}$/);
    const served = await screenshot(alice, up.id);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
    // Another user: as if it did not exist; and they can't attach it to their own message.
    const foreign = await screenshot(bob, up.id);
    expect(foreign.headers['content-type']).toMatch(/json/);
    expect(foreign.json().code).toBe('feedback.screenshot.not.found');
    expect((await submit(bob, { topic: 'other', body: 'mine?', screenshot: up.id })).body.code).toBe('feedback.screenshot.invalid');

    const sent = ok<FeedbackItem>(await submit(alice, { topic: 'trading', body: '  The order book froze.\r\nSee the screenshot.  ', contact: 'tg @alice', screenshot: up.id, clientId: 'fb-1' }));
    expect(sent).toMatchObject({ topic: 'trading', body: 'The order book froze.\nSee the screenshot.', contact: 'tg @alice', screenshot: up.id, status: 'open', reply: null });
    const again = ok<FeedbackItem>(await submit(alice, { topic: 'trading', body: 'different text', screenshot: up.id, clientId: 'fb-1' }));
    expect(again).toEqual(sent);
    // Sent with a message: it can't be used again.
    expect((await submit(alice, { topic: 'other', body: 'again', screenshot: up.id })).body.code).toBe('feedback.screenshot.invalid');
    expect((await screenshot(alice, up.id)).statusCode).toBe(200);

    // The file as the raw body works too (no multipart).
    const raw = ok<FeedbackUploadView>(await upload(alice, { payload: await sharp(png).jpeg().toBuffer(), contentType: 'application/octet-stream' }));
    expect(raw.width).toBe(800);

    // The operator replies; the user's list shows it. A closed message takes no more replies.
    await replyFeedback(h.store, h.clock.now, sent.id, 'Thanks, fixed in the next release.', 'support-ann');
    const mine = await list(alice);
    expect(mine.total).toBe(1);
    expect(mine.list[0]).toMatchObject({ id: sent.id, status: 'replied', reply: 'Thanks, fixed in the next release.', repliedAt: h.clock.now() });
    expect((await list(bob)).total).toBe(0);
    await closeFeedback(h.store, sent.id);
    await expect(replyFeedback(h.store, h.clock.now, sent.id, 'more', 'support-ann')).rejects.toMatchObject({ code: 'feedback.closed' });
    expect((await list(alice)).list[0]!.status).toBe('closed');
  });

  it('refuses what is not an image by its content, whatever it claims, and stores nothing', async () => {
    const before = await counts();
    const html = Buffer.from('<html><body><script>alert(1)</script></body></html>');
    const polyglot = Buffer.concat([png, Buffer.from('<script>alert(1)</script>')]);
    for (const [file, code] of [
      [html, 'identity.file.type'],
      [Buffer.from('%PDF-1.4 fake'), 'identity.file.type'],
      [Buffer.from('GIF89a....'), 'identity.file.type'],
      [polyglot, 'identity.file.embedded'],
      [png.subarray(0, png.length - 20), 'identity.file.corrupt'],
    ] as const) {
      for (const lang of ['th', 'zh-CN'] as Locale[]) {
        const r = await upload(alice, await multipart(file, 'file', 'shot.png', 'image/png'), lang);
        expect(r.body.code, code).toBe(code);
        expect(r.body.msg).toBe(messages.t(lang, code, { product: PRODUCT_NAME }));
      }
    }
    expect((await upload(alice, await multipart(png, 'other'))).body.code).toBe('identity.file.empty');
    expect((await upload(null, await multipart(png))).body.code).toBe('login.user.not.login');
    const big = await upload(alice, { payload: Buffer.alloc(FEEDBACK_SCREENSHOT_MAX_BYTES + 128 * 1024, 1), contentType: 'application/octet-stream' }, 'zh-CN');
    expect(big.body.code).toBe('feedback.screenshot.too.large');
    expect(big.body.msg).toBe(messages.t('zh-CN', 'feedback.screenshot.too.large', { max: 5 }));
    expect(await counts()).toEqual(before);
  });

  it('refuses bad messages in the user language and changes nothing', async () => {
    const before = { ...(await counts()), list: await list(alice) };
    const cases: Array<[unknown, string, Record<string, unknown> | null]> = [
      [{ topic: 'gossip', body: 'x' }, 'feedback.topic.invalid', null],
      [{ topic: 'other', body: '   ' }, 'feedback.body.invalid', { max: FEEDBACK_LIMITS.body }],
      [{ topic: 'other', body: 'x'.repeat(FEEDBACK_LIMITS.body + 1) }, 'feedback.body.invalid', { max: FEEDBACK_LIMITS.body }],
      [{ topic: 'other', body: 'bell\u0007' }, 'feedback.body.invalid', { max: FEEDBACK_LIMITS.body }],
      [{ topic: 'other', body: 'x', contact: 'c'.repeat(FEEDBACK_LIMITS.contact + 1) }, 'feedback.contact.invalid', { max: FEEDBACK_LIMITS.contact }],
      [{ topic: 'other', body: 'x', screenshot: 'f'.repeat(32) }, 'feedback.screenshot.invalid', null],
      [{ topic: 'other', body: 'x', screenshot: '../../etc/passwd' }, 'feedback.screenshot.invalid', null],
      [{ topic: 'other', body: 'x', clientId: 'bad id!' }, 'request.invalid', null],
      [{ topic: 'other', body: 'x', extra: 1 }, 'request.invalid', null],
      [{ topic: 'other' }, 'validate.required', null],
      [{ topic: 'other', body: 'x'.repeat(FEEDBACK_LIMITS.body * 2 + 1) }, 'request.invalid', null],
    ];
    for (const lang of ['th', 'zh-CN'] as Locale[]) {
      for (const [body, code, data] of cases) {
        const r = await submit(alice, body, lang);
        expect(r.body.code, `${lang} ${JSON.stringify(body).slice(0, 60)}`).toBe(code);
        expect(r.body.msg).toBe(messages.t(lang, code, { product: PRODUCT_NAME, ...data }));
        expect(r.body.msg).toMatch(lang === 'th' ? /[\u0e00-\u0e7f]/ : /[\u4e00-\u9fff]/);
      }
      for (const [query, code] of [['pageSize=7', 'page.size.invalid'], ['pageIndex=0', 'validate.page.invalid'], ['x=1', 'request.invalid']] as const) {
        const r = await h.call('GET', `${FEEDBACK_PATHS.list}?${query}`, { ticket: alice, headers: { lang } });
        expect(r.body.code).toBe(code);
      }
      const bad = await h.app.inject({ method: 'GET', url: `${FEEDBACK_PATHS.screenshot}?id=nope`, headers: { ticket: alice, lang } });
      expect(bad.json().msg).toBe(messages.t(lang, 'feedback.screenshot.not.found'));
    }
    expect((await submit(null, { topic: 'other', body: 'x' })).body.code).toBe('login.user.not.login');
    expect({ ...(await counts()), list: await list(alice) }).toEqual(before);
  });

  it('a race of 50 identical submits makes one message; 50 different ones stop at the hourly limit, the rest refused', async () => {
    const carol = await h.signUp('feedback-carol@example.com');
    const same = await Promise.all(Array.from({ length: 50 }, () => submit(carol, { topic: 'funds', body: 'Where is my deposit?', clientId: 'race-1' })));
    const items = same.map((r) => ok<FeedbackItem>(r));
    expect(new Set(items.map((f) => f.id)).size).toBe(1);
    const dave = await h.signUp('feedback-dave@example.com');
    const many = await Promise.all(Array.from({ length: 50 }, (_, i) => submit(dave, { topic: 'other', body: `message ${i}`, clientId: `race-d-${i}` })));
    const accepted = many.filter((r) => r.body.code === 'success').length;
    expect(accepted).toBe(10);
    expect(new Set(many.filter((r) => r.body.code !== 'success').map((r) => r.body.code))).toEqual(new Set(['rate.limited']));
    const listed = ok<{ total: number }>(await h.call('GET', FEEDBACK_PATHS.list, { ticket: dave, query: { pageIndex: '1', pageSize: '100' } }));
    expect(listed.total).toBe(10);
  });
});
