// Artifact bytes (docs/registry-api.md). Byte routes call services, not procedures:
//   GET /packages/:namespace/:name/:version/download → the version's archive
//   GET /artifacts/:sha256/:filename                 → the same bytes, content-addressed
// Both stream the local copy through reused buffers, or GridFS (never buffered whole), following
// the client's pace; they stop when the client goes away, and send
// x-pkg-integrity, content-length, content-disposition and an immutable cache-control. With the
// database gone before the first bytes are read, the answer is 503 STORAGE_UNAVAILABLE.
// Only GET is routed: HEAD answers 405 METHOD_NOT_ALLOWED with `Allow: GET, OPTIONS`.
import { RegistryError, versionRefSchema } from '@pkg/shared';
import { Router, type Request, type Response } from 'express';
import type { Metrics } from '../metrics/metrics.js';
import type { AppDeps } from '../deps.js';
import { resolveArtifact, resolveDownload, type Download } from '../services/registry/download-service.js';
import { anonymousGet } from './cors.js';

function setDownloadHeaders(res: Response, download: Download): void {
  res.setHeader('content-type', download.mediaType);
  res.setHeader('content-length', String(download.size));
  res.setHeader('x-pkg-integrity', download.integrity);
  res.setHeader('content-disposition', `attachment; filename="${download.filename}"`);
  res.setHeader('cache-control', 'public, max-age=31536000, immutable');
  res.setHeader('etag', `"${download.integrity}"`);
}

/** Sends the artifact (or 304); the bytes of an artifact sent in full are counted in `metrics`. */
async function send(req: Request, res: Response, download: Download, metrics: Metrics): Promise<void> {
  if (req.get('if-none-match') === `"${download.integrity}"`) {
    setDownloadHeaders(res, download);
    res.status(304).removeHeader('content-length');
    res.end();
    return;
  }
  const aborted = new AbortController();
  res.once('close', () => aborted.abort());
  // Opened before any header is set: a store that is gone is the error handler's 503, not a 200
  // with immutable caching cut short. A failure after the first bytes can only cut the response.
  const bytes = await download.open(aborted.signal);
  setDownloadHeaders(res, download);
  res.status(200);
  await bytes.writeTo(res).then(
    () => metrics.artifactBytes(download.size),
    (error: unknown) => {
      if (!aborted.signal.aborted) req.log.error({ err: error }, 'artifact stream failed');
      res.destroy();
    },
  );
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
    await send(req, res, await resolveDownload(deps.registry, ref), deps.metrics);
  });
  anonymousGet(r, artifact, async (req, res) => {
    const { sha256, filename } = req.params;
    await send(req, res, await resolveArtifact(deps.registry, sha256, filename), deps.metrics);
  });
  return r;
}
