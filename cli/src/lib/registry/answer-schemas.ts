// The schemas of the registry's answers that a command parses once its requests are on the wire:
// the trust procedures' answers and the REST error body. Imported by name (never the contract's
// whole namespace, which would build every procedure and /v1 shape of @pkg/shared/contract) and
// loaded on first use (docs/performance.md, "The verified-record cache").
export {
  checkpointOutputSchema,
  consistencyOutputSchema,
  errorBodySchema,
  inclusionOutputSchema,
  registryKeysOutputSchema,
} from '@pkg/shared/contract';
