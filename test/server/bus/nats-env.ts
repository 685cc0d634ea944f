// Where NATS tests find a server: NATS_URL, or on CI the machine's own (127.0.0.1:4222), which must then be up:
// a missing server fails there rather than skipping. Elsewhere, without NATS_URL, the NATS tests skip.
import { randomBytes } from 'node:crypto';
import { describe } from 'vitest';

export const NATS_DEFAULT_URL = '127.0.0.1:4222';
export const NATS_URL: string | undefined = process.env['NATS_URL'] || (process.env['CI'] ? NATS_DEFAULT_URL : undefined);
export const NATS_SKIP_REASON = 'skipped: set NATS_URL (or CI) to run against a NATS JetStream server';

/** `describe` when a server is configured; otherwise skipped, with the reason in its title. */
export function describeNats(title: string, body: (servers: string) => void): void {
  if (NATS_URL) describe(title, () => body(NATS_URL!));
  else describe.skip(`${title} ${NATS_SKIP_REASON}`, () => body(NATS_DEFAULT_URL));
}

/** A subject prefix no other test run uses, so runs on one server never see each other's subjects or streams. */
export function uniquePrefix(kind: string): string {
  return `t${kind}${process.pid}_${randomBytes(4).toString('hex')}`;
}

/** `describe` when both NATS and PostgreSQL are configured (the cluster's tests); otherwise skipped, with the reason. */
export function describeCluster(title: string, pgUrl: string | undefined, pgSkipReason: string, body: (servers: string) => void): void {
  if (pgUrl) describeNats(title, body);
  else describe.skip(`${title} ${pgSkipReason}`, () => body(''));
}
