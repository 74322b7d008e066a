// The /v1 REST adapters of the holder pass, Ask and the contract explainer (docs/public-api.md,
// "Holder pass", "Ask", "Contract explainer"), thin adapters over the `holderPass`, `ask` and
// `explanations` procedures (trpc/routers/ai.ts):
//   POST /v1/holder-pass/nonce               → holderPass.nonce
//   POST /v1/holder-pass  { message, signature } → holderPass.create
//   POST /v1/ask          { question }       → ask.ask
//   GET  /v1/ask/quota                       → ask.quota
//   GET  /v1/contract/:address/explanation   → explanations.get
// They are mounted before the global body parser: the POST routes parse their own JSON bodies,
// at most 16 kB (malformed JSON is 400 BAD_REQUEST, a larger body 413). A holder pass comes as
// `Authorization: Bearer <pass>`. Answers that depend on the visitor are `no-store`; an
// explanation is the same for everyone and kept 5 minutes.
import express, { Router, type Response } from 'express';
import type { AppDeps } from '../deps.js';
import { callerFor } from './caller.js';

const body = express.json({ limit: '16kb' });

const noStore = (res: Response) => res.setHeader('Cache-Control', 'no-store');

export function v1AiRoutes(deps: AppDeps): Router {
  const r = Router();
  r.post('/v1/holder-pass/nonce', async (req, res) => {
    noStore(res);
    res.json(await callerFor(req, deps).holderPass.nonce());
  });
  r.post('/v1/holder-pass', body, async (req, res) => {
    noStore(res);
    res.json(await callerFor(req, deps).holderPass.create((req.body as never) ?? {}));
  });
  r.post('/v1/ask', body, async (req, res) => {
    noStore(res);
    res.json(await callerFor(req, deps).ask.ask((req.body as never) ?? {}));
  });
  r.get('/v1/ask/quota', async (req, res) => {
    noStore(res);
    res.json(await callerFor(req, deps).ask.quota());
  });
  r.get('/v1/contract/:address/explanation', async (req, res) => {
    const answer = await callerFor(req, deps).explanations.get({ address: req.params.address });
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(answer);
  });
  return r;
}
