// Password hashing with argon2id. Unknown accounts are checked against a dummy hash so a wrong account and a
// wrong password take about the same time and get the same answer.
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** True when `password` matches `stored`; with no stored hash, does the same work and answers false. */
  verify(stored: string | null, password: string): Promise<boolean>;
}

export function argon2Hasher(): PasswordHasher {
  // argon2id with the library defaults (19 MiB, 2 passes, 1 lane): OWASP's recommended minimum.
  let dummy: Promise<string> | null = null;
  const dummyHash = () => (dummy ??= hash(randomBytes(16).toString('hex')));

  return {
    hash: (password) => hash(password),
    async verify(stored, password) {
      if (stored === null) {
        await verify(await dummyHash(), password).catch(() => false);
        return false;
      }
      try {
        return await verify(stored, password);
      } catch {
        return false; // a malformed stored hash is a failed login, not a crash
      }
    },
  };
}
