import type { TypedApi } from '@switchboard/api-client';
import { MCP_API_KEY_ENV, type McpConfig } from '@switchboard/api-client/contract';
import { queryOptions } from '@tanstack/react-query';
import { retryUnlessClientError } from '../../lib/api';

export const mcpConfigKeys = {
  all: ['mcp-config'] as const,
  detail: (projectId: string) => ['mcp-config', projectId] as const,
};

export function fetchMcpConfig(api: TypedApi, projectId: string, signal?: AbortSignal): Promise<McpConfig> {
  return api.mcpConfig.get({ projectId, signal });
}

/** The client files for a project. They change only with the server. */
export const mcpConfigQueryOptions = (api: TypedApi, projectId: string) =>
  queryOptions({
    queryKey: mcpConfigKeys.detail(projectId),
    queryFn: ({ signal }) => fetchMcpConfig(api, projectId, signal),
    retry: retryUnlessClientError,
    staleTime: Number.POSITIVE_INFINITY,
  });

export interface ConfigFile {
  /** 'Claude Code', 'Cursor'. */
  client: string;
  /** Where it goes, relative to the repository root: '.mcp.json'. */
  path: string;
  /** The file's text, exactly as it should be written (2-space JSON, trailing newline). */
  text: string;
}

/** One file's text: what the server sent, as a person would write it. */
export function renderConfigFile(content: unknown): string {
  return `${JSON.stringify(content, null, 2)}\n`;
}

/** The files to write, Claude Code first. */
export function configFilesOf(config: McpConfig): ConfigFile[] {
  return [
    {
      client: 'Claude Code',
      path: config.claudeCode.path,
      text: renderConfigFile(config.claudeCode.content),
    },
    { client: 'Cursor', path: config.cursor.path, text: renderConfigFile(config.cursor.content) },
  ];
}

/** A value as one shell word: bare when it is plain, else in single quotes. */
export function shellWord(value: string): string {
  if (/^[A-Za-z0-9_\-.:/@%+=,]+$/.test(value)) return value;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** `export SWITCHBOARD_API_KEY=sb_…`, for a shell profile or a git-ignored .env; never for a tracked file. */
export function exportLine(key: string, variable: string = MCP_API_KEY_ENV): string {
  return `export ${variable}=${shellWord(key)}`;
}

/** Whether a text holds the literal key (a safety check: the files must only reference the variable). */
export function containsKey(text: string, key: string): boolean {
  return key.length > 0 && text.includes(key);
}

/** The variables the files read (`${SWITCHBOARD_API_KEY}`, `${env:SWITCHBOARD_API_KEY}`), by name. */
export function referencedVariables(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)(?::-[^}]*)?\}/g)) {
    if (match[1]) names.add(match[1]);
  }
  return [...names];
}

/** A suggested name for a key made from a project's Connect panel: 'SWB agent · 21 Nov'. */
export function suggestedKeyName(projectKey: string, now: Date, locale?: string): string {
  const day = now.toLocaleDateString(locale, { day: 'numeric', month: 'short' });
  return `${projectKey} agent · ${day}`;
}
