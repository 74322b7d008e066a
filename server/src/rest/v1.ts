// The /v1 REST adapters (docs/public-api.md): each calls its procedure and sends the answer with
// the edge headers of its data's TTL and its ETag, and answers 304 to a matching If-None-Match
// (as the hot reads do). An answer with a failed panel is sent with a short, private lifetime.
//   GET /v1/contract/:address → v1.contract
import { failed, type Section } from '@pkg/shared';
import { Router, type Request, type Response } from 'express';
import fresh from 'fresh';
import { weakEtag } from '../cache/package-responses.js';
import { edgeCacheControl } from '../cache/v1-answers.js';
import type { AppDeps } from '../deps.js';
import { CONTRACT_TTL_MS } from '../services/website/contract-facts.js';
import { callerFor } from './caller.js';

function sendAnswer(req: Request, res: Response, value: Record<string, unknown>, ttlMs: number): void {
  const sections = Object.values(value).filter(
    (v): v is Section => typeof v === 'object' && v !== null && 'status' in v,
  );
  const body = JSON.stringify(value);
  const etag = weakEtag(body);
  res.setHeader('Cache-Control', sections.some(failed) ? 'private, max-age=5' : edgeCacheControl(ttlMs));
  res.setHeader('ETag', etag);
  if (fresh(req.headers, { etag })) {
    res.status(304).end();
    return;
  }
  res.type('application/json').send(body);
}

export function v1Routes(deps: AppDeps): Router {
  const r = Router();
  r.get('/v1/contract/:address', async (req, res) => {
    const answer = await callerFor(req, deps).v1.contract({ address: req.params.address });
    sendAnswer(req, res, answer, CONTRACT_TTL_MS);
  });
  return r;
}
