// The AI, web, code-hosting and subgraph commands as a user runs them (the built CLI) against the
// vendor doubles of @pkg/shared/testing: `--json` prints the envelope, the default is readable
// text (web text always headed as untrusted), exit codes are 0 live or cached, 3 unavailable,
// 1 provider error, 2 invalid input. With every key of these vendors set, no output carries one.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  GH_OWNER,
  GH_REPO,
  KEYS,
  OPENROUTER_BARE_MODEL,
  OPENROUTER_UPSTREAM,
  RAW_PATHS,
  THEGRAPH_SUBGRAPH,
  startDoubles,
  type Doubles,
} from '@pkg/shared/testing';
import { runCli, tempDir } from '../helpers/run-cli.js';

let d: Doubles;
const { dir, cleanup } = tempDir('pkg-cli-global-');
const isolated = { HOME: dir, XDG_CONFIG_HOME: join(dir, 'config'), PKG_ENV_FILE: '' };
/** Model ids come from the configuration; these are the doubles' own (vendor-a/…, model-alpha). */
const MODELS = { openrouter: 'vendor-a/model-one', gemini: 'model-alpha' };
const outputs: string[] = [];
beforeAll(async () => {
  d = await startDoubles();
});
beforeEach(() => d.reset());
afterAll(async () => {
  await d.close();
  cleanup();
});

const run = async (args: string[], env: Record<string, string | undefined> = {}) => {
  const r = await runCli(args, { cwd: dir, env: { ...isolated, ...d.env, ...env } });
  outputs.push(r.stdout, r.stderr);
  return r;
};
const json = (stdout: string) =>
  JSON.parse(stdout) as {
    status: string;
    code?: string;
    message?: string;
    data?: Record<string, unknown>;
    provenance?: Record<string, unknown>;
  };
const repo = `${GH_OWNER}/${GH_REPO}`;

describe('ai', () => {
  test('ai models: a table by default, the list with --json, filtered by --search', async () => {
    const table = await run(['ai', 'models']);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/models of openrouter \(prices per million tokens\)/);
    expect(table.stdout).toContain(MODELS.openrouter);
    const r = await run(['ai', 'models', '--search', 'no-such-model', '--json']);
    expect(r.code).toBe(0);
    expect(json(r.stdout).data).toEqual({ provider: 'openrouter', models: [] });
  });

  test('ai generate: the configured model answers, named with its usage; no model configured is exit 2', async () => {
    const r = await run(['ai', 'generate', 'Is this pool safe?', '--max-tokens', '200'], {
      AI_DEFAULT_MODEL: MODELS.openrouter,
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^LIVE from openrouter/);
    expect(r.stdout).toContain(
      `model: ${MODELS.openrouter} via openrouter (served by ${OPENROUTER_UPSTREAM})\n`,
    );
    expect(r.stdout).toMatch(/usage: prompt \d+, completion \d+/);
    expect(r.stdout).toContain('The pool has low liquidity');
    const none = await run(['ai', 'generate', 'hi', '--max-tokens', '20']);
    expect(none.code).toBe(2);
    expect(none.stdout).toContain(
      'ERROR INVALID_INPUT: no model for openrouter: pass a model, or set AI_DEFAULT_MODEL',
    );
    expect(d.openrouter.count(/chat\/completions/)).toBe(1);
  });

  test('ai generate: OpenRouter answers with another model than requested; the model that answered is printed, and the one asked for', async () => {
    // The chat-completions response's `model` names the model that answered, another than the request's.
    d.openrouter.replies.push({ content: 'Liquidity is thin.', model: OPENROUTER_BARE_MODEL });
    const r = await run(['ai', 'generate', 'Is this pool safe?', '--max-tokens', '200'], {
      AI_DEFAULT_MODEL: MODELS.openrouter,
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      `model: ${OPENROUTER_BARE_MODEL} (asked for ${MODELS.openrouter}) via openrouter (served by ${OPENROUTER_UPSTREAM})\n`,
    );
    expect(r.stdout).toContain('Liquidity is thin.');
    d.openrouter.replies.push({ content: 'Liquidity is thin.', model: OPENROUTER_BARE_MODEL });
    const j = await run(['ai', 'generate', 'Is this pool safe?', '--max-tokens', '200', '--json'], {
      AI_DEFAULT_MODEL: MODELS.openrouter,
    });
    expect(json(j.stdout).data).toMatchObject({
      model: OPENROUTER_BARE_MODEL,
      routing: {
        requestedProvider: 'openrouter',
        requestedModel: MODELS.openrouter,
        actualProvider: 'openrouter',
        actualModel: OPENROUTER_BARE_MODEL,
        fallback: false,
      },
    });
  });

  test('ai generate --schema: the answer parsed and validated into structured', async () => {
    const schema = join(dir, 'verdict.json');
    writeFileSync(
      schema,
      JSON.stringify({
        type: 'object',
        required: ['verdict', 'reasons'],
        properties: { verdict: { type: 'string' }, reasons: { type: 'array', items: { type: 'string' } } },
      }),
    );
    const r = await run([
      'ai',
      'generate',
      'Classify',
      '--max-tokens',
      '300',
      '--model',
      MODELS.openrouter,
      '--schema',
      schema,
      '--json',
    ]);
    expect(r.code).toBe(0);
    expect(json(r.stdout).data).toMatchObject({
      structured: { verdict: 'caution', reasons: ['low liquidity'] },
      routing: { requestedProvider: 'openrouter', actualProvider: 'openrouter', fallback: false },
    });
    const missing = await run([
      'ai',
      'generate',
      'x',
      '--max-tokens',
      '5',
      '--schema',
      join(dir, 'nope.json'),
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot read the schema file');
  });

  test('ai generate: the configured fallback answers after a 5xx, shown; --no-fallback keeps the failure', async () => {
    const fallbackEnv = {
      AI_DEFAULT_MODEL: MODELS.openrouter,
      AI_FALLBACK_PROVIDER: 'gemini',
      AI_FALLBACK_MODEL: MODELS.gemini,
    };
    const down = { status: 502, body: { error: { code: 502, message: 'Provider returned error' } } };
    d.openrouter.failNext.push(down, down);
    const r = await run(['ai', 'generate', 'hi', '--max-tokens', '50'], fallbackEnv);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^LIVE from gemini/);
    expect(r.stdout).toContain(`FALLBACK: asked openrouter ${MODELS.openrouter}; it failed (openrouter:`);
    d.openrouter.failNext.push(down, down);
    const kept = await run(
      ['ai', 'generate', 'hi', '--max-tokens', '50', '--no-fallback', '--json'],
      fallbackEnv,
    );
    expect(kept.code).toBe(1);
    expect(json(kept.stdout)).toMatchObject({ status: 'ERROR', code: 'ALL_PROVIDERS_FAILED' });
    expect(d.gemini.count(/generateContent/)).toBe(1);
  });
});

describe('web', () => {
  test('web search: results headed as untrusted text, served by the first provider', async () => {
    const r = await run(['web', 'search', 'robinhood chain', '--limit', '2']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^LIVE from tavily/);
    expect(r.stdout).toContain('untrusted third-party text');
    const j = await run(['web', 'search', 'robinhood chain', '--limit', '2', '--json']);
    const results = json(j.stdout).data?.results as { untrusted: boolean }[];
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((p) => p.untrusted)).toBe(true);
  });

  test('web extract of a private target is exit 2 and reaches no provider', async () => {
    for (const target of [
      'http://127.0.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'https://api.internal/',
    ]) {
      const r = await run(['web', 'extract', target]);
      expect(r.code).toBe(2);
      expect(r.stdout).toContain('ERROR INVALID_INPUT');
    }
    expect(d.tavily.calls.length + d.exa.calls.length + d.firecrawl.calls.length).toBe(0);
  });

  test('web extract, map, similar and answer each answer from their first provider; --provider pins', async () => {
    const extract = await run(['web', 'extract', 'https://example.com/', '--max-chars', '40', '--json']);
    expect(json(extract.stdout)).toMatchObject({ status: 'LIVE', provenance: { source: 'tavily' } });
    const map = await run(['web', 'map', 'https://example.com/', '--json']);
    expect(json(map.stdout)).toMatchObject({ status: 'LIVE', provenance: { source: 'firecrawl' } });
    const similar = await run(['web', 'similar', 'https://example.com/', '--json']);
    expect(json(similar.stdout)).toMatchObject({ status: 'LIVE', provenance: { source: 'exa' } });
    const answer = await run(['web', 'answer', 'When did the chain launch?']);
    expect(answer.code).toBe(0);
    expect(answer.stdout).toContain('citations:');
    const pinned = await run(['web', 'search', 'pinned', '--provider', 'firecrawl', '--json']);
    expect(json(pinned.stdout)).toMatchObject({ status: 'LIVE', provenance: { source: 'firecrawl' } });
  });
});

describe('github and subgraphs', () => {
  test('github repo, issues, contents: readable lines, the rate limit in provenance', async () => {
    const r = await run(['github', 'repo', repo, '--json']);
    expect(r.code).toBe(0);
    expect(json(r.stdout)).toMatchObject({
      status: 'LIVE',
      data: { full_name: repo },
      provenance: {
        source: 'github',
        chain: 'global',
        rateLimit: { 'x-ratelimit-limit': expect.any(String) },
      },
    });
    const issues = await run(['github', 'issues', repo, '--state', 'all', '--per-page', '2']);
    expect(issues.code).toBe(0);
    expect(issues.stdout).toMatch(/page 1 of \d+, \d items; next: --page 2/);
    const file = await run(['github', 'contents', repo, 'README.md']);
    expect(file.code).toBe(0);
    expect(file.stdout).toContain('A demonstration repository');
    const bad = await run(['github', 'repo', 'no-slash']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('expected <owner>/<repo>');
  });

  test('github raw: text printed, a binary file reported, another host refused', async () => {
    const text = await run(['github', 'raw', `${d.githubRaw.origin}${RAW_PATHS.text}`]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Hello from the raw host');
    const binary = await run(['github', 'raw', `${d.githubRaw.origin}${RAW_PATHS.binary}`]);
    expect(binary.code).toBe(0);
    expect(binary.stdout).toMatch(/binary file, .* not printed/);
    const other = await run(['github', 'raw', 'https://example.com/o/r/main/f']);
    expect(other.code).toBe(2);
    expect(d.githubRaw.authorizations).toEqual([]);
  });

  test('subgraph query: the data, and bad --variables is exit 2', async () => {
    const r = await run([
      'subgraph',
      'query',
      THEGRAPH_SUBGRAPH,
      '--query',
      '{ pools(first: 2) { id } }',
      '--json',
    ]);
    expect(r.code).toBe(0);
    expect(json(r.stdout)).toMatchObject({ status: 'LIVE', provenance: { source: 'thegraph' } });
    const bad = await run([
      'subgraph',
      'query',
      THEGRAPH_SUBGRAPH,
      '--query',
      '{ a }',
      '--variables',
      'nope',
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--variables is not JSON');
  });

  test('without THEGRAPH_API_KEY the query is unavailable (exit 3), naming the variable', async () => {
    const r = await run(['subgraph', 'query', THEGRAPH_SUBGRAPH, '--query', '{ a }'], {
      THEGRAPH_API_KEY: '',
    });
    expect(r.code).toBe(3);
    expect(r.stdout).toContain('THEGRAPH_API_KEY');
  });
});

test('no output of this file, errors echoing keys included, carries a key', async () => {
  d.openrouter.failNext.push({
    status: 400,
    body: { error: { code: 400, message: `bad request for ${KEYS.openrouter}` } },
  });
  await run(['ai', 'generate', 'x', '--max-tokens', '5', '--model', MODELS.openrouter]);
  d.tavily.failNext.push({ status: 400, body: { detail: { error: `key ${KEYS.tavily} is malformed` } } });
  await run(['web', 'search', 'echo']);
  d.github.failNext.push({ status: 422, body: { message: `Validation Failed for ${KEYS.github}` } });
  await run(['github', 'repo', repo, '--fresh', '--json']);
  const text = outputs.join('\n');
  expect(text).toContain('{key}');
  for (const key of Object.values(KEYS)) expect(text).not.toContain(key);
});
