import { MCP_API_KEY_ENV, type McpConfig } from '@switchboard/api-client/contract';
import { endpoints } from '@switchboard/api-client/endpoints';
import type { ActingVariables } from '../auth/acting-context';
import { findProject } from '../domain/projects/lookup';
import type { DomainServices } from '../domain/services';
import { endpointRoutes } from '../http/endpoint-route';

/** The name the generated files give the server entry. */
export const MCP_SERVER_NAME = 'switchboard';

/**
 * The MCP client files for a project, in each client's own format. They carry the key only
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

export function mcpConfigRoutes(services: DomainServices, apiUrl: string) {
  const { db } = services;
  return endpointRoutes<{ Variables: ActingVariables }>().on(
    endpoints.mcpConfig.get,
    async ({ params, c }) => {
      const project = await findProject(db, c.var.acting, params.projectId);
      return mcpConfigFor(apiUrl, project.key);
    },
  ).app;
}
