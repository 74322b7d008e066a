// Trusted publishing on the website (docs/website.md, "Trusted publishers on /account" and "The
// version page"). The owner of @acme pastes a managing token on /account, picks @acme/clock, sees
// a draft refused by the contract's schema before any request, adds a GitHub publisher, turns
// "Require trusted publishing" on (classic tokens are then refused) and off, adds a GitLab one and
// removes it after a confirm, and sees the registry's own refusal for a package it does not own.
// Then a CI job of the OIDC issuer double (@pkg/server/testing) trades its ID token for a publish
// token and publishes @acme/timer 1.1.0 through the real server: the version page reads "Built and
// published from acme/timer@<commit> by .github/workflows/release.yml, verified" with the run's
// link, and the package page lists the trusted publisher. Runs the real app (in process) serving the built SPA.
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  buildPackage,
  publishArchive,
  publishAsNewOwner,
  startOidcIssuer,
  startTestServer,
  trustedPublishingServerOptions,
  type OidcIssuer,
  type TestServer,
} from '@pkg/server/testing';
import { launchBrowser } from './browser.js';
import { overflowsViewport, screenshots, seriousViolations } from './site.js';

const AUDIENCE = 'https://registry.test';
const COMMIT = '3f2a9c1d0b8e7f6a5b4c3d2e1f0a9b8c7d6e5f40';
const WORKFLOW = '.github/workflows/release.yml';

let server: TestServer;
let issuer: OidcIssuer;
let gitlab: OidcIssuer;
let browser: Browser;
let manageToken = '';

/** A tRPC procedure over HTTP, as the SPA calls it (superjson's `json`), with a bearer token. */
async function trpc(kind: 'query' | 'mutation', path: string, input: unknown, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const body = JSON.stringify({ json: input });
  const res =
    kind === 'query'
      ? await fetch(`${server.url}/trpc/${path}?input=${encodeURIComponent(body)}`, { headers })
      : await fetch(`${server.url}/trpc/${path}`, { method: 'POST', headers, body });
  const answer = (await res.json()) as { result?: { data: { json: unknown } }; error?: unknown };
  if (!answer.result) throw new Error(`${path}: ${res.status} ${JSON.stringify(answer.error)}`);
  return answer.result.data.json;
}

const listPublishers = () =>
  trpc('query', 'publishers.list', { namespace: 'acme', name: 'clock' }) as Promise<{
    requireTrustedPublishing: boolean;
    publishers: { id: string; repository: string; workflow: string; environment: string | null }[];
  }>;

async function publishWithClassicToken(version: string): Promise<Response> {
  const pkg = await buildPackage({ namespace: 'acme', name: 'clock', version });
  return publishArchive(server.url, manageToken, pkg.bytes);
}

beforeAll(async () => {
  [issuer, gitlab] = await Promise.all([startOidcIssuer(), startOidcIssuer({ platform: 'gitlab' })]);
  const options = trustedPublishingServerOptions([issuer, gitlab], AUDIENCE);
  server = await startTestServer({ env: options.env, dataEnv: options.dataEnv });
  manageToken = await publishAsNewOwner(server, { namespace: 'acme', name: 'clock', version: '1.0.0' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await issuer?.close();
  await gitlab?.close();
});

/** /account with the managing token pasted, at the trusted publishers of @acme/clock. */
async function openPublishers(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${server.url}/account`);
  await page.getByLabel('Managing token', { exact: true }).fill(manageToken);
  await page.getByRole('button', { name: 'Use token' }).click();
  await page.getByRole('heading', { level: 2, name: 'Trusted publishers' }).waitFor();
  await page.getByLabel('Your packages').selectOption('@acme/clock');
  await page.getByTestId('package-publishers').getByRole('heading', { name: '@acme/clock' }).waitFor();
  return page;
}

describe('trusted publishers on the account page', () => {
  test('lists, adds, requires, removes; a bad draft is refused before any request', async () => {
    const page = await openPublishers();
    const panel = page.getByTestId('package-publishers');
    await panel.getByTestId('publishers-empty').waitFor();
    const adds: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('publishers.add')) adds.push(req.url());
    });

    // The contract's schema refuses the draft: the message under the field, nothing sent.
    const form = panel.getByTestId('add-publisher');
    expect(await form.getByLabel('Workflow').getAttribute('placeholder')).toBe(WORKFLOW);
    await form.getByLabel('Repository').fill('clock');
    await form.getByLabel('Workflow').fill(WORKFLOW);
    await form.getByRole('button', { name: 'Add publisher' }).click();
    expect(await form.getByRole('alert').textContent()).toBe(
      'Repository: a repository is owner/name (GitLab: group/…/project)',
    );
    expect(adds).toEqual([]);

    // A GitHub publisher for the release environment.
    await form.getByLabel('Repository').fill('acme/clock');
    await form.getByLabel('Environment (optional)').fill('release');
    await form.getByRole('button', { name: 'Add publisher' }).click();
    const row = panel.getByRole('row', { name: /acme\/clock/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('GitHub Actions');
    expect(await row.textContent()).toContain(WORKFLOW);
    expect(await row.textContent()).toContain('release');
    expect(await row.textContent()).toContain('by acme');
    expect((await listPublishers()).publishers).toHaveLength(1);

    // Require trusted publishing: classic tokens are refused, then allowed again.
    const required = panel.getByRole('switch', { name: 'Require trusted publishing' });
    await required.click();
    await page.locator('input[role="switch"][aria-checked="true"]:not([disabled])').waitFor();
    expect((await listPublishers()).requireTrustedPublishing).toBe(true);
    expect((await publishWithClassicToken('0.9.0')).status).toBe(403);
    await required.click();
    await page.locator('input[role="switch"][aria-checked="false"]:not([disabled])').waitFor();
    expect((await listPublishers()).requireTrustedPublishing).toBe(false);

    // GitLab: its default workflow fills an empty field (a typed one is kept); the publisher is
    // removed after a confirm.
    expect(await form.getByLabel('Workflow').inputValue()).toBe('');
    await form.getByLabel('Workflow').fill('ci/release.yml');
    await form.getByLabel('CI platform').selectOption('gitlab');
    expect(await form.getByLabel('Workflow').inputValue()).toBe('ci/release.yml');
    await form.getByLabel('Workflow').fill('');
    await form.getByLabel('CI platform').selectOption('github');
    await form.getByLabel('CI platform').selectOption('gitlab');
    expect(await form.getByLabel('Workflow').inputValue()).toBe('.gitlab-ci.yml');
    expect(await form.getByLabel('Repository').getAttribute('placeholder')).toBe('group/project');
    await form.getByLabel('Repository').fill('acme/ops/clock');
    await form.getByRole('button', { name: 'Add publisher' }).click();
    const gitlabRow = panel.getByRole('row', { name: /acme\/ops\/clock/ });
    await gitlabRow.waitFor();
    expect(await gitlabRow.textContent()).toContain('GitLab CI/CD');
    await gitlabRow.getByRole('button', { name: 'Remove acme/ops/clock .gitlab-ci.yml' }).click();
    await gitlabRow.getByRole('button', { name: 'Confirm remove acme/ops/clock .gitlab-ci.yml' }).click();
    await gitlabRow.waitFor({ state: 'detached' });
    expect((await listPublishers()).publishers.map((p) => p.repository)).toEqual(['acme/clock']);

    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'account-publishers', async (p) => {
      await p.getByTestId('package-publishers').waitFor();
      expect(await overflowsViewport(p)).toBe(false);
    });
    await page.close();
  });

  test("a package the user does not own: the registry's refusal as it gives it", async () => {
    await publishAsNewOwner(server, { namespace: 'other', name: 'thing', version: '1.0.0' });
    const page = await openPublishers();
    await page.getByLabel('Package (@namespace/name)').fill('not a package');
    await page.getByRole('button', { name: 'Show publishers' }).click();
    expect(await page.locator('#publishers-typed-error').textContent()).toBe(
      'A package is @namespace/name, like @acme/clock.',
    );
    await page.getByLabel('Package (@namespace/name)').fill('@other/thing');
    await page.getByRole('button', { name: 'Show publishers' }).click();
    const panel = page.getByTestId('package-publishers');
    await panel.getByRole('heading', { name: '@other/thing' }).waitFor();
    const form = panel.getByTestId('add-publisher');
    await form.getByLabel('Repository').fill('acme/clock');
    await form.getByLabel('Workflow').fill(WORKFLOW);
    await form.getByRole('button', { name: 'Add publisher' }).click();
    const error = panel.getByTestId('add-publisher-error');
    await error.waitFor();
    expect(await error.textContent()).toMatchInlineSnapshot(
      `"Could not add the publisher: FORBIDDEN: You (acme) are neither the owner nor a maintainer of the namespace other."`,
    );
    await page.close();
  });
});

describe('a version published from CI', () => {
  test('the version page shows the verified build; the package page its trusted publisher', async () => {
    const timer = { namespace: 'acme', name: 'timer' };
    const first = await publishArchive(server.url, manageToken, (await buildPackage({ ...timer })).bytes);
    expect(first.status).toBe(201);
    const input = { ...timer, platform: 'github', repository: 'acme/timer', workflow: WORKFLOW };
    await trpc('mutation', 'publishers.add', input, manageToken);
    const idToken = await issuer.token({
      repository: 'acme/timer',
      workflow: WORKFLOW,
      environment: 'release',
      sha: COMMIT,
      ref: 'refs/tags/v1.1.0',
      runId: '4242',
      audience: AUDIENCE,
    });
    const exchanged = await fetch(`${server.url}/auth/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: idToken, package: '@acme/timer' }),
    });
    expect(exchanged.status).toBe(201);
    const { token } = (await exchanged.json()) as { token: string };
    const pkg = await buildPackage({ ...timer, version: '1.1.0' });
    const published = await publishArchive(server.url, token, pkg.bytes);
    expect(published.status).toBe(201);

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/@acme/timer/v/1.1.0`);
    const line = page.locator('[data-testid="build-line"][data-verified="true"]');
    await line.waitFor();
    expect(await line.textContent()).toBe(
      `✓ Built and published from acme/timer@${COMMIT.slice(0, 7)} by ${WORKFLOW} (environment release), verified by the registry · CI run 4242`,
    );
    expect(await line.getByTestId('build-commit').getAttribute('href')).toBe(
      `https://github.com/acme/timer/commit/${COMMIT}`,
    );
    expect(await line.getByTestId('build-run').getAttribute('href')).toBe(
      'https://github.com/acme/timer/actions/runs/4242',
    );

    // The version published with a classic token claims nothing verified.
    await page.goto(`${server.url}/@acme/timer/v/1.0.0`);
    await page.getByTestId('description').waitFor();
    expect(await page.locator('[data-verified="true"]').count()).toBe(0);

    // The package page (the latest is 1.1.0) lists its trusted publisher.
    await page.goto(`${server.url}/@acme/timer`);
    const summary = page.getByTestId('publishers-summary');
    await summary.waitFor();
    expect(await summary.textContent()).toContain(`Published from CI by acme/timer ${WORKFLOW}`);
    await page.locator('[data-testid="build-line"][data-verified="true"]').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'package-built-from-ci', async (p) => {
      await p.getByTestId('provenance').waitFor();
      expect(await overflowsViewport(p)).toBe(false);
    });
    await page.close();
  });
});
