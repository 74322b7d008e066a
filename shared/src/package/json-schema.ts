// JSON Schema 2020-12 with Ajv. A schema is first checked against the 2020-12 meta-schema by a
// validator generated ahead of time (json-schema-meta.gen.js), because compiling the meta-schema
// at run time cost ~40 ms of every install, pack and publish; it is then compiled in strict mode
// by one Ajv instance per process. Compiled schemas are not registered by $id, so packages never
// see each other's schemas, and checkJsonSchema drops what it compiled, so a long-running server
// does not accumulate them. The check depends on the schema alone, so a schema that passed is
// remembered by the SHA-256 of its JSON (a bounded list): a package's next version usually brings
// the same schemas, and compiling one took most of a small package's validation in a publish
// (docs/performance.md, "Publish").
import { createHash } from 'node:crypto';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import QuickLRU from 'quick-lru';
import validateMetaSchema from './json-schema-meta.gen.js';

/**
 * Schemas that passed checkJsonSchema, by the SHA-256 of their JSON, the least recently used
 * forgotten first. quick-lru rather than lru-cache: lru-cache loads node:diagnostics_channel and
 * node's performance timeline when its module is evaluated, in every `pkg install`
 * (docs/performance.md, "Install from the lock, fourth pass: a startup snapshot, and the schemas
 * checked once"); quick-lru loads no module.
 */
const passed = new QuickLRU<string, true>({ maxSize: 1000 });

let instance: Ajv2020 | undefined;

function ajv(): Ajv2020 {
  // Strict mode, no remote loading, formats as annotations, every error listed; the meta-schema
  // check is done by validateMetaSchema instead of Ajv's own.
  instance ??= new Ajv2020({
    strict: true,
    validateFormats: false,
    allErrors: true,
    addUsedSchema: false,
    validateSchema: false,
  });
  return instance;
}

function assertMetaValid(schema: object): void {
  if (validateMetaSchema(schema)) return;
  throw new Error(`schema is invalid: ${ajv().errorsText(validateMetaSchema.errors)}`);
}

/** Compile a schema into a validator that lists every error. Throws if the schema is invalid. */
export function compileJsonSchema(schema: object): ValidateFunction {
  assertMetaValid(schema);
  return ajv().compile(schema);
}

/** The digests of the schemas that passed checkJsonSchema in this process (or were remembered). */
export function passedSchemaDigests(): string[] {
  return [...passed.keys()];
}

/**
 * Digests of schemas that passed checkJsonSchema in an earlier process of the same build, which
 * checkJsonSchema then accepts without compiling them again. The CLI keeps them in its cache
 * directory, so that an install of a package whose schemas it has checked before needs no Ajv
 * instance and no compilation (docs/performance.md, "Install from the lock, fourth pass: a startup
 * snapshot, and the schemas checked once").
 */
export function rememberPassedSchemas(digests: Iterable<string>): void {
  for (const digest of digests) passed.set(digest, true);
}

/** Throws if the schema is not valid JSON Schema 2020-12; keeps nothing of it afterwards. */
export function checkJsonSchema(schema: object): void {
  const key = createHash('sha256').update(JSON.stringify(schema)).digest('base64');
  if (passed.get(key)) return;
  assertMetaValid(schema);
  const shared = ajv();
  try {
    shared.compile(schema);
  } finally {
    shared.removeSchema(schema);
  }
  passed.set(key, true);
}
