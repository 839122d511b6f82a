import { join } from 'node:path';

/** The coding agents `mcp install` configures. */
export const MCP_CLIENTS = ['claude-code', 'cursor', 'codex', 'gemini'] as const;
export type McpClientName = (typeof MCP_CLIENTS)[number];

export const CLIENT_LABELS: Record<McpClientName, string> = {
  'claude-code': 'Claude Code',
  cursor: 'Cursor',
  codex: 'Codex',
  gemini: 'Gemini CLI',
};

/** The environment variable every generated configuration reads the API key from (never the key). */
export const API_KEY_ENV = 'SWITCHBOARD_API_KEY';
/** The server entry's name in project files (the same name the server's MCP config answer uses). */
export const SERVER_NAME = 'switchboard';

export interface ClientConfigInput {
  client: McpClientName;
  /** The project's MCP endpoint, e.g. http://localhost:3000/api/v1/mcp?project=SWB. */
  url: string;
  projectKey: string;
  /** The repository (or folder) project-scoped files go into. */
  workspace: string;
  /** Where Codex keeps config.toml (CODEX_HOME or ~/.codex). */
  codexHome: string;
}

export interface ClientConfigFile {
  client: McpClientName;
  /** Absolute path of the file written. */
  path: string;
  /** 'project': inside the repository, meant to be committed; 'user': in the user's home. */
  scope: 'project' | 'user';
  /** The server entry's name inside the file. */
  serverName: string;
  /** The whole new content of the file, existing entries kept. */
  content: string;
}

/** The file a client reads and the server entry it should hold. */
export function clientTarget(input: ClientConfigInput): Omit<ClientConfigFile, 'content'> {
  switch (input.client) {
    case 'claude-code':
      return {
        client: input.client,
        path: join(input.workspace, '.mcp.json'),
        scope: 'project',
        serverName: SERVER_NAME,
      };
    case 'cursor':
      return {
        client: input.client,
        path: join(input.workspace, '.cursor', 'mcp.json'),
        scope: 'project',
        serverName: SERVER_NAME,
      };
    case 'gemini':
      return {
        client: input.client,
        path: join(input.workspace, '.gemini', 'settings.json'),
        scope: 'project',
        serverName: SERVER_NAME,
      };
    case 'codex':
      // One user-wide file for every repository: the entry is named after the project.
      return {
        client: input.client,
        path: join(input.codexHome, 'config.toml'),
        scope: 'user',
        serverName: `${SERVER_NAME}-${input.projectKey.toLowerCase()}`,
      };
  }
}

/**
 * The server entry in each client's own syntax, with the key only as a reference to API_KEY_ENV
 * (so the files are safe to commit): Claude Code expands ${VAR} in headers, Cursor
 * ${env:VAR}, Gemini CLI $VAR / ${VAR} anywhere in settings.json.
 */
export function jsonEntry(client: Exclude<McpClientName, 'codex'>, url: string): Record<string, unknown> {
  switch (client) {
    case 'claude-code':
      return { type: 'http', url, headers: { Authorization: `Bearer \${${API_KEY_ENV}}` } };
    case 'cursor':
      return { url, headers: { Authorization: `Bearer \${env:${API_KEY_ENV}}` } };
    case 'gemini':
      return { httpUrl: url, headers: { Authorization: `Bearer \${${API_KEY_ENV}}` } };
  }
}

/** Thrown when an existing file is not something we can safely edit; nothing is written then. */
export class UnreadableConfigError extends Error {
  override name = 'UnreadableConfigError';
}

/** `existing` with mcpServers[name] = entry, every other setting and server kept, in their order. */
export function mergeJsonConfig(
  existing: string | undefined,
  path: string,
  name: string,
  entry: Record<string, unknown>,
): string {
  let document: unknown = {};
  if (existing !== undefined && existing.trim() !== '') {
    try {
      document = JSON.parse(existing);
    } catch {
      throw new UnreadableConfigError(`${path} is not valid JSON; fix or move it, then run this again.`);
    }
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw new UnreadableConfigError(
      `${path} does not hold a JSON object; fix or move it, then run this again.`,
    );
  }
  const root = document as Record<string, unknown>;
  const servers = root.mcpServers ?? {};
  if (typeof servers !== 'object' || servers === null || Array.isArray(servers)) {
    throw new UnreadableConfigError(`${path}: "mcpServers" is not an object; fix it, then run this again.`);
  }
  return `${JSON.stringify({ ...root, mcpServers: { ...(servers as object), [name]: entry } }, null, 2)}\n`;
}

const tomlString = (value: string) => JSON.stringify(value);

/**
 * `existing` config.toml with the [mcp_servers.<name>] table (and its sub-tables) replaced by ours, or
 * added at the end; everything else is left byte for byte. Codex reads the bearer token from the
 * environment variable named by bearer_token_env_var, so not even this user file holds the key.
 */
export function mergeCodexConfig(existing: string | undefined, name: string, url: string): string {
  const block = [
    `[mcp_servers.${name}]`,
    `url = ${tomlString(url)}`,
    `bearer_token_env_var = ${tomlString(API_KEY_ENV)}`,
  ].join('\n');
  const lines = (existing ?? '').replace(/\r\n/g, '\n').split('\n');
  const header = /^\s*\[\s*([^\]]+?)\s*\]\s*(#.*)?$/;
  const ours = (line: string) => {
    const match = header.exec(line);
    if (!match || line.trim().startsWith('[[')) return false;
    const key = (match[1] ?? '').replace(/\s+/g, '').replace(/"/g, '');
    return key === `mcp_servers.${name}` || key.startsWith(`mcp_servers.${name}.`);
  };
  const kept: string[] = [];
  let inside = false;
  let insertAt = -1;
  for (const line of lines) {
    if (header.test(line) || line.trim().startsWith('[[')) {
      const mine = ours(line);
      if (mine && insertAt === -1) insertAt = kept.length;
      inside = mine;
    }
    if (!inside) kept.push(line);
  }
  while (kept.length > 0 && kept[kept.length - 1]?.trim() === '') kept.pop();
  if (insertAt === -1 || insertAt >= kept.length) {
    return `${kept.length > 0 ? `${kept.join('\n')}\n\n` : ''}${block}\n`;
  }
  const before = kept.slice(0, insertAt);
  const after = kept.slice(insertAt);
  return `${[...before, block, '', ...after].join('\n')}\n`;
}

/** The whole new file for a client, given what is there now (undefined = no file yet). */
export function renderClientConfig(input: ClientConfigInput, existing: string | undefined): ClientConfigFile {
  const target = clientTarget(input);
  const content =
    input.client === 'codex'
      ? mergeCodexConfig(existing, target.serverName, input.url)
      : mergeJsonConfig(existing, target.path, target.serverName, jsonEntry(input.client, input.url));
  return { ...target, content };
}
