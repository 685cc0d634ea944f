// Issue 21: the tables of TOTP and passkeys. user_totp: one row per user who ever set TOTP up: the confirmed secret
// (null while off), a pending one from the last setup, both encrypted (accounts/twofactor/secret-key.ts), and the
// last time step accepted (codes of that step or earlier are refused: no replay). passkeys: one row per WebAuthn
// credential (id = the credential id, base64url; public key base64url COSE; the signature counter). webauthn_challenges:
// each challenge handed out, single use, with its expiry and, for registration, its user.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../schema.ts';

export function twoFactor(_dialect: Dialect): Migration {
  return {
    // Kysely<any>: a migration sees the schema of its own time, not today's Database type.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('user_totp')
        .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id'))
        .addColumn('secret', 'text')
        .addColumn('pending_secret', 'text')
        .addColumn('pending_at', 'bigint')
        .addColumn('enabled_at', 'bigint')
        .addColumn('last_step', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('passkeys')
        .addColumn('credential_id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('counter', 'bigint', (c) => c.notNull())
        .addColumn('transports', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .execute();
      await db.schema.createIndex('passkeys_user').on('passkeys').columns(['user_id', 'created_at']).execute();

      await db.schema
        .createTable('webauthn_challenges')
        .addColumn('challenge', 'text', (c) => c.primaryKey())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('user_id', 'bigint')
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('webauthn_challenges_expiry').on('webauthn_challenges').column('expires_at').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('webauthn_challenges').execute();
      await db.schema.dropTable('passkeys').execute();
      await db.schema.dropTable('user_totp').execute();
    },
  };
}
