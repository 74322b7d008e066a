// Anonymous package reads (docs/registry-api.md, Public endpoints). Each JSON route parses nothing
// itself: path and query go to the procedure's input schema through the caller.
//   GET /packages/search?q&limit&page&namespace&no-network=1&no-file-writes=1&no-env=1&verified=1
//                                          → packages.search (the flags parsed by searchQuerySchema)
//   GET /packages/:namespace/:name         → packages.get
//   GET /packages/:namespace/:name/versions → packages.versions
//   GET /packages/:namespace/:name/:version → packages.version
//   GET /packages/:namespace/:name/:version/provenance → packages.provenance
//   GET /packages/:namespace/:name/publishers → publishers.list (docs/publishing.md)
//   GET /packages/:namespace/:name/insights?version → packages.insights (docs/browsing.md)
// where :version (and ?version) is an exact version or `latest`, resolved by the server
// (docs/registry-api.md, "Versions by latest"); the download route takes an exact version only.
// and the owners' and maintainers' marks (docs/trust.md, "Yank and deprecate"; no CORS headers):
//   POST   /packages/:namespace/:name/:version/yank  { reason }          → packages.yank
//   DELETE /packages/:namespace/:name/:version/yank                      → packages.unyank
//   PUT    /packages/:namespace/:name/deprecation    { range, message }  → packages.deprecate
// The two hottest reads (package document, version record) answer from the ready-made JSON of
// cache/package-responses.ts: the same service output, checked with the same output schema,
// cached per package revision, so the bytes and ETag equal the procedure's (a test checks it).
// That is the one place a JSON route calls a service instead of the caller: it is what lets
// metadata reads fast (see the registry bench).
import { packageRefSchema, versionSelectorRefSchema } from '@pkg/shared';
import { Router, type Response } from 'express';
import { z } from 'zod';
import { requestBaseUrl } from '../context.js';
import type { AppDeps } from '../deps.js';
import { callerFor } from './caller.js';
import {
  packageDocument,
  versionDocument,
  type JsonResponse,
} from '../services/registry/package-documents.js';
import { anonymousGet } from './cors.js';

/** Like res.json: the body with its ETag; send() answers 304 to a matching If-None-Match. */
function sendJson(res: Response, { body, etag }: JsonResponse): void {
  res.setHeader('etag', etag);
  res.type('json').send(body);
}

/** A filter of the query string: `1` or `true` sets it, `0`, `false` or nothing leaves it off. */
const flagSchema = z
  .enum(['1', 'true', '0', 'false'], { error: 'a filter is 1 or 0' })
  .optional()
  .transform((v) => v === '1' || v === 'true');

/**
 * The query string of GET /packages/search (docs/registry-api.md): the filters' kebab-case names
 * become the procedure's input, which validates the rest (q, limit, page, namespace).
 */
const searchQuerySchema = z
  .object({
    q: z.string().optional(),
    limit: z.string().optional(),
    page: z.string().optional(),
    namespace: z.string().optional(),
    'no-network': flagSchema,
    'no-file-writes': flagSchema,
    'no-env': flagSchema,
    verified: flagSchema,
  })
  .transform((query) => ({
    q: query.q,
    limit: query.limit,
    page: query.page,
    namespace: query.namespace,
    noNetwork: query['no-network'],
    noFileWrites: query['no-file-writes'],
    noEnv: query['no-env'],
    verified: query.verified,
  }));

export function packageRoutes(deps: AppDeps): Router {
  const r = Router();
  anonymousGet(r, '/packages/search', async (req, res) => {
    const input = searchQuerySchema.parse(req.query);
    res.json(await callerFor(req, deps).packages.search(input));
  });
  anonymousGet(r, '/packages/:namespace/:name', async (req, res) => {
    sendJson(res, await packageDocument(deps.registry, packageRefSchema.parse(req.params)));
  });
  anonymousGet(r, '/packages/:namespace/:name/versions', async (req, res) => {
    res.json(await callerFor(req, deps).packages.versions(req.params));
  });
  // Before /:version, which would take `publishers` for a version.
  anonymousGet(r, '/packages/:namespace/:name/publishers', async (req, res) => {
    res.json(await callerFor(req, deps).publishers.list(req.params));
  });
  anonymousGet(r, '/packages/:namespace/:name/insights', async (req, res) => {
    const { version } = req.query as Record<string, string | undefined>;
    res.json(await callerFor(req, deps).packages.insights({ ...req.params, version }));
  });
  anonymousGet(r, '/packages/:namespace/:name/:version', async (req, res) => {
    const ref = versionSelectorRefSchema.parse(req.params);
    sendJson(res, await versionDocument(deps.registry, ref, requestBaseUrl(req, deps)));
  });
  anonymousGet(r, '/packages/:namespace/:name/:version/provenance', async (req, res) => {
    res.json(await callerFor(req, deps).packages.provenance(req.params));
  });
  r.post('/packages/:namespace/:name/:version/yank', async (req, res) => {
    const { reason } = (req.body ?? {}) as { reason?: unknown };
    res.json(await callerFor(req, deps).packages.yank({ ...req.params, reason: reason as string }));
  });
  r.delete('/packages/:namespace/:name/:version/yank', async (req, res) => {
    res.json(await callerFor(req, deps).packages.unyank(req.params));
  });
  r.put('/packages/:namespace/:name/deprecation', async (req, res) => {
    const { range, message } = (req.body ?? {}) as { range?: unknown; message?: unknown };
    const input = { ...req.params, range: range as string, message: message as string };
    res.json(await callerFor(req, deps).packages.deprecate(input));
  });
  return r;
}
