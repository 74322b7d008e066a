// The members of an answer that have a value: a member left undefined is absent from the object
// (and from its JSON), never present as `undefined`.

/** `fields` without its undefined members, in the same order. */
export function definedFields<T extends Record<string, unknown>>(
  fields: T,
): { [K in keyof T]?: Exclude<T[K], undefined> } {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) out[key] = value;
  return out as { [K in keyof T]?: Exclude<T[K], undefined> };
}
