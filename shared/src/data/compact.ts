// Turns a decoded payload into JSON: bigints become decimal strings, and fields the provider
// did not return (null or undefined) are dropped, so that absent stays absent.
export function compact(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(compact);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      if (v === null || v === undefined) continue;
      out[key] = compact(v);
    }
    return out;
  }
  return value;
}
