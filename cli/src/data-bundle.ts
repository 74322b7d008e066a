// The entry of dist/data.js: the data SDK and the MCP SDK's server side, loaded only by the data
// commands, `pkg setup init` and `pkg mcp` (build.mjs maps their imports here).
export * from '@pkg/shared/data';
export { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
export { Server } from '@modelcontextprotocol/sdk/server/index.js';
export {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
