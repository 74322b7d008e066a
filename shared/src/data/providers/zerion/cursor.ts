// Paging `wallet.transactions`: the cursor handed out is the next link's `page[after]` (the
// documented page parameter); a next link paged by other `page[...]` members (the OpenAPI's older
// example) travels as `?<those>`.

/** The cursor of the next page, from the answer's next link. */
export function cursorOf(next: string | null | undefined, base: string): string | undefined {
  if (!next) return undefined;
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return undefined;
  }
  const after = url.searchParams.get('page[after]');
  if (after) return after;
  const paging = [...url.searchParams].filter(([name]) => name.startsWith('page[') && name !== 'page[size]');
  return paging.length > 0 ? `?${new URLSearchParams(paging).toString()}` : undefined;
}

/** The query members a cursor stands for. */
export function cursorQuery(cursor: unknown): Record<string, string> {
  if (typeof cursor !== 'string' || cursor === '') return {};
  if (!cursor.startsWith('?')) return { 'page[after]': cursor };
  const paging = [...new URLSearchParams(cursor.slice(1))].filter(
    ([name]) => name.startsWith('page[') && name !== 'page[size]',
  );
  return Object.fromEntries(paging);
}
