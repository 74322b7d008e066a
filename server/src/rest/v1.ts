// The /v1 REST adapters (docs/public-api.md), one per row of V1_ENDPOINTS (@pkg/shared):
//   GET <path> → path parameters and query string → the row's procedure (v1.<name>) → the answer
//   with the edge headers of the row's TTL and its ETag; 304 to a matching If-None-Match. An
//   answer with a failed panel is sent with a short, private lifetime. Bad parameters are 400 in
//   the registry's error body (the procedure validates them).
//   GET /v1/openapi.json → the OpenAPI 3.1 document generated from the same rows.
import { V1_ENDPOINTS, type V1Name } from '@pkg/shared';
import { Router, type Request, type Response } from 'express';
import fresh from 'fresh';
import { edgeCacheControl, serializeAnswer } from './v1-send.js';
import type { AppDeps } from '../deps.js';
import { callerFor } from './caller.js';
import { v1OpenApiDocument } from './openapi.js';

export function sendV1Answer(req: Request, res: Response, value: object, ttlMs: number): void {
  const sent = serializeAnswer(value);
  res.setHeader('Cache-Control', sent.failed ? 'private, max-age=5' : edgeCacheControl(ttlMs));
  res.setHeader('ETag', sent.etag);
  if (fresh(req.headers, { etag: sent.etag })) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', sent.body.length);
  res.end(sent.body);
}

type V1Procedures = Record<V1Name, (params: unknown) => Promise<object>>;

export function v1Routes(deps: AppDeps): Router {
  const r = Router();
  r.get('/v1/openapi.json', (req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.json(v1OpenApiDocument());
  });
  for (const name of Object.keys(V1_ENDPOINTS) as V1Name[]) {
    const endpoint = V1_ENDPOINTS[name];
    r.get(endpoint.path, async (req, res) => {
      const procedures = callerFor(req, deps).v1 as unknown as V1Procedures;
      const answer = await procedures[name]({ ...req.query, ...req.params });
      sendV1Answer(req, res, answer, endpoint.ttlMs);
    });
  }
  return r;
}
