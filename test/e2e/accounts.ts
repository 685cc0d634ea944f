// Accounts for browser tests, made the way an operator or a user would: the operator CLI and the UI.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { runAdmin } from '../../server/cli/admin.ts';
import type { TestServer } from './server.ts';

export interface TestUser {
  email: string;
  password: string;
}

async function admin(server: TestServer, argv: string[]): Promise<string> {
  const result = await runAdmin(argv, { dataDir: server.dataDir });
  if (result.exitCode !== 0) throw new Error(`admin ${argv.join(' ')} failed: ${result.output}`);
  return result.output;
}

export async function createUser(server: TestServer, user: TestUser): Promise<TestUser> {
  await admin(server, ['user', 'create', '--email', user.email, '--password', user.password]);
  return user;
}

export async function setConfig(server: TestServer, key: string, value: string): Promise<void> {
  await admin(server, ['config', 'set', key, value]);
}

/** The newest verification code sent to an account, read from the outbox as an operator would. */
export async function latestCode(server: TestServer, account: string): Promise<string> {
  const list = JSON.parse(await admin(server, ['outbox', 'list', '--json'])) as Array<{ recipient: string; body: string }>;
  const message = list.find((m) => m.recipient === account);
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${account}`);
  return code;
}

export async function signInThroughUi(page: Page, url: string, account: string, password: string): Promise<void> {
  await page.goto(`${url}/login?statusType=0`);
  await page.locator('input[name="account"]').fill(account);
  await page.locator('input[name="password"]').fill(password);
  await page.getByTestId('submit').click();
  await page.getByTestId('user-menu').waitFor({ state: 'visible' });
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
}
