// The search page (docs/browsing.md, "Search"): the built server serving the built SPA, with 25
// packages whose description says "city forecast": 22 in @geo that touch nothing and 3 in @net
// that declare a network host. A person searching "city forecast" gets 25 results on two pages
// (Next and Previous walk them, the page in the URL), the results show their downloads and
// permission badges, and the filters narrow the list: "No network" leaves the 22 of @geo, the
// namespace @net leaves its 3; both live in the URL, so the list can be linked to.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { scaffold, type Manifest } from '@pkg/shared';
import { buildPackage, publishArchive, runAdmin, spawnServer, type SpawnedServer } from '@pkg/server/testing';
import { launchBrowser } from './browser.js';

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');

let server: SpawnedServer;
let browser: Browser;
let dataDir: string;

async function publish(token: string, namespace: string, name: string, network: string[]): Promise<void> {
  const spec = { namespace, name, version: '1.0.0', description: `City forecast ${name}.` };
  const files = scaffold(spec);
  const manifest = JSON.parse(files.get('manifest.json') ?? '{}') as Manifest;
  manifest.permissions.network = network;
  const pack = await buildPackage({ ...spec, files: { 'manifest.json': JSON.stringify(manifest, null, 2) } });
  const res = await publishArchive(server.url, token, pack.bytes);
  if (res.status !== 201) throw new Error(`publish @${namespace}/${name}: ${res.status} ${await res.text()}`);
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'pkg-e2e-search-'));
  server = await spawnServer({ PKG_DATA_DIR: dataDir, PKG_WEB_DIR: webDist });
  for (const user of ['geo', 'net']) {
    const created = await runAdmin(['user', 'create', user], { PKG_DATA_DIR: dataDir });
    if (created.code !== 0) throw new Error(`pkg-admin user create: ${created.stderr}`);
    const token = created.stdout.trimEnd().split('\n').at(-1) ?? '';
    const count = user === 'geo' ? 22 : 3;
    for (let i = 0; i < count; i++)
      await publish(token, user, `city-${i}`, user === 'net' ? ['api.forecast.example'] : []);
  }
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function open(search: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${server.url}/search?${search}`);
  await page.getByTestId('search-results').waitFor();
  return page;
}

const names = (page: Page) => page.getByTestId('search-results').locator('h2').allInnerTexts();
const params = (page: Page) => new URL(page.url()).searchParams;

test('25 results on two pages; Next and Previous walk them with the page in the URL', async () => {
  const page = await open('q=city+forecast');
  expect(await page.getByTestId('search-total').innerText()).toBe('25 packages');
  const first = await names(page);
  expect(first).toHaveLength(20);
  expect(await page.getByTestId('search-pages').innerText()).toContain('Page 1 of 2');
  await page.getByRole('link', { name: 'Next' }).click();
  await page.getByText('Page 2 of 2').waitFor();
  expect(params(page).get('page')).toBe('2');
  const second = await names(page);
  expect(second).toHaveLength(5);
  expect(new Set([...first, ...second]).size).toBe(25);
  const item = page.getByTestId('search-results').locator('li').first();
  expect(await item.innerText()).toContain('downloads this week');
  expect(await item.getByTestId('permission-badges').count()).toBe(1);
  await page.getByRole('link', { name: 'Previous' }).click();
  await page.getByText('Page 1 of 2').waitFor();
  expect(await names(page)).toEqual(first);
  await page.close();
});

test('"No network" leaves the 22 packages of @geo; the filter is in the URL', async () => {
  const page = await open('q=city+forecast');
  // The box follows the URL: it shows checked once the page has navigated to the filtered list.
  await page.getByLabel('No network').click();
  await page.getByText('22 packages').waitFor();
  expect(await page.getByLabel('No network').isChecked()).toBe(true);
  expect(params(page).get('noNetwork')).toBe('true');
  expect(params(page).get('page')).toBeNull();
  const shown = await names(page);
  expect(shown.every((n) => n.startsWith('@geo/'))).toBe(true);
  await page.close();
});

test('the namespace filter leaves the 3 packages of @net, each with its network badge', async () => {
  const page = await open('q=city+forecast');
  await page.getByLabel('Namespace').fill('net');
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByText('3 packages').waitFor();
  expect(params(page).get('namespace')).toBe('net');
  expect((await names(page)).sort()).toEqual(['@net/city-0', '@net/city-1', '@net/city-2']);
  expect(await page.getByText('network: api.forecast.example').count()).toBe(3);
  await page.close();
});
