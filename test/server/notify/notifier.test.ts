// Delivery: the outbox alone by default; SMTP (here a stand-in transport) for e-mail, with the outcome recorded
// and the code masked once delivered.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API } from '../../../server/contract/api.ts';
import type { MailTransport } from '../../../server/notify/notifier.ts';
import { describeDialects } from '../dialects.ts';
import { openHarness, type Harness } from '../harness.ts';

interface Sent {
  to: string;
  subject: string;
  text: string;
}

describeDialects('notifier', (dialect) => {
  let h: Harness;
  let sent: Sent[];
  let failWith: Error | null;
  const mail: MailTransport = {
    async send(message) {
      if (failWith) throw failWith;
      sent.push(message);
    },
  };
  beforeEach(async () => {
    sent = [];
    failWith = null;
    h = await openHarness(dialect, { mail });
  });
  afterEach(async () => h.dispose());

  const sendCode = (channel: 'email' | 'phone', account: string, lang = 'en') =>
    h.call('POST', API.sendCode, { headers: { lang }, body: { channel, account, purpose: 'register' } });

  it('mails the code in the request language and keeps a masked copy marked sent', async () => {
    expect((await sendCode('email', 'a@example.com', 'es')).body.code).toBe('success');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'a@example.com', subject: 'Tu código de verificación de OpenEx' });
    const code = sent[0]!.text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await h.store.outbox.list(1);
    expect(row).toMatchObject({ status: 'sent', sent_at: h.clock.now(), recipient: 'a@example.com' });
    expect(row?.body).not.toContain(code!);
    expect(row?.body).toContain('******');
  });

  it('records a failed delivery with its reason and keeps the code for the operator', async () => {
    failWith = new Error('connection refused');
    expect((await sendCode('email', 'a@example.com')).body.code).toBe('success');
    const [row] = await h.store.outbox.list(1);
    expect(row).toMatchObject({ status: 'failed', error: 'connection refused', sent_at: null });
    expect(row?.body).toMatch(/\b\d{6}\b/);
  });

  it('keeps phone codes in the outbox (no SMS adapter yet), even with SMTP configured', async () => {
    await sendCode('phone', '+6580001234', 'th');
    expect(sent).toHaveLength(0);
    const [row] = await h.store.outbox.list(1);
    expect(row).toMatchObject({ channel: 'phone', recipient: '+6580001234', status: 'stored' });
    expect(row?.body).toMatch(/^\[OpenEx\] รหัสยืนยันของคุณคือ \d{6} /);
  });
});
