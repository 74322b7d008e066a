// The version page's build line (web/src/components/package/build-line.tsx) and the URL checks it
// links with (web/src/lib/safe-url.ts): a build the registry verified reads "Built and published
// from <repository>@<short commit> by <workflow>, verified" with the run and the commit as links;
// a self-reported source reads "reported by the publisher, not verified"; a run URL or a repository
// that is not a safe http(s) address on the platform's host is text, never a link.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { BuildIdentity, Provenance } from '@pkg/shared/contract';
import { BuildLine } from '../../src/components/package/build-line';
import { commitUrl, safeHttpUrl } from '../../src/lib/safe-url';

const COMMIT = '0123456789abcdef0123456789abcdef01234567';

const BUILD: BuildIdentity = {
  platform: 'github',
  issuer: 'https://token.actions.githubusercontent.com',
  repository: 'acme/clock',
  commit: COMMIT,
  workflow: '.github/workflows/release.yml',
  ref: 'refs/tags/v1.2.0',
  environment: null,
  runId: '4242',
  runUrl: 'https://github.com/acme/clock/actions/runs/4242',
  publisherId: 'tp_0123456789abcdef',
};

type Facts = Pick<Provenance, 'build' | 'source'>;

/** The line as markup, and as the text a reader sees. */
function render(provenance: Facts) {
  const html = renderToStaticMarkup(createElement(BuildLine, { provenance }));
  const text = html
    .replace(/<[^>]+>/g, '')
    .replaceAll('&amp;', '&')
    .replaceAll('&quot;', '"');
  return { html, text };
}

/** The href of every link in the markup. */
const hrefs = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]);

describe('the build line', () => {
  it('says where a verified build came from, with the run and the commit as links', () => {
    const { html, text } = render({ build: BUILD });
    expect(text).toMatchInlineSnapshot(
      `"✓ Built and published from acme/clock@0123456 by .github/workflows/release.yml, verified by the registry · CI run 4242"`,
    );
    expect(html).toContain('data-verified="true"');
    expect(hrefs(html)).toEqual([
      `https://github.com/acme/clock/commit/${COMMIT}`,
      'https://github.com/acme/clock/actions/runs/4242',
    ]);
  });

  it('names the environment when the job ran in one', () => {
    const { text } = render({ build: { ...BUILD, environment: 'release' } });
    expect(text).toContain(
      'by .github/workflows/release.yml (environment release), verified by the registry',
    );
  });

  it('prefers the verified build to the source the publisher reported', () => {
    const { text } = render({ build: BUILD, source: { repository: 'elsewhere/x', commit: 'f'.repeat(40) } });
    expect(text).toContain('acme/clock@0123456');
    expect(text).not.toContain('elsewhere');
    expect(text).not.toContain('not verified');
  });

  it('shows a self-reported source as reported, not verified, and links nothing', () => {
    const { html, text } = render({
      source: { repository: 'https://git.example.com/a/b.git', commit: COMMIT },
    });
    expect(text).toMatchInlineSnapshot(
      `"Source https://git.example.com/a/b.git@0123456, reported by the publisher, not verified"`,
    );
    expect(html).toContain('data-verified="false"');
    expect(hrefs(html)).toEqual([]);
  });

  it('renders nothing without a build or a source', () => {
    expect(render({}).html).toBe('');
  });

  it.each([
    'javascript:alert(document.domain)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '/relative/run',
    'not a url',
  ])('keeps the run URL %j as text, never a link', (runUrl) => {
    const { html, text } = render({ build: { ...BUILD, runUrl } });
    expect(hrefs(html)).toEqual([`https://github.com/acme/clock/commit/${COMMIT}`]);
    expect(text).toContain('CI run 4242');
  });

  it('links the commit on a GitLab build to the https host that issued its token', () => {
    const gitlab = {
      ...BUILD,
      platform: 'gitlab' as const,
      issuer: 'https://gitlab.com',
      repository: 'g/sub/p',
    };
    expect(hrefs(render({ build: gitlab }).html)[0]).toBe(`https://gitlab.com/g/sub/p/-/commit/${COMMIT}`);
  });
});

describe('safeHttpUrl', () => {
  it.each([
    ['https://ci.example.com/run/1', 'https://ci.example.com/run/1'],
    ['http://127.0.0.1:8080/run/1', 'http://127.0.0.1:8080/run/1'],
    ['javascript:alert(1)', undefined],
    ['java\tscript:alert(1)', undefined],
    ['data:text/plain,hi', undefined],
    ['file:///etc/passwd', undefined],
    ['//evil.example/run', undefined],
    ['https://user:secret@ci.example.com/', undefined],
  ])('%j → %j', (value, expected) => {
    expect(safeHttpUrl(value)).toBe(expected);
  });
});

describe('commitUrl', () => {
  it.each([
    ['a repository that climbs out', { repository: 'acme/../../evil' }],
    ['a repository with a query', { repository: 'acme/clock?x=1' }],
    ['a repository that is a URL', { repository: 'https://evil.example/acme/clock' }],
    ['a commit that is not hex', { commit: 'main"><script>' }],
    ['a GitLab issuer that is not https', { platform: 'gitlab' as const, issuer: 'http://gitlab.example' }],
    ['a GitLab issuer that is javascript:', { platform: 'gitlab' as const, issuer: 'javascript:alert(1)' }],
  ])('gives no link for %s', (_, change) => {
    expect(commitUrl({ ...BUILD, ...change })).toBeUndefined();
  });

  it('uses github.com for GitHub whatever the issuer says', () => {
    expect(commitUrl({ ...BUILD, issuer: 'https://evil.example' })).toBe(
      `https://github.com/acme/clock/commit/${COMMIT}`,
    );
  });
});
