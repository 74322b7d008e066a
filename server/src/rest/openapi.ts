// GET /v1/openapi.json: the public API's OpenAPI 3.1 document, generated (zod-openapi) from the
// same rows of V1_ENDPOINTS that build the procedures and the REST adapters, so that the document
// describes exactly what is served. Built once per process.
import { V1_ENDPOINTS, errorBodySchema, type V1Endpoint } from '@pkg/shared';
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';

const ERROR = { 'application/json': { schema: errorBodySchema.meta({ id: 'ErrorBody' }) } };

/** `/v1/contract/:address` → `/v1/contract/{address}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z_]\w*)/g, '{$1}');

function operation(name: string, endpoint: V1Endpoint): ZodOpenApiOperationObject {
  // Built from the shape (pick and omit refuse an object with a cross-field refinement).
  const entries = Object.entries(endpoint.params.shape);
  const path = z.object(Object.fromEntries(entries.filter(([k]) => endpoint.pathParams.includes(k))));
  const query = z.object(Object.fromEntries(entries.filter(([k]) => !endpoint.pathParams.includes(k))));
  const seconds = Math.max(1, Math.round(endpoint.ttlMs / 1000));
  return {
    operationId: name,
    summary: endpoint.summary,
    description: `${endpoint.description} Answers are kept ${seconds} s (Cache-Control).`,
    requestParams: {
      ...(endpoint.pathParams.length > 0 ? { path } : {}),
      ...(Object.keys(query.shape).length > 0 ? { query } : {}),
    },
    responses: {
      '200': {
        description: 'The answer: every panel a section with its own status and provenance.',
        headers: {
          'Cache-Control': {
            schema: { type: 'string' },
            description:
              'public, max-age, s-maxage, stale-while-revalidate from the TTL; private, max-age=5 when a panel failed',
          },
          ETag: { schema: { type: 'string' } },
          Vary: { schema: { type: 'string' }, description: 'Origin' },
        },
        content: {
          'application/json': {
            schema: endpoint.answer.meta({ id: `V1${name[0]?.toUpperCase()}${name.slice(1)}` }),
          },
        },
      },
      '304': { description: "Not modified: the If-None-Match matched the answer's ETag." },
      '400': {
        description: 'Invalid parameters (BAD_REQUEST), with the problems in details.',
        content: ERROR,
      },
      '429': { description: 'Over the per-client limit (RATE_LIMITED), with Retry-After.', content: ERROR },
      '500': { description: 'An unexpected failure (INTERNAL_ERROR).', content: ERROR },
    },
  };
}

let document: object | undefined;

export function v1OpenApiDocument(): object {
  if (document) return document;
  const paths: ZodOpenApiPathsObject = {};
  for (const [name, endpoint] of Object.entries(V1_ENDPOINTS) as [string, V1Endpoint][])
    paths[openApiPath(endpoint.path)] = { get: operation(name, endpoint) };
  document = createDocument({
    openapi: '3.1.0',
    info: {
      title: 'pkg public API',
      version: '1',
      description:
        'Read-only JSON over the data the website shows: chain overview, the project token, stock-token premiums, filings, odds, the screener, wallets and contracts. Every panel of every answer is a section { status, data?, provenance?, code?, reason? }: where a number came from and how old it is. Market data is not financial advice.',
    },
    paths,
  });
  return document;
}
