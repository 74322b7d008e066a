// Checks real /v1 answers against the served OpenAPI 3.1 document: the document is validated as
// OpenAPI 3.1 (@seriousme/openapi-schema-validator), then each answer against the 200 schema of
// its path (Ajv, JSON Schema 2020-12, formats checked).
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export interface OpenApiCheck {
  /** The document's own validation against the OpenAPI 3.1 schema. */
  documentErrors: unknown;
  version: string | undefined;
  /** The answer's errors against the 200 schema of `template` (`/v1/contract/{address}`), none when valid. */
  answerErrors(template: string, body: unknown): string[];
}

export async function openApiCheck(baseUrl: string): Promise<OpenApiCheck> {
  const document = (await (await fetch(`${baseUrl}/v1/openapi.json`)).json()) as Record<string, unknown>;
  const validator = new Validator();
  const result = await validator.validate(structuredClone(document));
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(document, 'openapi.json');
  return {
    documentErrors: result.valid ? undefined : result.errors,
    version: validator.version,
    answerErrors(template, body) {
      const pointer = ['paths', template, 'get', 'responses', '200', 'content', 'application/json', 'schema']
        .map((p) => encodeURIComponent(p.replace(/~/g, '~0').replace(/\//g, '~1')))
        .join('/');
      const validate = ajv.compile({ $ref: `openapi.json#/${pointer}` });
      if (validate(body)) return [];
      return (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
    },
  };
}
