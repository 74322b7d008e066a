// Search that ranks (docs/browsing.md, "Search"; docs/registry-api.md): over a corpus of 55
// packages written for the test and published for real, each query finds the packages it should
// first: by name, tool, a property name of a tool's schemas, description, SKILL.md, a word one
// edit away; a name outranks a tool, a tool a property name, a property name the description,
// the description SKILL.md; downloads of the last 7 days break ties, then the name. The filters,
// the pages (stable from one to the next), deprecated marks, yanked versions left out (a wholly yanked package marked and listed last), and the
// search fields of packages published before (the migration) are checked too.
import type { SearchPackagesOutput } from '@pkg/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MIGRATIONS } from '../../src/db/migrations.js';
import { createUser } from '../../src/services/registry/user-service.js';
import { publishArchive } from '../helpers/packages.js';
import { buildCorpusPackage, SEARCH_CORPUS, type CorpusPackage } from '../helpers/search-corpus.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

let server: TestServer;
const tokens = new Map<string, string>();

async function publish(pkg: CorpusPackage): Promise<void> {
  let token = tokens.get(pkg.namespace);
  if (!token) {
    token = (await createUser(server.deps.registry, pkg.namespace)).token.token;
    tokens.set(pkg.namespace, token);
  }
  const res = await publishArchive(server.url, token, (await buildCorpusPackage(pkg)).bytes);
  if (res.status !== 201) throw new Error(`${pkg.namespace}/${pkg.name}: ${res.status} ${await res.text()}`);
}

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startTestServer();
  await server.deps.models.DownloadCount.insertMany([
    { namespace: 'ties', name: 'bravo', version: '1.0.0', day: day(0), count: 20 },
    { namespace: 'ties', name: 'bravo', version: '1.0.0', day: day(6), count: 10 },
    { namespace: 'ties', name: 'delta', version: '1.0.0', day: day(1), count: 20 },
    // Older than 7 days: it does not count.
    { namespace: 'ties', name: 'alpha', version: '1.0.0', day: day(10), count: 1000 },
  ]);
  for (const pkg of SEARCH_CORPUS) await publish(pkg);
}, 120_000);
afterAll(() => server.close());

async function search(query: Record<string, string | number>): Promise<SearchPackagesOutput> {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await fetch(`${server.url}/packages/search?${params.toString()}`);
  expect(res.status).toBe(200);
  return (await res.json()) as SearchPackagesOutput;
}
const names = async (query: Record<string, string | number>) =>
  (await search(query)).results.map((r) => r.name);

describe('relevance', () => {
  test('the corpus has at least 50 packages', async () => {
    expect(SEARCH_CORPUS.length).toBeGreaterThanOrEqual(50);
    expect((await search({ q: '' })).total).toBe(SEARCH_CORPUS.length);
  });

  test.each([
    ['weather', ['@acme/weather', '@geo/weather']],
    ['geo weather', ['@geo/weather']],
    ['@acme/weather', ['@acme/weather']],
    ['pdf', ['@docs/pdf-merge', '@docs/ocr']],
    ['city forecast', ['@meteo/outlook']],
    ['latitude longitude', ['@geo/geocode']],
    ['isbn', ['@books/catalog']],
    ['symbol price', ['@finance/quotes']],
    ['translate', ['@lang/polyglot']],
    ['currency convert', ['@finance/fx']],
    ['resize image', ['@media/thumbnails', '@media/exif']],
    ['invoices', ['@finance/ledger']],
    ['kilometres', ['@geo/distance']],
    ['haiku', ['@poetry/verse']],
    ['sentiment', ['@textkit/sentiment', '@textkit/review-miner']],
    ['email', ['@mail/email', '@crm/contacts']],
    ['calender', ['@time/calendar']],
    ['tiemzone', ['@time/timezone']],
    ['primse', ['@math/primes']],
    ['WEATH', ['@acme/weather', '@geo/weather']],
  ])('%s → %j first', async (q, expected) => {
    const found = await names({ q });
    expect(found.slice(0, expected.length)).toEqual(expected);
  });

  test('a name outranks a tool, a tool a property name, a property name the description, the description SKILL.md', async () => {
    const result = await search({ q: 'zephyr' });
    expect(result.results.map((r) => [r.name, r.matched?.[0]])).toEqual([
      ['@order/zephyr', 'name'],
      ['@order/second', 'tool'],
      ['@order/third', 'schema'],
      ['@order/fourth', 'description'],
      ['@order/fifth', 'skill'],
    ]);
    expect(result.total).toBe(5);
  });

  test('a word one edit away matches, below the word itself', async () => {
    const result = await search({ q: 'zepyhr' });
    expect(result.results.map((r) => r.name)).toEqual([
      '@order/zephyr',
      '@order/second',
      '@order/third',
      '@order/fourth',
      '@order/fifth',
    ]);
    expect((await search({ q: 'zephr' })).total).toBe(5); // a letter left out
    expect((await search({ q: 'zzephyr' })).total).toBe(5); // a letter added
    expect((await search({ q: 'zeaxyr' })).total).toBe(0); // two edits
  });

  test('ties go to more downloads this week, then to the name', async () => {
    const result = await search({ q: 'quasar' });
    expect(result.results.map((r) => [r.name, r.weeklyDownloads])).toEqual([
      ['@ties/bravo', 30],
      ['@ties/delta', 20],
      ['@ties/alpha', 0],
      ['@ties/charlie', 0],
    ]);
  });

  test('each result says what matched, what latest may touch and whether it is verified', async () => {
    const [fx] = (await search({ q: 'currency convert' })).results;
    expect(fx).toEqual({
      name: '@finance/fx',
      description: 'Exchange rates between moneys.',
      latest: '1.0.0',
      yanked: false,
      deprecated: null,
      weeklyDownloads: 0,
      verified: false,
      permissions: { fs: { read: [], write: [] }, network: ['rates.test'], env: [] },
      matched: ['tool', 'schema'],
    });
  });

  test('a query without a word matches nothing; an unknown word nothing', async () => {
    expect((await search({ q: '.*' })).total).toBe(0);
    expect((await search({ q: 'xylophone' })).total).toBe(0);
  });
});

describe('filters', () => {
  test.each([
    [{ q: 'weather', 'no-network': 1 }, ['@acme/weather']],
    [{ q: '', namespace: 'finance' }, ['@finance/fx', '@finance/ledger', '@finance/loan', '@finance/quotes']],
    [{ q: '', namespace: 'finance', 'no-env': 1 }, ['@finance/fx', '@finance/loan']],
    [{ q: '', namespace: 'finance', 'no-network': 1 }, ['@finance/ledger', '@finance/loan']],
    [
      { q: '', namespace: 'finance', 'no-file-writes': 1 },
      ['@finance/fx', '@finance/loan', '@finance/quotes'],
    ],
    [{ q: '', namespace: 'finance', 'no-network': 1, 'no-file-writes': 1, 'no-env': 1 }, ['@finance/loan']],
    [{ q: 'meetings', 'no-file-writes': 1 }, []],
    [{ q: 'weather', verified: 1 }, []],
  ])('%j → %j', async (query, expected) => {
    const result = await search(query);
    expect(result.results.map((r) => r.name)).toEqual(expected);
    expect(result.total).toBe(expected.length);
  });
});

describe('pages', () => {
  test.each([
    ['', 7],
    ['converts', 2],
    ['the', 5],
  ])(
    'q=%j, limit %i: page 1 and page 2 are the first of one big page, without duplicates',
    async (q, limit) => {
      const all = await search({ q, limit: 100 });
      expect(all.total).toBeGreaterThan(limit);
      const first = await search({ q, limit, page: 1 });
      const second = await search({ q, limit, page: 2 });
      const both = [...first.results, ...second.results].map((r) => r.name);
      expect(both).toEqual(all.results.slice(0, 2 * limit).map((r) => r.name));
      expect(new Set(both).size).toBe(both.length);
      expect(second).toMatchObject({ page: 2, limit, total: all.total });
    },
  );

  test('a page past the last is empty, with the total', async () => {
    expect(await search({ q: 'zephyr', page: 3, limit: 5 })).toMatchObject({
      results: [],
      total: 5,
      page: 3,
    });
  });
});

describe('marks and yanked versions', () => {
  const owner = () => tokens.get('yank') ?? '';
  const call = (method: string, path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner()}` },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    const base = { namespace: 'yank', name: 'gone', description: 'Soon gone.', skill: 'Bye.' };
    await publish({
      ...base,
      version: '1.0.0',
      tools: [{ name: 'a', description: 'A.', input: ['x'], output: ['y'] }],
    });
    await publish({
      ...base,
      version: '1.1.0',
      tools: [{ name: 'a', description: 'A.', input: ['obsidian'], output: ['y'] }],
    });
  });

  test('search reads latest: a yanked version is out; a package whose every version is yanked is marked and last', async () => {
    expect(await names({ q: 'obsidian' })).toEqual(['@yank/gone']);
    expect((await call('POST', '/packages/yank/gone/1.1.0/yank', { reason: 'broken' })).status).toBe(200);
    expect(await names({ q: 'obsidian' })).toEqual([]);
    expect((await names({ q: 'gone' }))[0]).toBe('@yank/gone');
    expect((await call('POST', '/packages/yank/gone/1.0.0/yank', { reason: 'broken too' })).status).toBe(200);
    const { results } = await search({ q: 'gone' });
    const gone = results.findIndex((r) => r.name === '@yank/gone');
    expect(results[gone]).toMatchObject({ yanked: true });
    expect(results.slice(0, gone).every((r) => r.yanked === false)).toBe(true);
    expect(results.slice(gone).every((r) => r.yanked === true)).toBe(true);
  });

  test('a deprecated package is marked', async () => {
    const cron = { range: '*', message: 'use @devtools/scheduler' };
    const token = tokens.get('devtools') ?? '';
    const res = await fetch(`${server.url}/packages/devtools/cron/deprecation`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(cron),
    });
    expect(res.status).toBe(200);
    expect((await search({ q: 'cron' })).results[0]).toMatchObject({
      name: '@devtools/cron',
      deprecated: 'use @devtools/scheduler',
    });
  });
});

describe('packages published before search ranked', () => {
  test('the migration computes their words from the stored files', async () => {
    const { Package, Version } = server.deps.models;
    await Version.collection.updateMany({ namespace: 'meteo' }, { $unset: { searchTerms: '' } });
    // A summary written without search fields, as every summary write is: revision bumped and
    // stamped, so that the index reads it again however long ago its previous refresh was.
    await Package.collection.updateMany(
      { namespace: 'meteo' },
      { $unset: { search: '' }, $inc: { revision: 1 }, $set: { indexedAt: new Date() } },
    );
    server.deps.registry.search.invalidate();
    // Without its search fields, a package is found by its name and description only.
    expect(await names({ q: 'city forecast' })).not.toContain('@meteo/outlook');
    expect(await names({ q: 'outlook' })).toEqual(['@meteo/outlook']);
    const migration = MIGRATIONS.find((m) => m.id === '0004-package-search-fields');
    expect(await migration?.up(server.deps)).toBe(
      '1 version(s) given search words, 1 package(s) given search fields',
    );
    expect((await names({ q: 'city forecast' }))[0]).toBe('@meteo/outlook');
    expect(await migration?.up(server.deps)).toBe(
      '0 version(s) given search words, 0 package(s) given search fields',
    );
  });
});
