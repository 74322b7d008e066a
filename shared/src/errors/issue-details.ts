// The one conversion of validation issues (zod's, or anything shaped like them) into the
// `details` of the uniform error body. It takes the issues, not zod's class, so that code which
// must not load zod (the CLI's exit handler) can use it.
import type { ErrorDetail } from '../schemas/error-body.js';

export interface IssueLike {
  readonly path: readonly PropertyKey[];
  readonly code: string;
  readonly message: string;
}

/** `{ path: 'a.b', code, message }` per issue; `formatPath` renders the path another way (e.g. `--option`). */
export function issueDetails(
  issues: readonly IssueLike[],
  formatPath: (path: readonly PropertyKey[]) => string = (path) => path.map(String).join('.'),
): ErrorDetail[] {
  return issues.map((issue) => ({ path: formatPath(issue.path), code: issue.code, message: issue.message }));
}

/** A thrown value that carries validation issues: zod's ZodError, recognised without importing zod. */
export function isIssueError(error: unknown): error is Error & { issues: IssueLike[] } {
  return (
    error instanceof Error &&
    error.name === 'ZodError' &&
    Array.isArray((error as { issues?: unknown }).issues)
  );
}
