// Reading the text files of a package: strict UTF-8, then JSON, with a clear reason on failure.

const utf8 = new TextDecoder('utf-8', { fatal: true });

export type TextResult = { ok: true; text: string } | { ok: false; reason: string };
export type JsonResult = { ok: true; value: unknown } | { ok: false; reason: string };

/** Strict UTF-8 (a leading BOM is dropped). */
export function decodeText(bytes: Uint8Array): TextResult {
  try {
    return { ok: true, text: utf8.decode(bytes) };
  } catch {
    return { ok: false, reason: 'the file is not valid UTF-8' };
  }
}

export function parseJsonFile(bytes: Uint8Array): JsonResult {
  const text = decodeText(bytes);
  if (!text.ok) return text;
  try {
    return { ok: true, value: JSON.parse(text.text) as unknown };
  } catch (error) {
    return { ok: false, reason: `invalid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** A JSON Pointer fragment for a location inside a JSON file: `#/tools/0/entry`. */
export function jsonPointer(path: readonly PropertyKey[]): string {
  return `#/${path.map((p) => String(p).replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;
}

/** True when a parsed JSON value nests deeper than `max` (iterative: safe on hostile input). */
export function jsonDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    if (item.value === null || typeof item.value !== 'object') continue;
    if (item.depth + 1 > max) return true;
    const children: unknown[] = Array.isArray(item.value) ? item.value : Object.values(item.value);
    for (const child of children) stack.push({ value: child, depth: item.depth + 1 });
  }
  return false;
}
