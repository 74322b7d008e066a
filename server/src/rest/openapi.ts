// GET /v1/openapi.json: the public API's OpenAPI 3.1 document, generated (zod-openapi) from the
// same rows of V1_ENDPOINTS that build the procedures and the REST adapters, so that the document
// describes exactly what is served. Built once per process.
import {
  ASK_LIMITS,
  HOLDER_PASS,
  V1_ENDPOINTS,
  askAnswerSchema,
  askInputSchema,
  askQuotaSchema,
  errorBodySchema,
  holderNonceAnswerSchema,
  holderPassAnswerSchema,
  holderPassInputSchema,
  v1AddressSchema,
  v1ExplanationSchema,
  type V1Endpoint,
} from '@pkg/shared';
import { z } from 'zod';
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponsesObject,
} from 'zod-openapi';

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

// The holder pass, Ask and the contract explainer (rest/v1-ai.ts): their own bodies and answers,
// from the same shared zod schemas as the procedures.

/** Anonymous, or with a holder pass. */
const OPTIONAL_PASS: Record<string, string[]>[] = [{}, { holderPass: [] }];
const NO_STORE = {
  'Cache-Control': { schema: { type: 'string' as const }, description: 'no-store' },
};
const json = (schema: z.ZodType) => ({ 'application/json': { schema } });

function errors(extra: Record<string, string>): ZodOpenApiResponsesObject {
  const responses: Record<string, { description: string; content: typeof ERROR }> = {
    '400': {
      description:
        'Invalid body or parameters, or malformed JSON (BAD_REQUEST), with the problems in details.',
      content: ERROR,
    },
    '401': {
      description: 'The holder pass sent does not verify (PASS_INVALID): forged, altered or expired.',
      content: ERROR,
    },
    '429': { description: 'Over the per-client limit (RATE_LIMITED), with Retry-After.', content: ERROR },
    '500': { description: 'An unexpected failure (INTERNAL_ERROR).', content: ERROR },
  };
  for (const [status, description] of Object.entries(extra))
    responses[status] = { description, content: ERROR };
  return responses;
}

/** The holder pass: its nonce and the sign-in that exchanges a signed message for a pass. */
function holderPassPaths(): ZodOpenApiPathsObject {
  return {
    '/v1/holder-pass/nonce': {
      post: {
        operationId: 'holderPassNonce',
        summary: 'A single-use nonce for the holder-pass sign-in message',
        description: `A random nonce to put in the EIP-4361 message; good once, for ${HOLDER_PASS.nonceTtlMs / 60_000} minutes.`,
        security: OPTIONAL_PASS,
        responses: {
          '200': {
            description: 'The nonce and when it expires.',
            headers: NO_STORE,
            content: json(holderNonceAnswerSchema.meta({ id: 'HolderNonce' })),
          },
          ...errors({}),
        },
      },
    },
    '/v1/holder-pass': {
      post: {
        operationId: 'holderPass',
        summary: 'Exchange a signed EIP-4361 message for a holder pass',
        description: `The message must name this site's host and origin, chain id ${HOLDER_PASS.chainId}, a nonce of POST /v1/holder-pass/nonce, an Issued At within ${HOLDER_PASS.clockSkewMs / 60_000} minutes and an Expiration Time at most ${HOLDER_PASS.maxMessageLifetimeMs / 60_000} minutes after it; the signature is personal_sign's (ERC-1271 for deployed contract wallets). The wallet must hold HOLDER_PASS_THRESHOLD project tokens, read on chain now. The pass is valid ${HOLDER_PASS.passTtlMs / 3_600_000} hours; the server keeps nothing of it.`,
        security: OPTIONAL_PASS,
        requestBody: {
          required: true,
          content: json(holderPassInputSchema.meta({ id: 'HolderPassInput' })),
        },
        responses: {
          '200': {
            description: 'The pass, the checksummed address, the balance read and the threshold.',
            headers: NO_STORE,
            content: json(holderPassAnswerSchema.meta({ id: 'HolderPass' })),
          },
          ...errors({
            '401':
              'The sign-in is refused (PASS_REFUSED, details name the field: domain, uri, chainId, nonce, issuedAt, expirationTime, notBefore, signature, message), or a pass sent does not verify (PASS_INVALID).',
            '403': 'The balance is under HOLDER_PASS_THRESHOLD (BELOW_THRESHOLD).',
            '413': 'The body is larger than 16 kB (PAYLOAD_TOO_LARGE).',
            '502': 'The balance or the wallet contract could not be read (UPSTREAM_FAILED).',
            '503': 'No project token is configured (NOT_CONFIGURED, naming PROJECT_TOKEN_ADDRESS).',
          }),
        },
      },
    },
  };
}

/** Ask: a question, and the questions left today. */
function askPaths(): ZodOpenApiPathsObject {
  return {
    '/v1/ask': {
      post: {
        operationId: 'ask',
        summary: 'Ask a question about the data the website shows',
        description: `A model answers with read-only tools over the /v1 answers: at most ${ASK_LIMITS.rounds} model calls, ${ASK_LIMITS.toolCallsPerRound} tool calls each, ${ASK_LIMITS.tokenBudget} tokens. ${ASK_LIMITS.visitorPerDay} questions a day per visitor, ${ASK_LIMITS.holderPerDay} with a holder pass whose wallet still holds HOLDER_PASS_THRESHOLD tokens (read on chain for every question). Market data is not financial advice.`,
        security: OPTIONAL_PASS,
        requestBody: { required: true, content: json(askInputSchema.meta({ id: 'AskInput' })) },
        responses: {
          '200': {
            description: 'The answer, its sources, the model that answered and the questions left today.',
            headers: NO_STORE,
            content: json(askAnswerSchema.meta({ id: 'AskAnswer' })),
          },
          ...errors({
            '413': 'The body is larger than 16 kB (PAYLOAD_TOO_LARGE).',
            '429':
              'No question left today (QUOTA_EXCEEDED), or over the per-client limit (RATE_LIMITED); Retry-After says when (for a quota, the next 00:00 UTC).',
            '502': 'The model could not answer (UPSTREAM_FAILED); the question is not counted.',
            '503':
              'No model is configured (NOT_CONFIGURED, naming AI_DEFAULT_MODEL); the question is not counted.',
          }),
        },
      },
    },
    '/v1/ask/quota': {
      get: {
        operationId: 'askQuota',
        summary: 'The questions left today',
        description:
          'Whose counter the next question comes from (a visitor, or a holder with a pass and the balance now), its limit, what is left and when it resets (00:00 UTC). Takes nothing.',
        security: OPTIONAL_PASS,
        responses: {
          '200': {
            description: 'The quota.',
            headers: NO_STORE,
            content: json(askQuotaSchema.meta({ id: 'AskQuota' })),
          },
          ...errors({}),
        },
      },
    },
  };
}

/** The contract explainer. */
function explanationPaths(): ZodOpenApiPathsObject {
  return {
    '/v1/contract/{address}/explanation': {
      get: {
        operationId: 'contractExplanation',
        summary: "A model's plain-language explanation of a verified contract",
        description:
          'Written from the verified interface and the security flags; kept one day per contract. Not a source review or an audit. A contract with no verified source cannot be explained (404 NOT_VERIFIED, no model call).',
        security: OPTIONAL_PASS,
        requestParams: { path: z.object({ address: v1AddressSchema }) },
        responses: {
          '200': {
            description: 'The explanation, the model that wrote it, the flags it was given and the notice.',
            headers: {
              'Cache-Control': { schema: { type: 'string' }, description: 'public, max-age=300' },
            },
            content: json(v1ExplanationSchema.meta({ id: 'V1Explanation' })),
          },
          ...errors({
            '404': 'The contract has no verified source (NOT_VERIFIED).',
            '429':
              'No model call left today (QUOTA_EXCEEDED, PKG_AI_DAILY_LIMIT), or over the per-client limit (RATE_LIMITED); Retry-After says when.',
            '502': 'The explorer or the model failed (UPSTREAM_FAILED); nothing is kept.',
            '503': 'No model is configured (NOT_CONFIGURED, naming AI_DEFAULT_MODEL).',
          }),
        },
      },
    },
  };
}

let document: object | undefined;

export function v1OpenApiDocument(): object {
  if (document) return document;
  const paths: ZodOpenApiPathsObject = {};
  for (const [name, endpoint] of Object.entries(V1_ENDPOINTS) as [string, V1Endpoint][])
    paths[openApiPath(endpoint.path)] = { get: operation(name, endpoint) };
  Object.assign(paths, holderPassPaths(), askPaths(), explanationPaths());
  document = createDocument({
    openapi: '3.1.0',
    info: {
      title: 'pkg public API',
      version: '1',
      description:
        'Read-only JSON over the data the website shows: chain overview, the project token, stock-token premiums, filings, odds, the screener, wallets and contracts. Every panel of every answer is a section { status, data?, provenance?, code?, reason? }: where a number came from and how old it is. Market data is not financial advice.',
    },
    paths,
    components: {
      securitySchemes: {
        holderPass: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWS',
          description:
            'The holder pass of POST /v1/holder-pass (optional): a wallet holding HOLDER_PASS_THRESHOLD project tokens gets the holder quota. A pass that does not verify is 401 PASS_INVALID.',
        },
      },
    },
  });
  return document;
}
