// Real-name verification in the browser: a signed-in user fills the form on /accountSet (files set on the pickers),
// a hostile file shows the server's message under its picker, the submission shows as under review with its photos;
// the operator rejects it with a reason through the admin channel and the page shows that reason; the user
// resubmits; the operator approves and the page (and the profile) show the user verified. Screenshots in English,
// Simplified Chinese and Thai go to .tmp/shots-kyc/ as well.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseArgs } from '../../server/cli/args.ts';
import { runChannelCommand } from '../../server/cli/channel-commands.ts';
import { browserSkipReason, screenshot } from './browser.ts';
import { signInThroughUi } from './accounts.ts';
import { startBrowserSession, type BrowserSession } from './harness.ts';

const skip = browserSkipReason();
if (skip) console.log(skip);

const SHOTS = join(import.meta.dirname, '..', '..', '.tmp', 'shots-kyc');
const USER = { email: 'kyc-e2e@example.com', password: 'Secret12345' };

const photo = (hue: number, label: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r: hue, g: 140, b: 255 - hue } } })
    .composite([{ input: Buffer.from(`<svg width="900" height="600"><rect x="40" y="40" width="820" height="520" rx="30" fill="none" stroke="#fff" stroke-width="12"/><text x="80" y="320" font-size="90" fill="#fff" font-family="sans-serif">${label}</text></svg>`) }])
    .jpeg()
    .toBuffer();

describe.skipIf(skip !== null)('identity verification through the UI', () => {
  let session: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    session = await startBrowserSession({ user: USER });
    page = session.page;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInThroughUi(page, session.server.url, USER.email, USER.password);
  }, 60_000);
  afterAll(async () => session?.close());

  const shot = async (name: string) => {
    await screenshot(page, `identity-${name}`);
    // The viewport (a full-page picture draws the fixed dialog and header at odd places).
    await page.screenshot({ path: join(SHOTS, `${name}.png`) });
  };
  const open = async (lang: string) => {
    await page.goto(`${session.server.url}/accountSet?lang=${lang}`);
    await page.getByTestId('identity-panel').and(page.locator('[data-state]')).waitFor();
  };
  /** The operator's command, through the running server's admin channel (audited with the reason). */
  const operator = async (...argv: string[]) => {
    const args = parseArgs(argv, ['id', 'reason', 'status'], []);
    const r = await runChannelCommand(`${argv[0]} ${argv[1]}` as 'kyc reject', args, { dataDir: session.server.dataDir, operator: 'e2e-operator' });
    expect(r.exitCode, r.error).toBe(0);
    return r.text ?? '';
  };
  const latestId = async () => {
    const user = await session.server.handle.store.users.findByEmail(USER.email);
    return String((await session.server.handle.store.identity.latestSubmission(user!.id))!.id);
  };
  const fillForm = async (docNumber: string) => {
    await page.getByTestId('identity-name').fill('Alice Example');
    await page.getByTestId('identity-doc-number').fill(docNumber);
    await page.getByTestId('identity-country').selectOption('GB');
    for (const [kind, hue, label] of [['front', 40, 'FRONT'], ['back', 120, 'BACK'], ['hand', 200, 'HAND']] as const) {
      await page.getByTestId(`identity-file-${kind}`).setInputFiles({ name: `${kind}.jpg`, mimeType: 'image/jpeg', buffer: await photo(hue, label) });
    }
    // Each picker uploads at once; the submit button waits for them.
    await expect.poll(() => page.getByTestId('identity-submit').isEnabled()).toBe(true);
    await expect.poll(() => page.locator('[data-testid="identity-dialog"] img').count()).toBe(3);
  };
  const thumbsLoaded = () =>
    page.locator('[data-testid="identity-thumb"] img').evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0).length);

  it('submits the form with three photos, after a hostile file is refused with the server message', async () => {
    await open('en');
    await expect.poll(() => page.getByTestId('identity-state').textContent()).toBe('Not verified');
    await page.getByTestId('identity-state').scrollIntoViewIfNeeded();
    await shot('en-none');
    await page.getByTestId('identity-open').click();
    await page.getByTestId('identity-dialog').waitFor();
    // A PHP script named .jpg and declared as a JPEG: the server judges the bytes.
    await page.getByTestId('identity-file-front').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<?php system($_GET["c"]); ?>') });
    await expect.poll(() => page.getByTestId('identity-photo-front').getByTestId('identity-photo-error').textContent()).toBe('This is not a JPEG, PNG or BMP image.');
    // Submitting now: the form's own rules under each field, nothing sent.
    await page.getByTestId('identity-submit').click();
    await expect.poll(() => page.getByTestId('identity-dialog').getByTestId('field-error').count()).toBe(3);
    await shot('en-dialog-refused');
    expect(await session.server.handle.store.identity.countUploads()).toBe(0);

    await fillForm('E 1234-5678');
    await shot('en-dialog-filled');
    await page.getByTestId('identity-submit').click();
    await page.getByTestId('identity-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('identity-state').textContent()).toBe('Under review');
    expect(await page.getByTestId('identity-name-masked').textContent()).toBe('A***********e');
    await expect.poll(thumbsLoaded).toBe(3);
    expect(await page.getByTestId('identity-open').count()).toBe(0);
    await page.getByTestId('identity-panel').scrollIntoViewIfNeeded();
    await shot('en-pending');
  }, 60_000);

  it('shows the operator\'s reason after a rejection (in Chinese too), and takes a resubmission', async () => {
    await operator('kyc', 'reject', '--id', await latestId(), '--reason', 'The back photo is blurred — please retake it');
    // In Thai: the reason, and a hostile file's refusal in the form.
    await open('th');
    await expect.poll(() => page.getByTestId('identity-state').textContent()).toBe('ไม่ผ่าน');
    await page.getByTestId('identity-open').click();
    await page.getByTestId('identity-dialog').waitFor();
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    await page.getByTestId('identity-file-back').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: html });
    await expect.poll(() => page.getByTestId('identity-photo-back').getByTestId('identity-photo-error').textContent()).toBe('ไฟล์นี้ไม่ใช่รูปภาพ JPEG, PNG หรือ BMP');
    const polyglot = Buffer.concat([await photo(80, 'ZIP'), Buffer.from('PK\x03\x04\x14\x00payload', 'latin1')]);
    await page.getByTestId('identity-file-front').setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: polyglot });
    await expect.poll(() => page.getByTestId('identity-photo-front').getByTestId('identity-photo-error').textContent()).toBe(
      'ไฟล์นี้มีข้อมูลอื่นนอกเหนือจากรูปภาพ (ข้อมูลส่วนเกิน สคริปต์ หรือไฟล์บีบอัด) จึงถูกปฏิเสธ',
    );
    await shot('th-dialog-refused');
    await page.getByTestId('identity-cancel').click();
    await page.getByTestId('identity-dialog').waitFor({ state: 'detached' });

    await open('zh-CN');
    await expect.poll(() => page.getByTestId('identity-state').textContent()).toBe('未通过');
    expect(await page.getByTestId('identity-reason').textContent()).toBe('原因：The back photo is blurred — please retake it');
    await page.getByTestId('identity-panel').scrollIntoViewIfNeeded();
    await shot('zh-CN-rejected');
    expect(await page.getByTestId('identity-open').textContent()).toBe('重新提交');
    await page.getByTestId('identity-open').click();
    await page.getByTestId('identity-dialog').waitFor();
    await fillForm('E12345678');
    await shot('zh-CN-dialog-filled');
    await page.getByTestId('identity-submit').click();
    await page.getByTestId('identity-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('identity-state').textContent()).toBe('审核中');
    expect(await page.getByTestId('identity-reason').count()).toBe(0);
  }, 60_000);

  it('shows the user verified once the operator approves (Thai)', async () => {
    await operator('kyc', 'approve', '--id', await latestId(), '--reason', 'Checked against the photos');
    await open('th');
    await expect.poll(() => page.getByTestId('identity-state').textContent()).toBe('ยืนยันแล้ว');
    await expect.poll(thumbsLoaded).toBe(3);
    expect(await page.getByTestId('identity-open').count()).toBe(0);
    await page.getByTestId('identity-panel').scrollIntoViewIfNeeded();
    await shot('th-approved');
    const user = await session.server.handle.store.users.findByEmail(USER.email);
    expect(user!.real_name_status).toBe('certified');
    // Other parts of the page being built beside this one (two-factor, passkey sign-in) may still lack their texts
    // in this checkout; anything else, and any identity text missing, is an error of this feature.
    expect(session.errors.filter((e) => !/\[i18n\] missing message "(twofactor|auth\.login)\./.test(e))).toEqual([]);
  }, 60_000);

  it('audited both reviews with the operator', async () => {
    const audit = await session.server.handle.store.audit.list(5);
    expect(audit.map((a) => `${a.command} ${a.operator} ${a.status}`)).toEqual(expect.arrayContaining(['kyc approve e2e-operator done', 'kyc reject e2e-operator done']));
  });
});
