/**
 * Where the API lives under a server's origin. Written once here, in a module with no dependencies,
 * so even the public pages' small script and the CLI's start-up can use it without loading zod.
 */
export const API_BASE_PATH = '/api/v1';
/** better-auth's own routes (sessions, organizations, device login, API keys), under the API. */
export const AUTH_BASE_PATH = `${API_BASE_PATH}/auth`;
/** The public runtime configuration, relative to the API (its endpoint descriptor uses it too). */
export const CONFIG_PATH = '/config';
/** The MCP endpoint (Streamable HTTP), relative to the API. */
export const MCP_PATH = '/mcp';
