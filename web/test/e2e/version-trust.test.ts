// The version page's trust facts (docs/website.md, "The version page"; docs/trust.md): the
// signature, checked by the browser itself against the registry's listed keys, with its key id and
// the key's status; the log entry with its inclusion proof; the yanked and deprecated banners; the
// marks in the versions list and in search. Once a record's integrity is changed in the database
// the page says the signature is invalid; once the key is rotated, a version it signed is still
// valid and its key is shown as retired. Runs the real app (in process, so the test reaches its
// store) serving the built SPA.
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  buildPackage,
  publishArchive,
  publishAsNewOwner,
  runAdmin,
  startTestServer,
  type TestServer,
} from '@pkg/server/testing';
import { launchBrowser } from './browser.js';
import { overflowsViewport, screenshots, seriousViolations } from './site.js';

let server: TestServer;
let browser: Browser;
let keyid = '';

function call(method: string, path: string, token: string, body: unknown) {
  return fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
}

async function publish(token: string, name: string, version: string): Promise<void> {
  const pkg = await buildPackage({ namespace: 'trusty', name, version });
  const res = await publishArchive(server.url, token, pkg.bytes);
  if (res.status !== 201) throw new Error(`publish ${name}@${version}: ${res.status} ${await res.text()}`);
}

beforeAll(async () => {
  server = await startTestServer();
  const token = await publishAsNewOwner(server, { namespace: 'trusty', name: 'tool', version: '1.0.0' });
  for (const version of ['1.1.0', '1.2.0', '1.3.0']) await publish(token, 'tool', version);
  await publish(token, 'gone', '1.0.0');
  const yanks = [
    ['tool', '1.1.0', 'it deletes the home directory'],
    ['gone', '1.0.0', 'published by mistake'],
  ] as const;
  for (const [name, version, reason] of yanks) {
    const res = await call('POST', `/packages/trusty/${name}/${version}/yank`, token, { reason });
    if (res.status !== 200) throw new Error(`yank: ${res.status} ${await res.text()}`);
  }
  const deprecation = { range: '>=1.2.0', message: 'Use @trusty/better instead.' };
  const res = await call('PUT', '/packages/trusty/tool/deprecation', token, deprecation);
  if (res.status !== 200) throw new Error(`deprecate: ${res.status} ${await res.text()}`);
  const keys = (await (await fetch(`${server.url}/keys`)).json()) as { keys: { keyid: string }[] };
  keyid = keys.keys[0]?.keyid ?? '';
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function versionPage(version: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${server.url}/@trusty/tool/v/${version}`);
  return page;
}

/** The signature's verdict once the browser has checked it (never the "Checking…" state). */
async function verdict(page: Page): Promise<string> {
  const status = page.locator('[data-testid="signature-status"]:not([data-status="checking"])');
  await status.waitFor();
  return (await status.textContent()) ?? '';
}

describe('the version page', () => {
  test('shows the signature, checked in the browser, its key and the log entry', async () => {
    const page = await versionPage('1.0.0');
    expect(keyid).toMatch(/^SHA256:/);
    expect(await page.getByTestId('signature-keyid').textContent()).toBe(keyid);
    expect(await verdict(page)).toBe('✓ valid, checked in this browser');
    expect(await page.getByTestId('key-status').textContent()).toBe('current');
    const log = page.getByTestId('log-index');
    expect(await log.textContent()).toBe('0 (inclusion proof)');
    const href = await log.getByRole('link', { name: 'inclusion proof' }).getAttribute('href');
    expect(href).toBe('/log/proof/inclusion/trusty/tool/1.0.0');
    const proof = (await (await fetch(`${server.url}${href}`)).json()) as { index: number };
    expect(proof.index).toBe(0);
    expect(await page.getByTestId('yanked-banner').count()).toBe(0);
    expect(await page.getByTestId('deprecated-banner').count()).toBe(0);
    await page.close();
  });

  test('a yanked version shows its banner, and the versions list marks it', async () => {
    const page = await versionPage('1.1.0');
    const banner = page.getByRole('status').filter({ hasText: 'Yanked:' });
    await banner.waitFor();
    expect(await page.getByTestId('yanked-reason').textContent()).toBe('it deletes the home directory');
    expect(await banner.textContent()).toMatch(/\(by trusty, \d{4}-\d\d-\d\d \d\d:\d\d UTC\)/);
    await page.getByRole('tab', { name: 'Versions' }).click();
    const item = page.getByTestId('versions').getByRole('listitem').filter({ hasText: '1.1.0' });
    await item.getByText('yanked', { exact: true }).waitFor();
    const plain = page.getByTestId('versions').getByRole('listitem').filter({ hasText: '1.0.0' });
    expect(await plain.textContent()).not.toMatch(/yanked|deprecated/);
    expect(await verdict(page)).toBe('✓ valid, checked in this browser');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'version-yanked', async (p) => {
      await p.getByTestId('yanked-banner').waitFor();
      expect(await overflowsViewport(p)).toBe(false);
    });
    await page.close();
  });

  test('a deprecated version shows its message, and the versions list marks it', async () => {
    const page = await versionPage('1.2.0');
    await page.getByTestId('deprecated-banner').waitFor();
    expect(await page.getByTestId('deprecated-message').textContent()).toBe('Use @trusty/better instead.');
    expect(await page.getByTestId('deprecated-banner').getAttribute('role')).toBe('status');
    await page.getByRole('tab', { name: 'Versions' }).click();
    const item = page.getByTestId('versions').getByRole('listitem').filter({ hasText: '1.2.0' });
    await item.getByText('deprecated', { exact: true }).waitFor();
    await page.close();
  });

  test('search marks a yanked latest version and a deprecated one', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/search?q=trusty`);
    const results = page.getByTestId('search-results');
    await results.waitFor();
    const gone = results.getByRole('listitem').filter({ hasText: '@trusty/gone' });
    const tool = results.getByRole('listitem').filter({ hasText: '@trusty/tool' });
    expect(await gone.getByText('yanked', { exact: true }).count()).toBe(1);
    expect(await tool.textContent()).toContain('deprecated Use @trusty/better instead.');
    expect(await tool.getByText('yanked', { exact: true }).count()).toBe(0);
    await page.close();
  });

  test('a record changed in the database fails the browser check', async () => {
    const { Version, Package } = server.deps.registry.models;
    const ref = { namespace: 'trusty', name: 'tool', version: '1.3.0' };
    await Version.updateOne(ref, { $set: { integrity: `sha256-${'0'.repeat(64)}` } });
    // The server's cached answers are per package revision: make it read the changed record.
    await Package.updateOne({ namespace: 'trusty', name: 'tool' }, { $inc: { revision: 1 } });
    const page = await versionPage('1.3.0');
    expect(await page.getByTestId('signature-keyid').textContent()).toBe(keyid);
    expect(await verdict(page)).toBe('✗ invalid: the record is not the one the registry signed');
    await page.close();
  });

  test('after a key rotation a version signed by the old key is valid, its key retired', async () => {
    const rotated = await runAdmin(['keys', 'rotate'], server.storeEnv);
    expect(rotated.code, rotated.stderr).toBe(0);
    const page = await versionPage('1.0.0');
    expect(await page.getByTestId('signature-keyid').textContent()).toBe(keyid);
    expect(await verdict(page)).toBe('✓ valid, checked in this browser');
    expect(await page.getByTestId('key-status').textContent()).toMatch(
      /^retired since \d{4}-\d\d-\d\d \d\d:\d\d UTC$/,
    );
    await page.close();
  });
});
