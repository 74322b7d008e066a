// POST /publish: the archive bytes (application/gzip, at most 5 MB) with a bearer token.
// Authenticate first, then read the body with its limit enforced while reading (413 as soon
// as it is passed, before reading more), then the publish service. Answers 201.
// Optional client facts for provenance: `x-pkg-client: <name>/<version>`,
// `x-pkg-source-repository` and `x-pkg-source-commit`.
import { PACKAGE_LIMITS, RegistryError } from '@pkg/shared';
import { Router, type Request, type Response } from 'express';
import getRawBody from 'raw-body';
import { z } from 'zod';
import { createContext } from '../context.js';
import type { AppDeps } from '../deps.js';
import { authenticatePublisher, publish } from '../services/registry/publish-service.js';

const ACCEPTED_TYPES = ['application/gzip', 'application/x-gzip', 'application/octet-stream'];

const clientSchema = z
  .string()
  .regex(/^([A-Za-z0-9@/._-]{1,64})\/([0-9A-Za-z.+-]{1,64})$/)
  .transform((v) => {
    const at = v.lastIndexOf('/');
    return { name: v.slice(0, at), version: v.slice(at + 1) };
  });
const sourceSchema = z.object({
  repository: z
    .string()
    .min(1)
    .max(500)
    .regex(/^[\x21-\x7e]+$/),
  commit: z.string().regex(/^[0-9a-f]{7,64}$/),
});

function clientFacts(req: Request) {
  const client = req.get('x-pkg-client');
  const repository = req.get('x-pkg-source-repository');
  const commit = req.get('x-pkg-source-commit');
  const parsedClient = client === undefined ? undefined : clientSchema.safeParse(client);
  const parsedSource =
    repository === undefined && commit === undefined
      ? undefined
      : sourceSchema.safeParse({ repository, commit });
  if (parsedClient?.success === false || parsedSource?.success === false) {
    throw new RegistryError(
      'BAD_REQUEST',
      'x-pkg-client must be <name>/<version>; x-pkg-source-repository and x-pkg-source-commit go together (commit: hex).',
    );
  }
  return { client: parsedClient?.data, source: parsedSource?.data };
}

async function readArchiveBody(req: Request): Promise<Buffer> {
  const type = (req.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!ACCEPTED_TYPES.includes(type)) {
    throw new RegistryError(
      'BAD_REQUEST',
      'Send the package archive as the request body with content-type application/gzip.',
    );
  }
  const limit = PACKAGE_LIMITS.maxCompressedBytes;
  const declared = Number(req.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    throw new RegistryError(
      'PAYLOAD_TOO_LARGE',
      `The archive is ${declared} bytes; the limit is ${limit} bytes (5 MB).`,
    );
  }
  try {
    return await getRawBody(req, { limit });
  } catch (error) {
    if ((error as { type?: string }).type === 'entity.too.large') {
      throw new RegistryError(
        'PAYLOAD_TOO_LARGE',
        `The archive is larger than the limit of ${limit} bytes (5 MB).`,
      );
    }
    throw new RegistryError('BAD_REQUEST', 'The request body could not be read.', { cause: error });
  }
}

/**
 * The 201 answer in one writeHead (docs/performance.md, "Publish, fourth pass"): the JSON and its
 * type and length, as res.json sends them, without res.json's ETag (nothing revalidates a POST's
 * answer) and the parsing of its content type.
 */
function sendCreated(res: Response, value: object): void {
  const body = JSON.stringify(value);
  res.writeHead(201, [
    'Content-Type',
    'application/json; charset=utf-8',
    'Content-Length',
    String(Buffer.byteLength(body, 'utf8')),
  ]);
  res.end(body);
}

export function publishRoutes(deps: AppDeps): Router {
  const r = Router();
  r.post('/publish', async (req, res) => {
    const ctx = createContext({ req, deps });
    const auth = await authenticatePublisher(deps.registry, ctx.authorization, ctx.client);
    const facts = clientFacts(req);
    const bytes = await readArchiveBody(req);
    sendCreated(res, await publish(deps.registry, { auth, bytes, ...facts }));
  });
  return r;
}
