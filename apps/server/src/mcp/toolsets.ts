import { MCP_DEFAULT_TOOLSETS, MCP_TOOLSETS, type McpToolset } from '@switchboard/api-client/contract';
import { AppError } from '../domain/errors';

/**
 * `?toolsets=` of the MCP URL: nothing = the core work loop, `all` = every tool, else the groups named
 * (comma-separated, any case). An unknown name is refused with the choices.
 */
export function parseToolsets(value: string | null): McpToolset[] {
  if (value === null || value.trim() === '') return [...MCP_DEFAULT_TOOLSETS];
  const wanted = value
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (wanted.includes('all')) return [...MCP_TOOLSETS];
  const unknown = wanted.filter((name) => !(MCP_TOOLSETS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      `toolsets: ${unknown.join(', ')} is not a toolset; choose from all, ${MCP_TOOLSETS.join(', ')}.`,
    );
  }
  return MCP_TOOLSETS.filter((name) => wanted.includes(name));
}
