// The registry's trust primitives (docs/trust.md): signing keys, signed version statements, log
// entries, the RFC 6962 Merkle tree and its proofs, and checkpoints as C2SP signed notes. Node
// only (node:crypto); the server signs and logs with them, the CLI and `pkg-admin` check with them.
export * from './keys.js';
export * from './merkle.js';
export * from './note.js';
export * from './statement.js';
export * from './verify-version.js';
