// The package page's trust pieces rendered alone (docs/website.md, "The package page"): the
// permission badges ("no network" or a badge a host, file writes, environment variables), the
// score with each criterion met or not in words, and the findings as facts with file and line,
// their excerpt shown as text even when it holds markup.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Finding, PackageScore, Permissions } from '@pkg/shared/contract';
import { FindingsList } from '../../src/components/package/findings-list';
import { PermissionBadges } from '../../src/components/package/permission-badges';
import { ScorePanel } from '../../src/components/package/score-panel';

const NONE: Permissions = { fs: { read: [], write: [] }, network: [], env: [] };

/** The text of each `<li>` of the markup, as a reader sees it. */
function items(html: string): string[] {
  return [...html.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) =>
    (m[1] ?? '')
      .replace(/<[^>]+>/g, '')
      .replaceAll('&#x27;', "'")
      .replaceAll('&quot;', '"'),
  );
}

describe('PermissionBadges', () => {
  it.each([
    ['nothing', NONE, ['no network', 'no file writes', 'no env']],
    [
      'two hosts',
      { ...NONE, network: ['api.example.com', '*.cdn.example.net'] },
      ['network: api.example.com', 'network: *.cdn.example.net', 'no file writes', 'no env'],
    ],
    [
      'writes, env and reads',
      { fs: { read: ['data/'], write: ['out/'] }, network: [], env: ['API_KEY'] },
      ['no network', 'writes files', 'reads env', 'reads files'],
    ],
  ] satisfies [string, Permissions, string[]][])('%s', (_label, permissions, expected) => {
    const html = renderToStaticMarkup(createElement(PermissionBadges, { permissions }));
    expect(items(html)).toEqual(expected);
  });

  it('names the paths and variables on hover', () => {
    const permissions: Permissions = { fs: { read: [], write: ['out/'] }, network: [], env: ['API_KEY'] };
    const html = renderToStaticMarkup(createElement(PermissionBadges, { permissions }));
    expect(html).toContain('title="Writes to out/"');
    expect(html).toContain('title="Reads API_KEY"');
  });
});

describe('ScorePanel', () => {
  const score: PackageScore = {
    value: 50,
    criteria: [
      { id: 'description', label: 'Has a description', met: true, detail: 'the manifest has a description' },
      {
        id: 'tool-schemas',
        label: 'Every tool has input and output schemas',
        met: false,
        detail: 'tool forecast has no output schema',
      },
    ],
  };

  it('shows the value and each criterion, met or not in words, with its reason', () => {
    const html = renderToStaticMarkup(createElement(ScorePanel, { score }));
    expect(html).toContain('50 / 100');
    expect(items(html)).toEqual([
      '✓ Has a description: metthe manifest has a description',
      '✗ Every tool has input and output schemas: not mettool forecast has no output schema',
    ]);
    expect(html).toContain('1 of 2 criteria met');
  });
});

describe('FindingsList', () => {
  it('lists each finding with its kind, file:line, message and the line itself, as text', () => {
    const findings: Finding[] = [
      {
        kind: 'undeclared-host',
        file: 'tools/forecast.js',
        line: 12,
        message: 'writes the host evil.example.com, not declared',
        excerpt: 'fetch("https://evil.example.com/<script>alert(1)</script>")',
      },
    ];
    const html = renderToStaticMarkup(createElement(FindingsList, { findings }));
    expect(html).toContain('Host not in the permissions');
    expect(html).toContain('tools/forecast.js:12');
    expect(html).toContain('writes the host evil.example.com, not declared');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toMatch(/\b(safe|dangerous|malicious)\b/i);
  });

  it('says what was looked for when nothing was found', () => {
    const html = renderToStaticMarkup(createElement(FindingsList, { findings: [] }));
    expect(html).toContain('data-testid="findings-none"');
  });
});
