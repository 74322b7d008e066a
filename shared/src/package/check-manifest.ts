// manifest.json: present, JSON, and valid against manifestSchema. Each zod issue becomes a
// problem with a code that says which rule failed; `dependencies` has its own code.
import type { z } from 'zod';
import { type Manifest, RESERVED_MANIFEST_MEMBERS, manifestSchema } from '../schemas/manifest.js';
import { jsonPointer, parseJsonFile } from './json-text.js';
import { PACKAGE_LIMITS } from './limits.js';
import { type Problem, type ProblemCode, PROBLEM_CODES as C, problem } from './problems.js';

export const MANIFEST_FILE = 'manifest.json';

export function checkManifest(files: ReadonlyMap<string, Uint8Array>): {
  manifest?: Manifest;
  problems: Problem[];
} {
  const bytes = files.get(MANIFEST_FILE);
  if (!bytes)
    return {
      problems: [problem(MANIFEST_FILE, C.MANIFEST_MISSING, 'manifest.json is missing at the package root')],
    };
  if (bytes.byteLength > PACKAGE_LIMITS.maxManifestBytes) {
    const message = `manifest.json is ${bytes.byteLength} bytes; the limit is ${PACKAGE_LIMITS.maxManifestBytes}`;
    return { problems: [problem(MANIFEST_FILE, C.FILE_TOO_LARGE, message)] };
  }
  const parsed = parseJsonFile(bytes);
  if (!parsed.ok) return { problems: [problem(MANIFEST_FILE, C.MANIFEST_INVALID_JSON, parsed.reason)] };
  const result = manifestSchema.safeParse(parsed.value);
  if (result.success) return { manifest: result.data, problems: [] };
  return { problems: result.error.issues.flatMap(issueProblems) };
}

function issueProblems(issue: z.core.$ZodIssue): Problem[] {
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => {
      const path = `${MANIFEST_FILE}${jsonPointer([...issue.path, key])}`;
      if (issue.path.length === 0 && (RESERVED_MANIFEST_MEMBERS as readonly string[]).includes(key)) {
        return problem(
          path,
          C.DEPENDENCIES_NOT_ALLOWED,
          `"${key}" is reserved: declaring dependencies is not allowed`,
        );
      }
      return problem(path, C.MANIFEST_UNKNOWN_MEMBER, `unknown member "${key}"`);
    });
  }
  const path = issue.path.length > 0 ? `${MANIFEST_FILE}${jsonPointer(issue.path)}` : MANIFEST_FILE;
  const missing =
    issue.code === 'invalid_type' && issue.path.length > 0 && / received undefined$/.test(issue.message);
  const message = missing ? `"${String(issue.path.at(-1))}" is required (${issue.expected})` : issue.message;
  return [problem(path, issueCode(issue), message)];
}

function issueCode(issue: z.core.$ZodIssue): ProblemCode {
  const carried: unknown = issue.code === 'custom' ? issue.params?.problem : undefined;
  if (typeof carried === 'string' && Object.hasOwn(C, carried)) return carried as ProblemCode;
  const [first] = issue.path;
  if (first === 'namespace' || first === 'name') return C.NAME_INVALID;
  if (first === 'version') return C.VERSION_INVALID;
  if (first === 'permissions') return C.PERMISSION_INVALID;
  return C.MANIFEST_INVALID;
}
