// The data layer's base error, shaped like viem's: a short message safe to show, optional
// details and meta lines, the cause, and walk(). Every text is redacted when the error is built:
// credentials and query strings inside URLs always, configured secret values when a redactor is given.
export interface BaseErrorOptions {
  cause?: unknown;
  details?: string | undefined;
  metaMessages?: string[] | undefined;
  /** Replaces configured secret values; applied to every text of the error. */
  redact?: ((text: string) => string) | undefined;
}

const URL_PATTERN = /\b(https?|wss?):\/\/[^\s"'<>]+/gi;

/** Strips userinfo and query values from every URL inside `text`; the rest of the URL stays. */
export function stripUrlSecrets(text: string): string {
  return text.replace(URL_PATTERN, (match) => {
    try {
      const url = new URL(match);
      if (url.username || url.password) {
        url.username = '';
        url.password = '';
      }
      for (const key of [...url.searchParams.keys()]) url.searchParams.set(key, '{redacted}');
      return url.toString().replaceAll('%7Bredacted%7D', '{redacted}').replaceAll('%7Bkey%7D', '{key}');
    } catch {
      return '{url}';
    }
  });
}

export class BaseError extends Error {
  override name = 'BaseError';
  readonly shortMessage: string;
  readonly details: string | undefined;
  readonly metaMessages: string[] | undefined;

  constructor(shortMessage: string, options: BaseErrorOptions = {}) {
    const clean = (text: string) => stripUrlSecrets(options.redact ? options.redact(text) : text);
    const short = clean(shortMessage);
    const details = options.details === undefined ? undefined : clean(options.details);
    const meta = options.metaMessages?.map(clean);
    const message = [short, ...(meta ?? []), ...(details ? [`Details: ${details}`] : [])].join('\n');
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.shortMessage = short;
    this.details = details;
    this.metaMessages = meta;
  }

  /** The deepest cause, or the first error along the chain that `fn` accepts. */
  walk(fn?: (error: unknown) => boolean): unknown {
    if (fn?.(this)) return this;
    let current: unknown = this.cause;
    if (current === undefined) return fn ? undefined : this;
    for (;;) {
      if (fn?.(current)) return current;
      const next: unknown = current instanceof Error ? current.cause : undefined;
      if (next === undefined) return fn ? undefined : current;
      current = next;
    }
  }
}
