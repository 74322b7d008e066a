// The schemas of the registry's answers that a command parses once its requests are on the wire:
// the trust procedures' answers and the REST error body. Imported from @pkg/shared/contract/install
// (the contract's index, even for names, is bundled as one module that builds every procedure and
// /v1 shape of @pkg/shared/contract when it loads) and loaded on first use (docs/performance.md,
// "Install from the lock, third pass: the client's start").
export {
  checkpointOutputSchema,
  consistencyOutputSchema,
  errorBodySchema,
  inclusionOutputSchema,
  registryKeysOutputSchema,
} from '@pkg/shared/contract/install';
