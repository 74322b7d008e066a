// The entry of dist/mcp.js: the MCP SDK's server side, loaded only by `pkg mcp` (build.mjs maps
// its imports here), so that the data commands never evaluate the SDK's protocol schemas.
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
