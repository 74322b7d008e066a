// What the `pkg trust add|list|remove|require` commands share (trusted publishing,
// docs/publishing.md): the package argument, arguments checked with the contract's schemas (an
// issue names the option the user wrote), and the publisher and its list as text.
import type { z } from 'zod';
import { parsePackageId, type PackagePublishers, type TrustedPublisher } from '@pkg/shared';
import { issueDetails } from '@pkg/shared/errors';
import { CliError, EXIT } from '../../exit.js';

/** The help text of the publisher commands: what a trusted publisher is. */
export const PUBLISHERS_HELP = [
  'A trusted publisher is a CI workflow (GitHub Actions or GitLab CI) that may publish a package with',
  '`pkg publish --oidc`, proving who it is with its OIDC ID token instead of a stored token. The',
  "registry records the verified build identity in the version's provenance (docs/publishing.md).",
  '(pkg trust show and pkg trust accept are about something else: the signing keys of the registry.)',
].join('\n');

export function invalidArguments(command: string, details: CliError['details'], usage: string): CliError {
  return new CliError('BAD_REQUEST', `Invalid arguments of pkg ${command}.`, {
    exitCode: EXIT.invalidInput,
    details,
    hint: `Usage: ${usage}`,
  });
}

/** `@namespace/name` → its parts, or a usage error. */
export function packageArgument(raw: unknown, command: string, usage: string) {
  const id = String(raw);
  const ref = parsePackageId(id);
  if (!ref)
    throw invalidArguments(
      command,
      [{ path: '<package>', code: 'invalid_package', message: `"${id}" is not @<namespace>/<name>` }],
      usage,
    );
  return ref;
}

/**
 * Checks the input with the procedure's own schema; each issue is named by the option or argument
 * it came from (`flags` maps a field to it).
 */
export function parseArguments<S extends z.ZodType>(
  schema: S,
  value: unknown,
  context: { command: string; usage: string; flags: Record<string, string> },
): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const details = issueDetails(parsed.error.issues, (path) => {
    const field = path.map(String).join('.');
    return context.flags[field] ?? field;
  });
  throw invalidArguments(context.command, details, context.usage);
}

const PLATFORM_NAMES: Record<TrustedPublisher['platform'], string> = {
  github: 'GitHub Actions',
  gitlab: 'GitLab CI',
};

export function publisherLines(publisher: TrustedPublisher): string[] {
  return [
    `  id:          ${publisher.id}`,
    `  platform:    ${PLATFORM_NAMES[publisher.platform]} (issuer ${publisher.issuer})`,
    `  repository:  ${publisher.repository}`,
    `  workflow:    ${publisher.workflow}`,
    `  environment: ${publisher.environment ?? 'any'}`,
    `  added by:    ${publisher.addedBy} at ${publisher.addedAt}`,
  ];
}

/** The publishers as a table, then the policy. */
export function publishersTable(list: PackagePublishers): string[] {
  const policy = `trusted publishing required: ${list.requireTrustedPublishing ? 'yes' : 'no'}`;
  if (list.publishers.length === 0)
    return [`${list.package} has no trusted publishers (add one with pkg trust add).`, policy];
  const header = ['ID', 'PLATFORM', 'REPOSITORY', 'WORKFLOW', 'ENVIRONMENT', 'ADDED BY', 'ADDED AT'];
  const rows = list.publishers.map((p) => [
    p.id,
    p.platform,
    p.repository,
    p.workflow,
    p.environment ?? 'any',
    p.addedBy,
    p.addedAt,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [`trusted publishers of ${list.package}:`, line(header), ...rows.map(line), policy];
}
