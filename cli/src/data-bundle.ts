// The entry of dist/data.js: the data SDK, loaded only by the data commands, `pkg setup init` and
// `pkg mcp --data` (build.mjs maps their imports here).
export * from '@pkg/shared/data';
