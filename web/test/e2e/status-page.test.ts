// A person opens the website served by the running server (the built SPA, `npm start`'s
// server) and reads the status page, which calls health.get through the tRPC client.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawnServer, type SpawnedServer } from '@pkg/server/testing';
import { launchBrowser } from './browser.js';

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');
let server: SpawnedServer;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'pkg-e2e-'));
  server = await spawnServer({ PKG_DATA_DIR: dataDir, PKG_WEB_DIR: webDist });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the website', () => {
  test('the status page shows the registry as operational with API version 2', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    await expect.poll(() => page.title()).toContain('pkg');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Status' }).click();
    await page.getByTestId('health-status').waitFor();
    expect(page.url()).toBe(`${server.url}/status`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Service status');
    expect(await page.getByTestId('health-status').textContent()).toBe('Operational');
    expect(await page.getByTestId('health-api-version').textContent()).toBe('2');
    await page.close();
  });

  test('a deep link loads the SPA, and an unknown page shows the SPA not-found page', async () => {
    const page = await browser.newPage();
    const res = await page.goto(`${server.url}/status`);
    expect(res?.status()).toBe(200);
    await page.getByTestId('health-status').waitFor();
    await page.goto(`${server.url}/no/such/page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    await page.close();
  });
});
