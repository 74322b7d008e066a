import { describe, expect, test } from 'vitest';
import type { Manifest } from '../../schemas/manifest.js';
import { scorePackage, type ScoreInput } from './score-package.js';

const now = new Date('2026-11-27T10:00:00.000Z');
const tools: Manifest['tools'] = [
  {
    name: 'forecast',
    description: 'Forecast',
    entry: 'tools/forecast.js',
    inputSchema: 'schemas/in.json',
    outputSchema: 'schemas/out.json',
  },
];
const build = {
  platform: 'github' as const,
  issuer: 'https://token.actions.githubusercontent.com',
  repository: 'acme/weather',
  commit: '0123456789abcdef0123456789abcdef01234567',
  workflow: '.github/workflows/release.yml',
  ref: 'refs/tags/v1.0.0',
  environment: null,
  runId: '1',
  runUrl: 'https://github.com/acme/weather/actions/runs/1',
  publisherId: 'p1',
};
const full: ScoreInput = {
  manifest: {
    description: 'Weather forecasts',
    permissions: { fs: { read: [], write: [] }, network: ['api.example.com'], env: ['API_KEY'] },
    tools,
  },
  hasSkillMd: true,
  code: { hosts: ['api.example.com'], env: ['API_KEY'] },
  provenance: { publisher: { user: 'alice', via: 'oidc' }, build },
  lastPublishedAt: new Date('2026-06-01T00:00:00.000Z'),
  now,
};

describe('scorePackage', () => {
  test('every criterion met is 100', () => {
    const score = scorePackage(full);
    expect(score.value).toBe(100);
    expect(score.criteria.map((c) => [c.id, c.met])).toEqual([
      ['description', true],
      ['skill-md', true],
      ['tool-schemas', true],
      ['least-permissions', true],
      ['verified-provenance', true],
      ['recent-release', true],
    ]);
  });

  test('each unmet criterion says why', () => {
    const score = scorePackage({
      ...full,
      manifest: {
        ...full.manifest,
        description: ' ',
        tools: tools.map((t) => ({ ...t, outputSchema: undefined })),
      },
      hasSkillMd: false,
      code: { hosts: [], env: [] },
      provenance: { publisher: { user: 'alice', via: 'token' } },
      lastPublishedAt: new Date('2025-11-01T00:00:00.000Z'),
    });
    expect(score.value).toBe(0);
    expect(Object.fromEntries(score.criteria.map((c) => [c.id, c.detail]))).toEqual({
      description: 'the manifest has no description',
      'skill-md': 'the package has no SKILL.md',
      'tool-schemas': 'tool forecast has no output schema',
      'least-permissions': 'declared but not in the tool code: network api.example.com, env API_KEY',
      'verified-provenance': 'published via token, not by trusted publishing from a CI build',
      'recent-release': 'the last release was on 2025-11-01, 391 day(s) ago',
    });
  });

  test('a wildcard host is used when the code writes a host under it; the value rounds', () => {
    const score = scorePackage({
      ...full,
      manifest: {
        ...full.manifest,
        permissions: { ...full.manifest.permissions, network: ['*.example.com'] },
      },
      provenance: null,
    });
    expect(score.criteria.find((c) => c.id === 'least-permissions')?.met).toBe(true);
    expect(score.value).toBe(83);
  });
});
