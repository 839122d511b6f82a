// `switchboard mcp install` for every client, checked the way the client itself would use the file:
// an MCP SDK client reads the written configuration, fills in the key from the environment the way
// that client expands it, and lists the tools. And `mcp serve` as a stdio server the SDK spawns.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import {
  asBrowser,
  createProject,
  git,
  gitInit,
  type Json,
  linkedRepository,
  loggedInCliForFile,
  makeCliUser,
  runCli,
  runJson,
} from './cli-support';

let repo: string;

const cli = loggedInCliForFile(async ({ server, bundle, ada, user }) => {
  await createProject(server, ada, { name: 'Switchboard', key: 'SWB' });
  expect((await asBrowser(server, ada, 'POST', '/api/v1/agents', { name: 'backend-dev' })).status).toBe(201);
  repo = await linkedRepository(bundle, user, 'SWB');
});

interface Installed {
  client: string;
  file: string;
  scope: 'project' | 'user';
  server: string;
  url: string;
  apiKey: { id: string; name: string; created: boolean };
  env: { SWITCHBOARD_API_KEY: string };
}

/** Expands a value the way the client does: ${VAR}, ${env:VAR} (Cursor), $VAR (Gemini). */
function expand(value: string, env: Record<string, string>): string {
  return value
    .replace(/\$\{env:([A-Z_][A-Z0-9_]*)\}/g, (_, name: string) => env[name] ?? '')
    .replace(/\$\{([A-Z_][A-Z0-9_]*)\}/g, (_, name: string) => env[name] ?? '')
    .replace(/\$([A-Z_][A-Z0-9_]*)/g, (_, name: string) => env[name] ?? '');
}

/** What a client connects to, read from the file `mcp install` wrote for it. */
function connectionFrom(
  installed: Installed,
  env: Record<string, string>,
): { url: string; headers: Record<string, string> } {
  const text = readFileSync(installed.file, 'utf8');
  if (installed.client === 'codex') {
    const table = text.split(`[mcp_servers.${installed.server}]`)[1]?.split(/\n\[/)[0] ?? '';
    const url = JSON.parse(/^url = (.+)$/m.exec(table)?.[1] ?? 'null') as string;
    const variable = JSON.parse(/^bearer_token_env_var = (.+)$/m.exec(table)?.[1] ?? 'null') as string;
    return { url, headers: { Authorization: `Bearer ${env[variable] ?? ''}` } };
  }
  const entry = (JSON.parse(text) as Json).mcpServers[installed.server];
  const url = installed.client === 'gemini' ? entry.httpUrl : entry.url;
  const headers = Object.fromEntries(
    Object.entries(entry.headers as Record<string, string>).map(([name, value]) => [
      name,
      expand(value, env),
    ]),
  );
  return { url: expand(url, env), headers };
}

async function listToolsWith(connection: {
  url: string;
  headers: Record<string, string>;
}): Promise<string[]> {
  const client = new Client({ name: 'cli-mcp-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(connection.url), {
    requestInit: { headers: connection.headers },
  });
  await client.connect(transport);
  try {
    return (await client.listTools()).tools.map((tool) => tool.name);
  } finally {
    await transport.terminateSession().catch(() => undefined);
    await client.close();
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !relative(dir, path).startsWith('.git/'));
}

describe('mcp install', () => {
  const installed = new Map<string, Installed>();

  it.each(['claude-code', 'cursor', 'gemini', 'codex'])(
    'writes a %s configuration the MCP SDK client can list tools with, the key only in the environment',
    async (client) => {
      const result = await runJson<Installed>(cli.bundle, cli.user, ['mcp', 'install', '--client', client], {
        cwd: repo,
      });
      installed.set(client, result);
      const key = result.env.SWITCHBOARD_API_KEY;
      expect(key).toMatch(/^sb_/);
      const text = readFileSync(result.file, 'utf8');
      expect(text).not.toContain(key);
      expect(text).toContain('SWITCHBOARD_API_KEY');
      expect(result.url).toBe(`${cli.server.url}/api/v1/mcp?project=SWB`);
      const expected = {
        'claude-code': join(repo, '.mcp.json'),
        cursor: join(repo, '.cursor', 'mcp.json'),
        gemini: join(repo, '.gemini', 'settings.json'),
        codex: join(cli.user.home, '.codex', 'config.toml'),
      }[client];
      expect(result.file).toBe(expected);

      // Without the variable the client has no credentials: the server refuses it.
      await expect(listToolsWith(connectionFrom(result, {}))).rejects.toThrow();
      const tools = await listToolsWith(connectionFrom(result, { SWITCHBOARD_API_KEY: key }));
      expect(tools).toEqual(
        expect.arrayContaining(['list-projects', 'next-task', 'move-task', 'claim-task']),
      );
    },
    60_000,
  );

  it('reuses the stored key, makes a separate one per agent, and prints the export line', async () => {
    const keys = [...installed.values()].map((item) => item.apiKey);
    expect(keys[0]?.created).toBe(true);
    expect(new Set(keys.map((key) => key.id)).size).toBe(1);
    expect(keys.slice(1).every((key) => !key.created)).toBe(true);

    const text = await runCli(cli.bundle, cli.user, ['mcp', 'install', '--client', 'claude-code'], {
      cwd: repo,
    });
    expect(text.code).toBe(0);
    const key = installed.get('claude-code')?.env.SWITCHBOARD_API_KEY;
    expect(text.stdout).toContain(`export SWITCHBOARD_API_KEY=${key}`);
    expect(text.stdout).toContain('Reusing API key');
    expect(text.stdout).toContain('.mcp.json');

    const agent = await runJson<Installed>(
      cli.bundle,
      cli.user,
      ['mcp', 'install', '--client', 'claude-code', '--agent', 'backend-dev'],
      { cwd: repo },
    );
    expect(agent.apiKey.created).toBe(true);
    expect(agent.apiKey.id).not.toBe(installed.get('claude-code')?.apiKey.id);
    // The key acts as the agent: what the agent creates is attributed to it.
    const client = new Client({ name: 'cli-mcp-test', version: '1.0.0' });
    // create-task is outside the default work-loop tools.
    const everything = new URL(agent.url);
    everything.searchParams.set('toolsets', 'all');
    const transport = new StreamableHTTPClientTransport(everything, {
      requestInit: { headers: { authorization: `Bearer ${agent.env.SWITCHBOARD_API_KEY}` } },
    });
    await client.connect(transport);
    const created = await client.callTool({ name: 'create-task', arguments: { title: 'From the agent' } });
    expect(created.isError).toBeFalsy();
    await transport.terminateSession();
    await client.close();
    const activity = await asBrowser(cli.server, cli.ada, 'GET', '/api/v1/activity');
    expect(activity.body.items[0].actor).toMatchObject({ type: 'agent', name: 'backend-dev' });

    // A key revoked on the server is replaced by a new one on the next install.
    const revoke = await asBrowser(cli.server, cli.ada, 'POST', '/api/v1/auth/api-key/delete', {
      keyId: agent.apiKey.id,
    });
    expect(revoke.status).toBe(200);
    const again = await runJson<Installed>(
      cli.bundle,
      cli.user,
      ['mcp', 'install', '--client', 'claude-code', '--agent', 'backend-dev'],
      { cwd: repo },
    );
    expect(again.apiKey.created).toBe(true);
    expect(again.apiKey.id).not.toBe(agent.apiKey.id);
  }, 60_000);

  it('no file git tracks, nor any file in the repository, contains a key', async () => {
    const config = JSON.parse(readFileSync(cli.user.configFile, 'utf8')) as Json;
    const keys = Object.values(config.apiKeys as Record<string, { key: string }>).map((item) => item.key);
    expect(keys.length).toBeGreaterThan(0);
    await git(repo, 'add', '-A');
    const tracked = (await git(repo, 'ls-files')).split('\n').filter(Boolean);
    expect(tracked).toEqual(
      expect.arrayContaining(['.mcp.json', '.cursor/mcp.json', '.gemini/settings.json']),
    );
    for (const file of filesUnder(repo)) {
      const text = readFileSync(file, 'utf8');
      for (const key of keys) expect(text, relative(repo, file)).not.toContain(key);
    }
    const codex = readFileSync(join(cli.user.home, '.codex', 'config.toml'), 'utf8');
    for (const key of keys) expect(codex).not.toContain(key);
    // The keys the CLI keeps for reuse sit only in its own config file, readable by its owner alone.
    expect(statSync(cli.user.configFile).mode & 0o777).toBe(0o600);
  });

  it('keeps other servers and settings in an existing file, and refuses a broken one', async () => {
    const other = join(cli.user.home, 'other-repo');
    await gitInit(other);
    expect((await runCli(cli.bundle, cli.user, ['project', 'use', 'SWB'], { cwd: other })).code).toBe(0);
    const { writeFileSync } = await import('node:fs');
    writeFileSync(
      join(other, '.mcp.json'),
      JSON.stringify({ mcpServers: { github: { type: 'http', url: 'https://example.com/mcp' } }, extra: 1 }),
    );
    expect(
      (await runCli(cli.bundle, cli.user, ['mcp', 'install', '--client', 'claude-code'], { cwd: other }))
        .code,
    ).toBe(0);
    const merged = JSON.parse(readFileSync(join(other, '.mcp.json'), 'utf8')) as Json;
    expect(Object.keys(merged.mcpServers)).toEqual(['github', 'switchboard']);
    expect(merged.extra).toBe(1);

    writeFileSync(join(other, '.mcp.json'), '{ not json');
    const broken = await runCli(cli.bundle, cli.user, ['mcp', 'install', '--client', 'claude-code'], {
      cwd: other,
    });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('not valid JSON');
    expect(readFileSync(join(other, '.mcp.json'), 'utf8')).toBe('{ not json');

    const unknown = await runCli(cli.bundle, cli.user, ['mcp', 'install', '--client', 'vim'], { cwd: other });
    expect(unknown).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--client: must be one of claude-code, cursor, codex, gemini'),
    });
  });

  it('refuses an agent the organization has no profile for as a usage error, writing nothing', async () => {
    const fresh = join(cli.user.home, 'agentless-repo');
    await gitInit(fresh);
    expect((await runCli(cli.bundle, cli.user, ['project', 'use', 'SWB'], { cwd: fresh })).code).toBe(0);
    const refused = await runCli(
      cli.bundle,
      cli.user,
      ['mcp', 'install', '--client', 'claude-code', '--agent', 'no-such-agent'],
      { cwd: fresh },
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--agent: There is no agent profile named "no-such-agent"');
    expect(refused.stderr).toContain('backend-dev');
    expect(existsSync(join(fresh, '.mcp.json'))).toBe(false);
  });

  it("names a new key after the device the login was made on, not the computer's host name", async () => {
    const installedKey = await runJson<Installed>(
      cli.bundle,
      cli.user,
      ['mcp', 'install', '--client', 'claude-code', '--new-key'],
      { cwd: repo, env: { SWITCHBOARD_DEVICE_NAME: 'some-other-host' } },
    );
    expect(installedKey.apiKey).toMatchObject({ created: true, name: 'CLI test-box' });
  });
});

describe('mcp serve', () => {
  it('answers tools/list and tools/call over stdio, proxying to the HTTP endpoint with the stored login', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [cli.bundle, 'mcp', 'serve', '--toolsets', 'all'],
      cwd: repo,
      env: cli.user.env,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'stdio-only-client', version: '1.0.0' });
    await client.connect(transport);
    try {
      const offered = (await client.listTools()).tools;
      const tools = offered.map((tool) => tool.name);
      expect(tools).toEqual(
        expect.arrayContaining(['get-project', 'create-task', 'list-tasks', 'get-input']),
      );
      // Output schemas, structured results and prompts pass through the proxy as the server sent them.
      expect(offered.every((tool) => tool.outputSchema?.type === 'object')).toBe(true);
      const project = await client.callTool({ name: 'get-project', arguments: {} });
      expect(project.isError).toBeFalsy();
      expect(project.structuredContent).toMatchObject({ key: 'SWB', name: 'Switchboard' });
      const text = (project.content as Array<{ type: string; text: string }>)[0]?.text ?? '';
      expect(JSON.parse(text)).toEqual(project.structuredContent);
      const prompts = (await client.listPrompts()).prompts.map((prompt) => prompt.name);
      expect(prompts.sort()).toEqual(['plan', 'review', 'work']);
      const work = await client.getPrompt({ name: 'work', arguments: {} });
      expect(JSON.stringify(work.messages)).toContain('next-task');
      const created = await client.callTool({ name: 'create-task', arguments: { title: 'Through stdio' } });
      expect(created.isError).toBeFalsy();
      // A tool error comes back as a tool error, not a crash of the proxy.
      const missing = await client.callTool({ name: 'get-task', arguments: { task: 'SWB-999' } });
      expect(missing.isError).toBe(true);
      const listed = await runJson<Json[]>(cli.bundle, cli.user, ['task', 'list'], { cwd: repo });
      expect(listed.map((task) => task.title)).toContain('Through stdio');
    } finally {
      await client.close();
    }
  }, 60_000);

  it('lists every toolset in its help, and refuses one it does not know with the choices', async () => {
    const help = await runCli(cli.bundle, cli.user, ['mcp', 'serve', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout.replace(/\s+/g, ' ')).toContain(
      'all, or any of core, projects, work-units, tasks, comments, agent, architecture, scaffold, planning',
    );
    const unknown = await runCli(cli.bundle, cli.user, ['mcp', 'serve', '--toolsets', 'tasks,plans'], {
      cwd: repo,
    });
    expect(unknown).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--toolsets: plans is not a toolset; choose from all, core, projects'),
    });
  });

  it('exits 3 without credentials', async () => {
    const stranger = makeCliUser(cli.server);
    const result = await runCli(cli.bundle, stranger, ['mcp', 'serve', '--project', 'SWB']);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('SWITCHBOARD_API_KEY');
  });

  it("exits 3 with the server's words when the API key is refused", async () => {
    const stranger = makeCliUser(cli.server, { SWITCHBOARD_API_KEY: 'sb_not-a-real-key' });
    const result = await runCli(cli.bundle, stranger, ['mcp', 'serve', '--project', 'SWB']);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('This API key is not valid');
  });
});
