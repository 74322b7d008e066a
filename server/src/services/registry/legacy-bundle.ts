// The legacy JSON bundle (docs/legacy-bundles.md): one JSON document holding the manifest
// and every file of a package. Decoded in memory only, with the limits of an archive, and
// validated with the shared package validator. Nothing is written to disk or executed.
import {
  canonicalJson,
  PACKAGE_LIMITS,
  PROBLEM_CODES as C,
  userNameSchema,
  validatePackage,
  type ErrorDetail,
  type Manifest,
} from '@pkg/shared';
import { z } from 'zod';

export const LEGACY_BUNDLE_MEDIA_TYPE = 'application/vnd.pkg.bundle+json';
export const LEGACY_BUNDLE_FORMAT = 'pkg-bundle';
const MANIFEST_FILE = 'manifest.json';

/** A file's content: a string is UTF-8 text; `{ base64 }` carries any bytes. */
const fileContentSchema = z.union([
  z.string(),
  z.strictObject({
    base64: z
      .string()
      .regex(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/, 'not valid base64'),
  }),
]);

export const legacyBundleSchema = z.strictObject({
  format: z.literal(LEGACY_BUNDLE_FORMAT),
  version: z.literal(1),
  manifest: z.record(z.string(), z.unknown()),
  files: z.record(z.string(), fileContentSchema),
  publishedAt: z.iso.datetime({ offset: true }).optional(),
  publishedBy: userNameSchema.optional(),
});
export type LegacyBundle = z.infer<typeof legacyBundleSchema>;

export type DecodedBundle =
  | { ok: true; bundle: LegacyBundle; manifest: Manifest; files: Map<string, Uint8Array> }
  | { ok: false; problems: ErrorDetail[] };

/** Portable segments only: no hidden or `.`/`..` segment, no backslash, colon or control character. */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

function pathProblem(path: string): ErrorDetail | undefined {
  const shown = JSON.stringify(path);
  if (path.startsWith('/'))
    return { path, code: C.PATH_ABSOLUTE, message: `the absolute path ${shown} is not allowed` };
  const segments = path.split('/');
  if (segments.includes('..'))
    return { path, code: C.PATH_TRAVERSAL, message: `the path ${shown} contains a ".." segment` };
  if (segments.some((s) => s.startsWith('.') && s !== '.')) {
    return { path, code: C.HIDDEN_FILE, message: `hidden files are never packed: ${shown}` };
  }
  if (segments.some((s) => s.toLowerCase() === 'node_modules')) {
    return { path, code: C.NODE_MODULES, message: `node_modules is never packed: ${shown}` };
  }
  if (!segments.every((s) => SEGMENT.test(s)) || Buffer.byteLength(path) > PACKAGE_LIMITS.maxPathBytes) {
    return {
      path,
      code: C.PATH_INVALID,
      message: `the path ${shown} must be relative, at most ${PACKAGE_LIMITS.maxPathBytes} bytes, with segments of letters, digits, ".", "_" or "-"`,
    };
  }
  return undefined;
}

/** Case or Unicode collisions, and files below another file. */
function clashProblems(paths: readonly string[]): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const keys = new Map<string, string>();
  for (const path of paths) {
    const key = path.normalize('NFC').toLowerCase();
    const earlier = keys.get(key);
    if (earlier !== undefined) {
      problems.push({
        path,
        code: C.PATH_COLLISION,
        message: `${JSON.stringify(path)} and ${JSON.stringify(earlier)} collide`,
      });
    }
    keys.set(key, path);
  }
  for (const path of paths) {
    const parts = path.normalize('NFC').toLowerCase().split('/');
    for (let i = 1; i < parts.length; i++) {
      const ancestor = parts.slice(0, i).join('/');
      if (keys.has(ancestor)) {
        problems.push({
          path,
          code: C.PATH_CONFLICT,
          message: `${JSON.stringify(path)} lies below the file ${JSON.stringify(keys.get(ancestor))}`,
        });
        break;
      }
    }
  }
  return problems;
}

function fileBytes(content: LegacyBundle['files'][string]): Buffer {
  return typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content.base64, 'base64');
}

function parseJson(bytes: Uint8Array): { ok: true; value: unknown } | { ok: false; problem: ErrorDetail } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      problem: { path: '', code: C.ARCHIVE_MALFORMED, message: `the bundle is not UTF-8 JSON: ${reason}` },
    };
  }
}

/** Decode and validate a legacy bundle held in memory. */
export function decodeLegacyBundle(bytes: Uint8Array): DecodedBundle {
  if (bytes.byteLength > PACKAGE_LIMITS.maxCompressedBytes) {
    const message = `the bundle is ${bytes.byteLength} bytes; the limit is ${PACKAGE_LIMITS.maxCompressedBytes} (5 MB)`;
    return { ok: false, problems: [{ path: '', code: C.ARCHIVE_TOO_LARGE, message }] };
  }
  const json = parseJson(bytes);
  if (!json.ok) return { ok: false, problems: [json.problem] };
  const parsed = legacyBundleSchema.safeParse(json.value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => ({
      path: `#/${i.path.join('/')}`,
      code: C.ARCHIVE_MALFORMED,
      message: i.message,
    }));
    return { ok: false, problems };
  }
  const bundle = parsed.data;
  const paths = Object.keys(bundle.files);
  const problems: ErrorDetail[] = paths.flatMap((p) => pathProblem(p) ?? []);
  problems.push(...clashProblems(paths));
  if (paths.length > PACKAGE_LIMITS.maxFiles) {
    problems.push({
      path: '',
      code: C.TOO_MANY_FILES,
      message: `the bundle holds more than ${PACKAGE_LIMITS.maxFiles} files`,
    });
  }
  const files = new Map<string, Uint8Array>();
  for (const [path, content] of Object.entries(bundle.files)) {
    const data = fileBytes(content);
    if (data.byteLength > PACKAGE_LIMITS.maxFileBytes) {
      problems.push({
        path,
        code: C.FILE_TOO_LARGE,
        message: `the file is ${data.byteLength} bytes; the limit is ${PACKAGE_LIMITS.maxFileBytes}`,
      });
    }
    files.set(path, data);
  }
  const manifestText = Buffer.from(`${JSON.stringify(bundle.manifest, null, 2)}\n`);
  const listed = files.get(MANIFEST_FILE);
  if (listed) {
    const same = parseJson(listed);
    if (!same.ok || canonicalJson(same.value) !== canonicalJson(bundle.manifest)) {
      problems.push({
        path: MANIFEST_FILE,
        code: C.MANIFEST_INVALID,
        message: 'files["manifest.json"] differs from the bundle\'s manifest',
      });
    }
  }
  files.set(MANIFEST_FILE, manifestText);
  const content = validatePackage(files);
  problems.push(...content.problems);
  if (!content.manifest || problems.length > 0) return { ok: false, problems };
  return { ok: true, bundle, manifest: content.manifest, files };
}
