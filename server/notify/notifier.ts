// Sends messages to users. Every message is written to the outbox first; a transport (SMTP for e-mail, an SMS
// adapter for phones, when configured) then delivers it and the outbox row records the outcome. Without a
// transport the outbox row is the delivery: the operator reads it with `npm run admin -- outbox list`.
import type { Channel } from '../contract/api.ts';
import type { Clock } from '../clock.ts';
import type { Outbox, OutboxStatus } from '../store/outbox.ts';

export interface OutgoingMessage {
  channel: Channel;
  to: string;
  subject: string;
  text: string;
  /** The text with secrets masked: what the outbox keeps once a transport has delivered the real one. */
  redactedText: string;
}

/** Delivers e-mail (nodemailer's Transporter fits). */
export interface MailTransport {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
  close?(): void;
}

/** Delivers text messages to phones; no adapter ships yet, so phone codes stay in the outbox. */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

export interface Delivery {
  outboxId: number;
  status: OutboxStatus;
}

export interface Notifier {
  send(message: OutgoingMessage): Promise<Delivery>;
  close(): void;
}

export interface NotifierOptions {
  outbox: Outbox;
  clock: Clock;
  mail?: MailTransport | undefined;
  sms?: SmsSender | undefined;
  /** Told about delivery failures (the user still gets "success": the code may be resent). */
  onError?: (error: unknown, message: OutgoingMessage) => void;
}

export function createNotifier(options: NotifierOptions): Notifier {
  const { outbox, clock, mail, sms } = options;

  async function deliver(message: OutgoingMessage): Promise<void> {
    if (message.channel === 'email' && mail) await mail.send({ to: message.to, subject: message.subject, text: message.text });
    else if (message.channel === 'phone' && sms) await sms.send(message.to, message.text);
  }

  return {
    async send(message) {
      const hasTransport = message.channel === 'email' ? Boolean(mail) : Boolean(sms);
      const outboxId = await outbox.insert({
        channel: message.channel,
        recipient: message.to,
        subject: message.subject,
        body: message.text,
        status: 'stored',
        created_at: clock(),
      });
      if (!hasTransport) return { outboxId, status: 'stored' };
      try {
        await deliver(message);
        await outbox.markSent(outboxId, message.redactedText, clock());
        return { outboxId, status: 'sent' };
      } catch (error) {
        await outbox.markFailed(outboxId, error instanceof Error ? error.message : String(error));
        options.onError?.(error, message);
        return { outboxId, status: 'failed' };
      }
    },
    close() {
      mail?.close?.();
    },
  };
}
