// The plain documents of the publish's writes (docs/performance.md, "Publish, fourth pass"): what a
// mongoose document of the version record, the log entry or the package summary's update would
// send, built without the document. These helpers take the values mongoose's casting leaves as they
// are and copy them as its toBSON copies them; anything else is NOT_PLAIN, and the caller then
// builds the document with mongoose itself, so no input is cast or refused otherwise than by the
// schema (plain-documents.test.ts compares the BSON of both for every kind of value).

/** A value the plain builders leave to mongoose (one they would have to cast, or refuse). */
export const NOT_PLAIN: unique symbol = Symbol('not plain');
export type NotPlain = typeof NOT_PLAIN;

/** Keys mongoose's copy skips (helpers/specialProperties.js). */
const SPECIAL_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * A Mixed value as mongoose's toBSON copies it (helpers/clone.js): arrays element by element,
 * plain objects key by key without the keys whose value is undefined (and, with `minimize`, without
 * the objects left empty, except right under an array), a Date as a new Date; primitives as they
 * are. Any other kind of object is NOT_PLAIN, and so is an object with a `constructor` key of its own.
 */
export function plainCopy(value: unknown, minimize: boolean, underArray = false): unknown {
  if (value === null || value === undefined) return value;
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
      return value;
    case 'object':
      break;
    default:
      return NOT_PLAIN;
  }
  if (Array.isArray(value)) {
    const copy = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const item = plainCopy(value[i], minimize, true);
      if (item === NOT_PLAIN) return NOT_PLAIN;
      copy[i] = item;
    }
    return copy;
  }
  if (value instanceof Date) return new Date(+value);
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return NOT_PLAIN;
  // mongoose copies an object by what its `constructor` names: one of its own is not copied
  if (Object.hasOwn(value, 'constructor')) return NOT_PLAIN;
  return plainObjectCopy(value as Record<string, unknown>, minimize, underArray);
}

function plainObjectCopy(value: Record<string, unknown>, minimize: boolean, underArray: boolean): unknown {
  const copy: Record<string, unknown> = {};
  let hasKeys = false;
  for (const key of Object.keys(value)) {
    if (SPECIAL_KEYS.has(key)) continue;
    const item = plainCopy(value[key], minimize, false);
    if (item === NOT_PLAIN) return NOT_PLAIN;
    if (item === undefined) continue;
    hasKeys = true;
    copy[key] = item;
  }
  return minimize && !underArray && !hasKeys ? undefined : copy;
}

/** A String path's value mongoose keeps as it is: a string, non-empty when required. */
export function isPlainString(value: unknown, required: boolean): value is string {
  return typeof value === 'string' && (!required || value.length > 0);
}

/** A Number path's value mongoose keeps as it is: a finite number. */
export function isPlainNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** A Date path's value mongoose keeps (as a copy): a valid Date. */
export function isPlainDate(value: unknown): value is Date {
  return value instanceof Date && !Number.isNaN(value.getTime());
}

/** A `[String]` path's value mongoose keeps as it is: an array of strings. */
export function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** A plain object (what a nested path or a subdocument is given as). */
export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
