// Curated exports of @pkg/shared (Node side). Browser-safe pieces live in ./browser.ts.
export * from './browser.js';
