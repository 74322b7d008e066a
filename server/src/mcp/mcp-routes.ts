// POST /mcp: MCP Streamable HTTP (official SDK), stateless. Any valid token; a missing or bad
// one is 401 UNAUTHENTICATED in the uniform error body, and no CORS headers are sent.
//   1. authenticate the bearer token (auth-service, with the authentication-failure block)
//   2. build a fresh McpServer and a transport without sessions for this one request
//   3. the transport answers the JSON-RPC message(s) in the body (already parsed as JSON)
// Every other method on /mcp is 405 METHOD_NOT_ALLOWED with `Allow: POST`.
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { RegistryError } from '@pkg/shared';
import { Router, type Request, type Response } from 'express';
import { createContext } from '../context.js';
import type { AppDeps } from '../deps.js';
import { authenticate } from '../services/registry/auth-service.js';
import { assertRegistryReady } from '../services/registry/storage-ready.js';
import { createMcpServer } from './create-mcp-server.js';

export const MCP_PATH = '/mcp';

function methodNotAllowed(req: Request, res: Response): void {
  res.setHeader('allow', 'POST');
  throw new RegistryError(
    'METHOD_NOT_ALLOWED',
    `${req.method} is not supported on ${MCP_PATH}; MCP clients POST here.`,
  );
}

export function mcpRoutes(deps: AppDeps): Router {
  const r = Router();
  r.post(MCP_PATH, async (req, res) => {
    assertRegistryReady(deps.registry);
    const ctx = createContext({ req, deps });
    await authenticate(deps.registry, ctx.authorization, ctx.client);
    const server = createMcpServer({ deps, baseUrl: ctx.baseUrl, log: ctx.log });
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.once('close', () => {
      transport.close().catch(() => undefined);
      server.close().catch(() => undefined);
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  r.all(MCP_PATH, methodNotAllowed);
  return r;
}
