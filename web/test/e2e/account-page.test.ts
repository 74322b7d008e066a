// A person pastes a managing token on /account, sees who it is, creates a publish token (its value
// shown once), sees it listed, revokes it (with a confirm) and the API refuses it afterwards. A
// pasted publish token shows the registry's TOKEN_SCOPE error. The token lives in this tab's
// sessionStorage only: never localStorage, never a cookie. Runs against the built server and SPA.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildPackage, publishArchive, runAdmin, spawnServer, type SpawnedServer } from '@pkg/server/testing';
import { launchBrowser } from './browser.js';

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');

let server: SpawnedServer;
let browser: Browser;
let dataDir: string;
let manageToken: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'pkg-e2e-account-'));
  server = await spawnServer({ PKG_DATA_DIR: dataDir, PKG_WEB_DIR: webDist });
  const created = await runAdmin(['user', 'create', 'alice'], { PKG_DATA_DIR: dataDir });
  if (created.code !== 0) throw new Error(`pkg-admin user create: ${created.stderr}`);
  manageToken = created.stdout.trimEnd().split('\n').at(-1) ?? '';
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function openWithToken(token: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${server.url}/account`);
  await page.getByLabel('Managing token', { exact: true }).fill(token);
  await page.getByRole('button', { name: 'Use token' }).click();
  return page;
}

async function whoamiStatus(token: string): Promise<number> {
  const res = await fetch(`${server.url}/trpc/auth.whoami`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return res.status;
}

describe('the account page', () => {
  let publishToken = '';

  test('the token input is a labelled password field, reached from the navigation', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
    expect(await page.getByLabel('Managing token', { exact: true }).getAttribute('type')).toBe('password');
    await page.close();
  });

  test('a managing token shows whoami; a publish token is created, shown once, listed, revoked', async () => {
    const page = await openWithToken(manageToken);
    await page.getByTestId('whoami').waitFor();
    expect(await page.getByTestId('whoami-user').textContent()).toBe('alice');
    expect(await page.getByTestId('whoami-token').textContent()).toMatch(/^managing token tok_/);

    await page.getByLabel('Label (optional)').fill('ci');
    await page.getByLabel(/Expires in/).fill('30');
    await page.getByRole('button', { name: 'Create token' }).click();
    const value = page.getByTestId('created-token-value');
    await value.waitFor();
    publishToken = (await value.textContent()) ?? '';
    expect(publishToken).toMatch(/^pkg_[A-Za-z0-9]{40,}$/);
    const id =
      (await page.getByTestId('created-token').textContent())?.match(/tok_[A-Za-z0-9]{16}/)?.[0] ?? '';
    expect(id).not.toBe('');
    const row = page.getByTestId(`token-${id}`);
    await row.waitFor();
    expect(await row.textContent()).toContain('(ci)');
    expect(await row.textContent()).toContain('publish');
    expect(await whoamiStatus(publishToken)).toBe(200);

    // Shown once: after "Done" the value is nowhere on the page.
    await page.getByRole('button', { name: 'Done' }).click();
    await value.waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(publishToken);

    // The token stays in sessionStorage only.
    const storage = await page.evaluate(() => ({
      session: Object.values(sessionStorage),
      local: Object.values(localStorage),
      cookie: document.cookie,
    }));
    expect(storage.session).toContain(manageToken);
    expect(storage.local.join('\n')).not.toContain(manageToken);
    expect(storage.cookie).not.toContain(manageToken);
    expect(storage.cookie).toBe('');

    // Revoke asks for a confirm, then the row disappears and the API refuses the token.
    await row.getByRole('button', { name: `Revoke ${id}` }).click();
    await row.getByRole('button', { name: `Confirm revoke ${id}` }).click();
    await row.waitFor({ state: 'detached' });
    expect(await whoamiStatus(publishToken)).toBe(401);

    // Forget token clears the session storage and shows the form again.
    await page.getByRole('button', { name: 'Forget token' }).click();
    await page.getByLabel('Managing token', { exact: true }).waitFor();
    expect(await page.evaluate(() => Object.values(sessionStorage))).not.toContain(manageToken);
    await page.close();
  });

  test('a pasted publish token shows the TOKEN_SCOPE error', async () => {
    const issued = await runAdmin(['token', 'issue', 'alice', '--kind', 'publish'], {
      PKG_DATA_DIR: dataDir,
    });
    if (issued.code !== 0) throw new Error(`pkg-admin token issue: ${issued.stderr}`);
    const token = issued.stdout.trimEnd().split('\n').at(-1) ?? '';
    const page = await openWithToken(token);
    await page.getByTestId('whoami').waitFor();
    expect(await page.getByTestId('whoami-token').textContent()).toMatch(/^publish token tok_/);
    const error = page.getByTestId('tokens-error');
    await error.waitFor();
    expect(await error.textContent()).toMatchInlineSnapshot(
      `"Could not list tokens: TOKEN_SCOPE: This operation needs a managing token; a publish token can only publish and call whoami."`,
    );
    await page.close();
  });

  test('the owner of a namespace adds and removes a maintainer', async () => {
    const bob = await runAdmin(['user', 'create', 'bob'], { PKG_DATA_DIR: dataDir });
    if (bob.code !== 0) throw new Error(`pkg-admin user create bob: ${bob.stderr}`);
    const pack = await buildPackage({
      namespace: 'alice',
      name: 'hello',
      version: '1.0.0',
      description: 'Greets people.',
      files: { 'SKILL.md': '---\nname: hello\ndescription: Greets people.\n---\n\n# Hello\n' },
    });
    const res = await publishArchive(server.url, manageToken, pack.bytes, {});
    if (res.status !== 201) throw new Error(`publish: ${res.status} ${await res.text()}`);
    const page = await openWithToken(manageToken);
    const section = page.getByTestId('maintainers-alice');
    await section.getByText('No maintainers besides you.').waitFor();
    await section.getByLabel('Add a maintainer to @alice (user name)').fill('bob');
    await section.getByRole('button', { name: 'Add maintainer' }).click();
    const remove = section.getByRole('button', { name: 'Remove bob from @alice' });
    await remove.waitFor();
    await remove.click();
    await section.getByText('No maintainers besides you.').waitFor();
    await section.getByLabel('Add a maintainer to @alice (user name)').fill('nobody-here');
    await section.getByRole('button', { name: 'Add maintainer' }).click();
    await section.getByRole('alert').waitFor();
    await page.close();
  });
});
