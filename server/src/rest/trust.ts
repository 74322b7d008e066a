// The registry's keys and its transparency log (docs/trust.md, "Keys" and "Endpoints"), public
// and read-only like the other anonymous reads (CORS `*`). Each route hands path and query to
// the procedure's input schema through the caller:
//   GET /keys                                              → trust.keys
//   GET /log/checkpoint                                    → log.checkpoint (its note as text/plain)
//   GET /log/entries/:index                                → log.entry
//   GET /log/proof/inclusion?index=&size=                  → log.inclusion
//   GET /log/proof/inclusion/:namespace/:name/:version?size= → log.inclusion
//   GET /log/proof/consistency?from=&to=                   → log.consistency
import { inclusionInputSchema } from '@pkg/shared';
import { Router, type Request } from 'express';
import type { AppDeps } from '../deps.js';
import { callerFor } from './caller.js';
import { anonymousGet } from './cors.js';

/** The query's string parameters among `names`, leaving out the ones not given. */
function queryOf(req: Request, ...names: string[]): Record<string, string> {
  const query = req.query as Record<string, unknown>;
  const picked: Record<string, string> = {};
  for (const name of names) {
    const value = query[name];
    if (typeof value === 'string') picked[name] = value;
  }
  return picked;
}

export function trustRoutes(deps: AppDeps): Router {
  const r = Router();
  anonymousGet(r, '/keys', async (req, res) => {
    deps.metrics.trustRead('keys');
    res.json(await callerFor(req, deps).trust.keys());
  });
  anonymousGet(r, '/log/checkpoint', async (req, res) => {
    deps.metrics.trustRead('checkpoint');
    const { note } = await callerFor(req, deps).log.checkpoint();
    res.type('text/plain').send(note);
  });
  anonymousGet(r, '/log/entries/:index', async (req, res) => {
    deps.metrics.trustRead('entry');
    res.json(await callerFor(req, deps).log.entry({ index: req.params.index }));
  });
  anonymousGet(r, '/log/proof/inclusion', async (req, res) => {
    deps.metrics.trustRead('inclusion');
    // The by-index form of the input alone, so that a bad query names `index` or `size`.
    const [byIndex] = inclusionInputSchema.options;
    res.json(await callerFor(req, deps).log.inclusion(byIndex.parse(queryOf(req, 'index', 'size'))));
  });
  anonymousGet(r, '/log/proof/inclusion/:namespace/:name/:version', async (req, res) => {
    deps.metrics.trustRead('inclusion');
    res.json(await callerFor(req, deps).log.inclusion({ ...req.params, ...queryOf(req, 'size') }));
  });
  anonymousGet(r, '/log/proof/consistency', async (req, res) => {
    deps.metrics.trustRead('consistency');
    const { from, to } = queryOf(req, 'from', 'to');
    res.json(await callerFor(req, deps).log.consistency({ from, to }));
  });
  return r;
}
