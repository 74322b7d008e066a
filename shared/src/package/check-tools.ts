// Tool entries: each entry file exists and has a default export (read, never executed); each
// schema file exists, is JSON and compiles as JSON Schema 2020-12 with Ajv in strict mode.
import { checkJsonSchema } from './json-schema.js';
import type { Manifest } from '../schemas/manifest.js';
import { decodeText, jsonDeeperThan, jsonPointer, parseJsonFile } from './json-text.js';
import { PACKAGE_LIMITS } from './limits.js';
import { type Problem, PROBLEM_CODES as C, problem } from './problems.js';

const DEFAULT_EXPORT = /\bexport\s+default\b|\bexport\s*\{[^}]*\bas\s+default\b/;
const JSON_SCHEMA_2020 = 'https://json-schema.org/draft/2020-12/schema';

export function checkTools(files: ReadonlyMap<string, Uint8Array>, manifest: Manifest): Problem[] {
  const problems: Problem[] = [];
  const checkedSchemas = new Set<string>();
  manifest.tools.forEach((tool, index) => {
    const at = (member: string) => `manifest.json${jsonPointer(['tools', index, member])}`;
    const entry = files.get(tool.entry);
    if (!entry) {
      problems.push(
        problem(
          at('entry'),
          C.TOOL_ENTRY_MISSING,
          `the entry file ${tool.entry} of tool "${tool.name}" is missing`,
        ),
      );
    } else {
      const text = decodeText(entry);
      if (!text.ok || !DEFAULT_EXPORT.test(text.text)) {
        const message = `${tool.entry} must be an ES module whose default export is an async function (input, context)`;
        problems.push(problem(tool.entry, C.TOOL_ENTRY_NO_DEFAULT_EXPORT, message));
      }
    }
    for (const member of ['inputSchema', 'outputSchema'] as const) {
      const schemaPath = tool[member];
      if (schemaPath === undefined) continue;
      if (!files.has(schemaPath)) {
        problems.push(
          problem(
            at(member),
            C.SCHEMA_MISSING,
            `the ${member} file ${schemaPath} of tool "${tool.name}" is missing`,
          ),
        );
      } else if (!checkedSchemas.has(schemaPath)) {
        checkedSchemas.add(schemaPath);
        problems.push(...checkSchemaFile(schemaPath, files.get(schemaPath) ?? new Uint8Array()));
      }
    }
  });
  return problems;
}

/** One JSON Schema file: size, JSON, depth, then compilation (compiling runs nothing of the package). */
export function checkSchemaFile(path: string, bytes: Uint8Array): Problem[] {
  if (bytes.byteLength > PACKAGE_LIMITS.maxSchemaBytes) {
    return [
      problem(
        path,
        C.FILE_TOO_LARGE,
        `the schema is ${bytes.byteLength} bytes; the limit is ${PACKAGE_LIMITS.maxSchemaBytes}`,
      ),
    ];
  }
  const parsed = parseJsonFile(bytes);
  if (!parsed.ok) return [problem(path, C.SCHEMA_INVALID_JSON, parsed.reason)];
  const schema = parsed.value;
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return [problem(path, C.SCHEMA_INVALID, 'a JSON Schema file holds an object')];
  }
  if (jsonDeeperThan(schema, PACKAGE_LIMITS.maxSchemaDepth)) {
    return [
      problem(path, C.SCHEMA_INVALID, `the schema nests deeper than ${PACKAGE_LIMITS.maxSchemaDepth} levels`),
    ];
  }
  const declared: unknown = (schema as Record<string, unknown>).$schema;
  if (declared !== undefined && declared !== JSON_SCHEMA_2020 && declared !== `${JSON_SCHEMA_2020}#`) {
    return [problem(path, C.SCHEMA_INVALID, `"$schema" must be ${JSON_SCHEMA_2020} (JSON Schema 2020-12)`)];
  }
  try {
    checkJsonSchema(schema);
    return [];
  } catch (error) {
    return [
      problem(
        path,
        C.SCHEMA_INVALID,
        `not a valid JSON Schema 2020-12: ${error instanceof Error ? error.message : String(error)}`,
      ),
    ];
  }
}
