// Types of the generated standalone validator of the JSON Schema 2020-12 meta-schema.
import type { ErrorObject } from 'ajv/dist/2020.js';

export interface MetaValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}
export declare const validate: MetaValidator;
export default validate;
