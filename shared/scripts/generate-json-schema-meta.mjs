// Generates src/package/json-schema-meta.gen.js: Ajv's standalone validator of the JSON Schema
// 2020-12 meta-schema. Checking a package's schemas against it costs nothing to set up, where
// compiling the meta-schema at run time cost ~40 ms of every `pkg install`, `pack` and publish.
// Run with `node scripts/generate-json-schema-meta.mjs` after upgrading ajv (a test compares).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { metaValidatorSource } from './json-schema-meta-source.mjs';

const target = fileURLToPath(new URL('../src/package/json-schema-meta.gen.js', import.meta.url));
writeFileSync(target, metaValidatorSource());
console.log(`wrote ${target}`);
