// Redaction of configured secret values. Every error and log line of the data layer passes
// through it; keys inside URLs (path segments, query values, userinfo) are found and replaced
// by `{key}`, which is also how endpoints are displayed.
export type Redactor = (text: string) => string;

/** Values shorter than this are never treated as secrets (they would mangle ordinary text). */
const MIN_SECRET_LENGTH = 6;

/** The parts of a URL-valued setting that may carry a key: userinfo, long path segments, query values. */
export function secretPartsOfUrl(value: string): string[] {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return [];
  }
  const parts = [decodeURIComponent(url.username), decodeURIComponent(url.password)];
  for (const segment of url.pathname.split('/')) {
    const decoded = safeDecode(segment);
    // An API version segment (`v1`, `v1beta`, `v2alpha1`) is never a key.
    if (/^v\d+[a-z]*\d*$/i.test(decoded)) continue;
    if (
      decoded.length >= 16 ||
      (decoded.length >= MIN_SECRET_LENGTH && /\d/.test(decoded) && /[a-z]/i.test(decoded))
    )
      parts.push(decoded);
  }
  for (const v of url.searchParams.values()) parts.push(v);
  return parts.filter((p) => p.length >= MIN_SECRET_LENGTH && p !== '{key}');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Builds a redactor for the given secret values (their URL-encoded forms included). */
export function createRedactor(secrets: Iterable<string>): Redactor {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
  }
  const ordered = [...forms].sort((a, b) => b.length - a.length);
  if (ordered.length === 0) return (text) => text;
  return (text) => {
    let out = text;
    for (const form of ordered) if (out.includes(form)) out = out.split(form).join('{key}');
    return out;
  };
}
