// The package page's inlined data read into the query cache (docs/performance.md, "The package
// page's first paint"): the text the server writes (superjson, every "<" escaped) is found under the
// keys the route's loader and the components ask for (package-queries.ts), dates and all; anything
// that is not the page's data (another procedure, an input that is not a set of names, text that
// does not parse) is left out. The document is a stand-in holding the element's text.
import { QueryClient } from '@tanstack/react-query';
import superjson from 'superjson';
import { describe, expect, test } from 'vitest';
import { seedPageData } from '../../src/lib/page-data';
import { packageFilesQueryOptions } from '../../src/lib/package-queries';
import { trpc } from '../../src/lib/trpc';

/** A document whose #page-data element holds `text`, as the server writes it. */
const docWith = (text: string | undefined) =>
  ({
    getElementById: (id: string) => (id === 'page-data' && text !== undefined ? { textContent: text } : null),
  }) as unknown as Document;
const serverText = (entries: unknown[]) => superjson.stringify({ entries }).replaceAll('<', '\\u003c');

const ref = { namespace: 'acme', name: 'tool' };
const latest = { ...ref, version: 'latest' };

describe('seedPageData', () => {
  test('puts each answer under the key the loader asks with, dates and "<" restored', () => {
    const queryClient = new QueryClient();
    const publishedAt = new Date('2026-01-02T03:04:05Z');
    const skillMd = '# Tool\n\n</script><!-- not the end';
    const n = seedPageData(
      queryClient,
      trpc,
      docWith(
        serverText([
          { path: 'packages.get', input: ref, data: { latest: '1.0.0', description: '</script>' } },
          { path: 'packages.version', input: latest, data: { version: '1.0.0', publishedAt } },
          { path: 'packages.files', input: latest, data: { skillMd } },
          { path: 'trust.keys', input: undefined, data: { keys: [] } },
        ]),
      ),
    );
    expect(n).toBe(4);
    expect(queryClient.getQueryData(trpc.packages.get.queryOptions(ref).queryKey)).toEqual({
      latest: '1.0.0',
      description: '</script>',
    });
    const record = queryClient.getQueryData(trpc.packages.version.queryOptions(latest).queryKey);
    expect(record).toEqual({ version: '1.0.0', publishedAt });
    expect((record as { publishedAt: unknown }).publishedAt).toBeInstanceOf(Date);
    expect(queryClient.getQueryData(packageFilesQueryOptions(trpc, latest).queryKey)).toEqual({ skillMd });
    expect(queryClient.getQueryData(trpc.trust.keys.queryOptions().queryKey)).toEqual({ keys: [] });
  });

  test('leaves out what is not the page data', () => {
    const queryClient = new QueryClient();
    const n = seedPageData(
      queryClient,
      trpc,
      docWith(
        serverText([
          { path: 'tokens.list', input: undefined, data: [] },
          { path: 'packages.get', input: { namespace: 'acme', name: 7 }, data: {} },
          { path: 'packages.get', input: ref },
          { path: 'packages.versions', input: ref, data: { versions: [] } },
        ]),
      ),
    );
    expect(n).toBe(1);
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((q) => q.queryKey),
    ).toEqual([trpc.packages.versions.queryOptions(ref).queryKey]);
  });

  test.each([
    ['no element', undefined],
    ['text that does not parse', '{"json": '],
    ['another shape', '{"json":{"entries":"packages.get"}}'],
  ])('%s seeds nothing', (_label, text) => {
    const queryClient = new QueryClient();
    expect(seedPageData(queryClient, trpc, docWith(text))).toBe(0);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });
});
