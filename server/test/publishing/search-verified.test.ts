// Search's `verified` filter (docs/browsing.md, "Search"): a package is verified when its latest
// version was published from a verified build (trusted publishing, docs/publishing.md).
import type { SearchPackagesOutput } from '@pkg/shared';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startAcmeRegistry, type AcmeRegistry } from './acme-registry.js';

let acme: AcmeRegistry;
beforeAll(async () => {
  acme = await startAcmeRegistry();
});
afterAll(() => acme.close());

const search = async (query: string) =>
  (await (await fetch(`${acme.server.url}/packages/search?${query}`)).json()) as SearchPackagesOutput;

test('only packages whose latest comes from a verified build', async () => {
  expect((await search('verified=1')).results).toEqual([]);
  const { body } = await acme.exchange(await acme.github.token(acme.job()));
  expect((await acme.publish(body.token as string, 'clock', '1.1.0')).status).toBe(201);
  const verified = await search('verified=1');
  expect(verified.results.map((r) => [r.name, r.latest, r.verified])).toEqual([
    ['@acme/clock', '1.1.0', true],
  ]);
  const all = await search('q=');
  expect(all.results.map((r) => [r.name, r.verified])).toEqual([
    ['@acme/bell', false],
    ['@acme/clock', true],
    ['@acme/gong', false],
    ['@acme/lonely', false],
  ]);
});
