// Artifact bytes (docs/registry-api.md). Byte routes call services, not procedures:
//   GET /packages/:namespace/:name/:version/download → the version's archive
//   GET /artifacts/:sha256/:filename                 → the same bytes, content-addressed
// Both stream from GridFS (never buffered whole), stop when the client goes away, and send
// x-pkg-integrity, content-length, content-disposition and an immutable cache-control.
// Only GET is routed: HEAD answers 405 METHOD_NOT_ALLOWED with `Allow: GET, OPTIONS`.
import { pipeline } from 'node:stream/promises';
import { RegistryError, versionRefSchema } from '@pkg/shared';
import { Router, type Request, type Response } from 'express';
import type { AppDeps } from '../deps.js';
import { resolveArtifact, resolveDownload, type Download } from '../services/download-service.js';
import { anonymousGet } from './cors.js';

async function send(req: Request, res: Response, download: Download): Promise<void> {
  res.status(200);
  res.setHeader('content-type', download.mediaType);
  res.setHeader('content-length', String(download.size));
  res.setHeader('x-pkg-integrity', download.integrity);
  res.setHeader('content-disposition', `attachment; filename="${download.filename}"`);
  res.setHeader('cache-control', 'public, max-age=31536000, immutable');
  res.setHeader('etag', `"${download.integrity}"`);
  if (req.get('if-none-match') === `"${download.integrity}"`) {
    res.status(304).removeHeader('content-length');
    res.end();
    return;
  }
  const aborted = new AbortController();
  res.once('close', () => aborted.abort());
  await pipeline(await download.open(aborted.signal), res).catch((error: unknown) => {
    if (!aborted.signal.aborted) req.log.error({ err: error }, 'artifact stream failed');
    res.destroy();
  });
}

function headNotAllowed(_req: Request, res: Response): void {
  res.setHeader('allow', 'GET, OPTIONS');
  throw new RegistryError('METHOD_NOT_ALLOWED', 'Downloads are served to GET only.');
}

export function downloadRoutes(deps: AppDeps): Router {
  const r = Router();
  const versionDownload = '/packages/:namespace/:name/:version/download';
  const artifact = '/artifacts/:sha256/:filename';
  r.head(versionDownload, headNotAllowed);
  r.head(artifact, headNotAllowed);
  anonymousGet(r, versionDownload, async (req, res) => {
    const ref = versionRefSchema.parse(req.params);
    await send(req, res, await resolveDownload(deps, ref));
  });
  anonymousGet(r, artifact, async (req, res) => {
    const { sha256, filename } = req.params;
    await send(req, res, await resolveArtifact(deps, sha256, filename));
  });
  return r;
}
