import { MCP_API_KEY_ENV, type McpConfig } from '@switchboard/api-client/contract';
import { Hono } from 'hono';
import type { ActingVariables } from '../auth/acting-context';
import type { Database } from '../db/client';
import { findProject } from '../domain/projects';

/** The name the generated files give the server entry. */
export const MCP_SERVER_NAME = 'switchboard';

/**
 * The client files for a project (REFERENCE "MCP client configuration files"). They carry the key only
 * as a reference to the SWITCHBOARD_API_KEY environment variable, so they are safe to commit.
 */
export function mcpConfigFor(apiUrl: string, projectKey: string): McpConfig {
  const url = `${apiUrl.replace(/\/+$/, '')}/api/v1/mcp?project=${encodeURIComponent(projectKey)}`;
  return {
    url,
    claudeCode: {
      path: '.mcp.json',
      content: {
        mcpServers: {
          [MCP_SERVER_NAME]: {
            type: 'http',
            url,
            headers: { Authorization: `Bearer \${${MCP_API_KEY_ENV}}` },
          },
        },
      },
    },
    cursor: {
      path: '.cursor/mcp.json',
      content: {
        mcpServers: {
          [MCP_SERVER_NAME]: { url, headers: { Authorization: `Bearer \${env:${MCP_API_KEY_ENV}}` } },
        },
      },
    },
    env: { [MCP_API_KEY_ENV]: 'create a key in Settings → API keys' },
  };
}

/** GET /projects/:projectId/mcp/config */
export function mcpConfigRoutes(db: Database, apiUrl: string) {
  return new Hono<{ Variables: ActingVariables }>().get('/projects/:projectId/mcp/config', async (c) => {
    const project = await findProject(db, c.var.acting, c.req.param('projectId'));
    return c.json(mcpConfigFor(apiUrl, project.key));
  });
}
