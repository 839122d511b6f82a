import { MCP_PATH } from '@switchboard/api-client/paths';
import { Hono } from 'hono';
import { createMcpEndpoint, type McpEndpointOptions } from '../mcp/http';

/**
 * POST/DELETE /api/v1/mcp: the MCP endpoint. Not behind the product middleware: it authenticates every
 * request itself (API key or bearer session token, never a cookie) and answers in MCP's terms.
 */
export function mcpRoutes(options: McpEndpointOptions) {
  const endpoint = createMcpEndpoint(options);
  return new Hono().all(MCP_PATH, (c) => endpoint.handle(c));
}
