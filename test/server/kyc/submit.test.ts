// Identity submissions and their states: every field checked before anything is stored; another user's upload ids
// answer exactly as ids that do not exist; none → pending → rejected (with the reason) → pending again (history
// kept) → approved; no submission while one is pending or approved; a review takes a pending submission only and
// sets users.real_name_status in the same transaction; the user is told in their language.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { reviewSubmission, ReviewError } from '../../../server/accounts/kyc/service.ts';
import { createMessages } from '../../../server/i18n/messages.ts';
import { createNotifier } from '../../../server/notify/notifier.ts';
import { describeDialects } from '../dialects.ts';
import { jpeg } from './fixtures.ts';
import { openKyc, type KycHarness } from './harness.ts';

describeDialects('identity submissions', (dialect) => {
  let h: KycHarness;
  let a: string;
  let b: string;
  beforeAll(async () => {
    h = await openKyc(dialect);
    a = await h.signUp('alice@example.com');
    b = await h.signUp('bob@example.com');
  }, 30_000);
  afterAll(async () => h.dispose());

  const upload = async (ticket: string, kind: string) => {
    const r = await h.upload(ticket, kind, await jpeg());
    expect(r.body.code).toBe('success');
    return r.body.data.id as string;
  };
  const photos = async (ticket: string) => ({ front: await upload(ticket, 'front'), back: await upload(ticket, 'back'), hand: await upload(ticket, 'hand') });
  const form = (p: { front: string; back: string | null; hand: string }) => ({ name: 'Alice Example', docType: 'idCard', docNumber: 'e1234-5678', country: 'gb', ...p });
  const submit = (ticket: string, body: unknown, lang = 'en') => h.json('POST', '/app/identity/submit', ticket, body, { lang });
  const status = async (ticket: string) => (await h.json('GET', '/app/identity/status', ticket)).body.data;
  const realName = async (ticket: string) => (await h.json('GET', '/app/account/getUserInfo', ticket)).body.data.realNameStatus;
  const userId = async (email: string) => (await h.store.users.findByEmail(email))!.id;
  const review = (id: number, decision: 'approved' | 'rejected', reason: string) =>
    reviewSubmission({ store: h.store, clock: h.clock.now, notifier: createNotifier({ outbox: h.store.outbox, clock: h.clock.now }), messages: createMessages() }, id, decision, reason, 'tester');

  it('starts with no submission', async () => {
    expect(await status(a)).toEqual({ status: 'none', reason: null, submittedAt: null, reviewedAt: null, name: null, docType: null, docNumber: null, country: null, photos: { front: null, back: null, hand: null } });
  });

  it('checks every field first: a refusal stores nothing and leaves the photos usable', async () => {
    const p = await photos(a);
    const spareHand = await upload(a, 'hand');
    const before = await h.rows();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: 'A' }, 'identity.name.invalid', 'Enter your name as on the document: 2 to 64 characters.'],
      [{ name: 'x'.repeat(65) }, 'identity.name.invalid', 'Enter your name as on the document: 2 to 64 characters.'],
      [{ name: 'Alice\u0000Example' }, 'identity.name.invalid', 'Enter your name as on the document: 2 to 64 characters.'],
      [{ name: 'Alice \u202eelpmaxE' }, 'identity.name.invalid', 'Enter your name as on the document: 2 to 64 characters.'],
      [{ docNumber: '1234' }, 'identity.number.invalid', 'Enter the document number: 5 to 32 letters and digits.'],
      [{ docNumber: 'AB12;DROP' }, 'identity.number.invalid', 'Enter the document number: 5 to 32 letters and digits.'],
      [{ country: 'XX' }, 'identity.country.invalid', 'Choose the country that issued the document.'],
      [{ docType: 'driving' }, 'request.invalid', expect.any(String) as unknown as string],
      [{ back: null }, 'identity.photo.invalid', 'This photo is missing or no longer available. Upload it again.'],
      [{ front: p.back }, 'identity.photo.invalid', 'This photo is missing or no longer available. Upload it again.'],
      [{ front: spareHand }, 'identity.photo.invalid', 'This photo is missing or no longer available. Upload it again.'],
      [{ hand: 'f'.repeat(32) }, 'identity.photo.invalid', 'This photo is missing or no longer available. Upload it again.'],
    ];
    for (const [change, code, msg] of cases) {
      const r = await submit(a, { ...form(p), ...change });
      expect(r.body.code, JSON.stringify(change)).toBe(code);
      expect(r.body.msg).toEqual(msg);
      expect(await h.rows()).toEqual(before);
    }
    expect((await submit(a, { ...form(p), front: p.back })).body.data).toEqual({ photo: 'front' });
    expect(await realName(a)).toBe('none');
    expect((await status(a)).status).toBe('none');
  });

  it("answers another user's upload ids exactly as ids that do not exist", async () => {
    const mine = await photos(a);
    const theirs = await submit(b, form(mine));
    const nobody = await submit(b, form({ front: '0'.repeat(32), back: '1'.repeat(32), hand: '2'.repeat(32) }));
    expect(theirs).toEqual(nobody);
    expect(theirs.body).toMatchObject({ code: 'identity.photo.invalid', data: { photo: 'front' } });
    // Bob's own front with Alice's back: the back is refused the same way.
    const own = await upload(b, 'front');
    expect((await submit(b, form({ ...mine, front: own }))).body).toMatchObject({ code: 'identity.photo.invalid', data: { photo: 'back' } });
    expect(await h.store.identity.latestSubmission(await userId('bob@example.com'))).toBeUndefined();
  });

  let first: number;
  it('takes a submission: pending, the fields masked, real_name_status pending; no second one meanwhile', async () => {
    const p = await photos(a);
    const r = await submit(a, form(p));
    expect(r.body.code).toBe('success');
    const s = await status(a);
    expect(s).toMatchObject({ status: 'pending', reason: null, name: 'A***********e', docType: 'idCard', docNumber: 'E1*****78', country: 'GB', photos: p });
    expect(s.submittedAt).toBe(h.clock.now());
    expect(await realName(a)).toBe('pending');
    first = (await h.store.identity.latestSubmission(await userId('alice@example.com')))!.id;
    const again = await submit(a, form(await photos(a)), 'zh-CN');
    expect(again.body).toMatchObject({ code: 'identity.already.pending', msg: '您的认证正在审核中，审核完成前不能再次提交。' });
    // The photos of a submission are its own now: the same ids can't be submitted again.
    expect((await h.store.identity.findUpload(p.front))!.submission_id).toBe(first);
  });

  it('reviews a pending submission only; a rejection shows its reason and lets the user submit again', async () => {
    h.clock.advance(60_000);
    const done = await review(first, 'rejected', 'The photo of the back is blurred');
    expect(done.notified).toBe(true);
    expect(await realName(a)).toBe('failed');
    expect(await status(a)).toMatchObject({ status: 'rejected', reason: 'The photo of the back is blurred', reviewedAt: h.clock.now() });
    const mail = (await h.store.outbox.list(5)).find((m) => m.recipient === 'alice@example.com')!;
    expect(mail.subject).toContain('not approved');
    expect(mail.body).toContain('Reason: The photo of the back is blurred');
    await expect(review(first, 'approved', 'changed my mind')).rejects.toThrow(ReviewError);
    await expect(review(first, 'approved', 'changed my mind')).rejects.toThrow(/is rejected, not pending/);
    await expect(review(999_999, 'approved', 'x')).rejects.toThrow(/no submission #999999/);
    expect(await realName(a)).toBe('failed');

    // The used photos can't be reused; fresh ones can (a passport needs no back).
    const old = (await h.store.identity.findSubmission(first))!;
    expect((await submit(a, form({ front: old.front, back: old.back, hand: old.hand }))).body.code).toBe('identity.photo.invalid');
    const r = await submit(a, { ...form({ front: await upload(a, 'front'), back: null, hand: await upload(a, 'hand') }), docType: 'passport' });
    expect(r.body.code).toBe('success');
    expect(await status(a)).toMatchObject({ status: 'pending', reason: null, docType: 'passport', photos: { back: null } });
    expect(await realName(a)).toBe('pending');
    expect(await h.store.identity.listSubmissions({ limit: 10 })).toHaveLength(2);
  });

  it('approves: certified, and no further submission', async () => {
    const latest = (await h.store.identity.latestSubmission(await userId('alice@example.com')))!;
    await review(latest.id, 'approved', 'Looks good');
    expect(await realName(a)).toBe('certified');
    expect(await status(a)).toMatchObject({ status: 'approved', reason: 'Looks good' });
    expect((await submit(a, form(await photos(a)))).body.code).toBe('identity.already.approved');
    await expect(review(latest.id, 'rejected', 'x')).rejects.toThrow(/is approved, not pending/);
  });

  it('refuses a photo uploaded more than a day ago', async () => {
    const c = await h.signUp('carol@example.com');
    const p = await photos(c);
    h.clock.advance(24 * 3_600_000 + 1);
    expect((await submit(c, form(p))).body).toMatchObject({ code: 'identity.photo.invalid', data: { photo: 'front' } });
    expect((await h.json('GET', `/app/identity/photo/${p.front}`, c)).body.code).toBe('identity.photo.not.found');
  });

  it('tells the user in the language they last signed in with', async () => {
    const d = await h.signUp('dao@example.com');
    await h.json('POST', '/app/account/login', undefined, { account: 'dao@example.com', password: 'Secret12345' }, { lang: 'th' });
    expect((await submit(d, form(await photos(d)))).body.code).toBe('success');
    const id = (await h.store.identity.latestSubmission(await userId('dao@example.com')))!.id;
    await review(id, 'rejected', 'ภาพไม่ชัด');
    const mail = (await h.store.outbox.list(5)).find((m) => m.recipient === 'dao@example.com')!;
    expect(mail.subject).toContain('การยืนยันตัวตนของคุณไม่ได้รับการอนุมัติ');
    expect(mail.body).toContain('เหตุผล: ภาพไม่ชัด');
  });
});
