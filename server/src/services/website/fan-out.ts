// A bounded fan-out for the website's services: one upstream look-up per item (a pool's token, a
// held token), at most `concurrency` at a time, in the items' order, so that one answer never
// sends a burst past a provider's budget (docs/data-layer.md, "Market data").
export async function mapBounded<T, R>(
  items: readonly T[],
  concurrency: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, concurrency), items.length) }, worker));
  return results;
}
