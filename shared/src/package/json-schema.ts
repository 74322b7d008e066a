// JSON Schema 2020-12 compilation with Ajv. One Ajv instance per process: its
// meta-schema is compiled once (a fresh instance per schema spent most of an install compiling
// the meta-schema again). Compiled schemas are not registered by $id, so packages never see each
// other's schemas, and checkJsonSchema drops what it compiled, so a long-running server does
// not accumulate them.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

let instance: Ajv2020 | undefined;

function ajv(): Ajv2020 {
  // Strict mode, no remote loading, formats as annotations, every error listed.
  instance ??= new Ajv2020({ strict: true, validateFormats: false, allErrors: true, addUsedSchema: false });
  return instance;
}

/** Compile a schema into a validator that lists every error. Throws if the schema is invalid. */
export function compileJsonSchema(schema: object): ValidateFunction {
  return ajv().compile(schema);
}

/** Throws if the schema does not compile; keeps nothing of it afterwards. */
export function checkJsonSchema(schema: object): void {
  const shared = ajv();
  try {
    shared.compile(schema);
  } finally {
    shared.removeSchema(schema);
  }
}
