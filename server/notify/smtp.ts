// E-mail over SMTP with nodemailer, configured by one URL (SMTP_URL, e.g. smtps://user:pass@smtp.example.com).
import nodemailer from 'nodemailer';
import type { MailTransport } from './notifier.ts';

const TIMEOUT_MS = 10_000;

export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url, { from });
  return {
    // Bounded here rather than by URL parameters, so a hung mail server never holds a request open.
    async send({ to, subject, text }) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('SMTP send timed out')), TIMEOUT_MS);
      });
      try {
        await Promise.race([transporter.sendMail({ from, to, subject, text }), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => transporter.close(),
  };
}
