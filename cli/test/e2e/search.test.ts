// pkg search against the real server (docs/browsing.md, "Search"): ranked results with their
// weekly downloads, the fields that matched and the deprecated mark; the filters (--namespace,
// --no-network, --no-file-writes, --no-env, --verified), the pages (--page, --limit) and --json.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  buildCorpusPackage,
  createUser,
  publishArchive,
  startTestServer,
  type CorpusPackage,
  type TestServer,
} from '@pkg/server/testing';
import { runCli, tempDir } from '../helpers/run-cli.js';

let server: TestServer;
let owner: string;
const work = tempDir('pkg-search-');

const tool = (input: string[]) => [{ name: 'get', description: 'Gets it.', input, output: ['result'] }];
const PACKAGES: CorpusPackage[] = [
  {
    namespace: 'acme',
    name: 'forecast',
    description: 'Weather forecasts.',
    skill: 'Asks a weather service.',
    tools: tool(['city']),
    permissions: { network: ['api.weather.test'] },
  },
  {
    namespace: 'acme',
    name: 'almanac',
    description: 'Weather of past years, offline.',
    skill: 'Reads its own tables.',
    tools: tool(['year']),
  },
  {
    namespace: 'acme',
    name: 'logbook',
    description: 'Writes weather notes to a file.',
    skill: 'Appends to notes.',
    tools: tool(['note']),
    permissions: { write: ['notes'] },
  },
  {
    namespace: 'acme',
    name: 'station',
    description: 'Weather from a station, with its key.',
    skill: 'Needs its key.',
    tools: tool(['station']),
    permissions: { env: ['STATION_KEY'] },
  },
];

beforeAll(async () => {
  server = await startTestServer();
  owner = (await createUser(server.deps.registry, 'acme')).token.token;
  for (const pkg of PACKAGES) {
    expect((await publishArchive(server.url, owner, (await buildCorpusPackage(pkg)).bytes)).status).toBe(201);
  }
  const deprecate = await fetch(`${server.url}/packages/acme/almanac/deprecation`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${owner}` },
    body: JSON.stringify({ range: '*', message: 'see @acme/forecast' }),
  });
  expect(deprecate.status).toBe(200);
}, 60_000);
afterAll(async () => {
  await server.close();
  work.cleanup();
});

const search = (...args: string[]) =>
  runCli(['search', ...args], {
    cwd: work.dir,
    env: { HOME: work.dir, XDG_CONFIG_HOME: `${work.dir}/.config`, PKG_REGISTRY: server.url },
  });
const names = async (...args: string[]) => {
  const run = await search(...args, '--json');
  expect(run.code, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { results: { name: string }[] }).results.map((r) => r.name);
};

describe('pkg search', () => {
  test('prints the ranked results with downloads, what matched and the deprecated mark', async () => {
    const run = await search('city');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(
      [
        '@acme/forecast@1.0.0  Weather forecasts.',
        '                      0 downloads this week; matched: schema',
        '1-1 of 1',
        '',
      ].join('\n'),
    );
    const almanac = await search('almanac');
    expect(almanac.stdout).toContain('[deprecated: see @acme/forecast]');
  });

  test.each([
    [[], ['@acme/almanac', '@acme/forecast', '@acme/logbook', '@acme/station']],
    [['--no-network'], ['@acme/almanac', '@acme/logbook', '@acme/station']],
    [['--no-file-writes'], ['@acme/almanac', '@acme/forecast', '@acme/station']],
    [['--no-env'], ['@acme/almanac', '@acme/forecast', '@acme/logbook']],
    [['--no-network', '--no-file-writes', '--no-env'], ['@acme/almanac']],
    [['--namespace', 'other'], []],
    [['--verified'], []],
  ])('weather %j → %j', async (flags, expected) => {
    expect(await names('weather', ...flags)).toEqual(expected);
  });

  test('--page and --limit walk the results; the last line says where more are', async () => {
    const all = await names('weather', '--limit', '4');
    const first = await names('weather', '--limit', '2', '--page', '1');
    const second = await names('weather', '--limit', '2', '--page', '2');
    expect([...first, ...second]).toEqual(all);
    const run = await search('weather', '--limit', '2');
    expect(run.stdout).toContain('1-2 of 4; more with --page 2');
    const past = await search('weather', '--page', '9');
    expect(past.stdout).toBe('no packages match "weather" on page 9 (4 in all)\n');
  });

  test('a bad flag value is a usage error', async () => {
    expect((await search('weather', '--namespace', 'Not_OK')).code).toBe(2);
    expect((await search('weather', '--page', '0')).code).toBe(2);
  });
});
