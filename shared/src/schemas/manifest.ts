// The package manifest (`manifest.json`), its tool entries and its permission declaration.
// Pure zod: the registry, the CLI and the website share these objects. Rules are explained
// in docs/package-format.md.
import * as z from 'zod';
import { namespaceSchema, packageNameSchema, versionSchema } from './names.js';

export const SPEC_VERSION = 1 as const;
export const MAX_DESCRIPTION_LENGTH = 1024;
export const MAX_TOOLS = 64;
export const MAX_PERMISSION_ENTRIES = 64;

/** A tool name: what an agent calls; lowercase, digits, `_` and `-`. */
export const TOOL_NAME_PATTERN = /^[a-z][a-z0-9_-]{0,63}$/;
/** A path segment inside a package: no hidden names, no `.`/`..`, portable characters only. */
const SEGMENT_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
/** A host name (lowercase labels), optionally `*.` followed by a suffix of two labels or more. */
const HOST_PATTERN =
  /^(?:\*\.(?=[^.]+\.))?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const ENV_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

export const descriptionSchema = z
  .string()
  .refine((s) => s.trim().length > 0, 'a description is required')
  .max(MAX_DESCRIPTION_LENGTH, `a description is at most ${MAX_DESCRIPTION_LENGTH} characters`);

/** A relative path to a file inside the package, e.g. `tools/hello.js`. */
export const packageFilePathSchema = z
  .string()
  .max(200)
  .refine(
    (p) => p.split('/').every((s) => SEGMENT_PATTERN.test(s) && s !== 'node_modules'),
    'a package path is relative, uses "/" between segments of letters, digits, ".", "_" or "-", with no hidden or ".." segment and no node_modules',
  );

/** A path in an fs permission: relative to the package or project, never absolute or with `..`. */
export const permissionPathSchema = z
  .string()
  .min(1)
  .max(512)
  .superRefine((p, ctx) => {
    const reason = permissionPathProblem(p);
    if (reason) ctx.addIssue({ code: 'custom', message: `"${p}": ${reason}` });
  });

function permissionPathProblem(p: string): string | undefined {
  if ([...p].some((c) => c < ' ' || c === '\x7f')) return 'control characters are not allowed';
  if (p.includes('\\')) return 'use "/" as the separator, not "\\"';
  if (p.startsWith('/') || /^[A-Za-z]:/.test(p))
    return 'an absolute path is not allowed; give a relative path';
  if (p.startsWith('~')) return 'home-directory paths are not allowed; give a relative path';
  if (p.split('/').includes('..')) return '".." segments are not allowed';
  return undefined;
}

export const networkHostSchema = z
  .string()
  .max(253)
  .regex(HOST_PATTERN, 'a network entry is a lowercase host name such as api.example.com, or *.example.com');

export const envNameSchema = z
  .string()
  .regex(
    ENV_NAME_PATTERN,
    'an env entry is a variable name: letters, digits and "_", not starting with a digit',
  );

function uniqueList<T extends z.ZodType<string>>(item: T) {
  return z
    .array(item)
    .max(MAX_PERMISSION_ENTRIES)
    .refine((list) => new Set(list).size === list.length, 'entries must be unique');
}

export const permissionsSchema = z.strictObject({
  fs: z.strictObject({ read: uniqueList(permissionPathSchema), write: uniqueList(permissionPathSchema) }),
  network: uniqueList(networkHostSchema),
  env: uniqueList(envNameSchema),
});
export type Permissions = z.infer<typeof permissionsSchema>;

export const toolEntrySchema = z.strictObject({
  name: z
    .string()
    .regex(
      TOOL_NAME_PATTERN,
      'a tool name is 1 to 64 lowercase letters, digits, "_" or "-", starting with a letter',
    ),
  description: descriptionSchema,
  /** An ES module whose default export is `async (input, context) => output`. */
  entry: packageFilePathSchema.refine((p) => /\.m?js$/.test(p), 'a tool entry is a .js or .mjs file'),
  inputSchema: packageFilePathSchema.refine(isSchemaPath, 'a schema path is a .json file under schemas/'),
  outputSchema: packageFilePathSchema
    .refine(isSchemaPath, 'a schema path is a .json file under schemas/')
    .optional(),
});
export type ToolEntry = z.infer<typeof toolEntrySchema>;

function isSchemaPath(p: string): boolean {
  return p.startsWith('schemas/') && p.endsWith('.json');
}

/** `manifest.json`. Unknown members are rejected; `dependencies` is reserved. */
export const manifestSchema = z.strictObject({
  specVersion: z.literal(SPEC_VERSION, { error: `specVersion must be ${SPEC_VERSION}` }),
  namespace: namespaceSchema,
  name: packageNameSchema,
  version: versionSchema,
  description: descriptionSchema,
  permissions: permissionsSchema,
  tools: z
    .array(toolEntrySchema)
    .max(MAX_TOOLS)
    .superRefine((tools, ctx) => {
      const seen = new Set<string>();
      tools.forEach((tool, index) => {
        if (seen.has(tool.name)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'name'],
            message: `the tool name "${tool.name}" is used twice`,
            params: { problem: 'TOOL_DUPLICATE_NAME' },
          });
        }
        seen.add(tool.name);
      });
    }),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** Members of the manifest that are reserved for later versions of the format. */
export const RESERVED_MANIFEST_MEMBERS = ['dependencies'] as const;
