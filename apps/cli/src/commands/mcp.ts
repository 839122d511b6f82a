import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { MCP_DEFAULT_TOOLSETS, MCP_TOOLSETS } from '@switchboard/api-client/contract';
import { ApiError } from '@switchboard/api-client/errors';
import { MCP_PATH } from '@switchboard/api-client/paths';
import type { Command } from 'commander';
import * as z from 'zod';
import { agentNameOption, ensureKey } from '../agent-keys';
import { type CliContext, createRuntime, type GlobalOptions, type Runtime } from '../context';
import { AuthError, CliError } from '../exit-codes';
import {
  API_KEY_ENV,
  CLIENT_LABELS,
  MCP_CLIENTS,
  type McpClientName,
  renderClientConfig,
  UnreadableConfigError,
} from '../mcp/clients';
import type { LocalTool } from '../mcp/local-tool';
import { parseOptions, printJson } from '../output';
import { resolveProject } from '../projects';
import { readIfPresent } from '../read-if-present';
import { findRepositoryRoot, linkFor, projectRefFor, workspaceRoot } from '../repository';
import { requireSession } from '../session';

const installSchema = z.object({
  apiUrl: z.string().optional(),
  client: z.enum(MCP_CLIENTS),
  project: z.string().optional(),
  agent: agentNameOption,
  newKey: z.boolean().default(false),
  json: z.boolean().default(false),
});
const serveSchema = z.object({
  apiUrl: z.string().optional(),
  project: z.string().optional(),
  // Checked here too, so a misspelt toolset stops at once with the choices (exit 2) instead of
  // being refused by the server after the client has started the process.
  toolsets: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      const unknown = (value ?? '')
        .split(',')
        .map((name) => name.trim().toLowerCase())
        .filter(
          (name) => name !== '' && name !== 'all' && !(MCP_TOOLSETS as readonly string[]).includes(name),
        );
      if (unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `${unknown.join(', ')} is not a toolset; choose from all, ${MCP_TOOLSETS.join(', ')}`,
        });
      }
    }),
});

async function install(runtime: Runtime, options: z.output<typeof installSchema>): Promise<void> {
  const api = runtime.api();
  const session = await requireSession(runtime);
  const organizationId = session.session.activeOrganizationId;
  if (!organizationId) throw new CliError('Choose an organization first: `switchboard org use <name>`.');
  const project = await resolveProject(api, projectRefFor(runtime, options.project));
  const { url } = await api.mcpConfig.get({ projectId: project.id });
  const client: McpClientName = options.client;
  const workspace = workspaceRoot(runtime.cwd);
  const input = { client, url, projectKey: project.key, workspace, codexHome: runtime.env.codexHome };
  // The file is rendered (and an unreadable one refused) before a key is made, so nothing is half done.
  let file: ReturnType<typeof renderClientConfig>;
  try {
    file = renderClientConfig(input, readIfPresent(renderClientConfig(input, undefined).path));
  } catch (error) {
    if (error instanceof UnreadableConfigError) throw new CliError(error.message);
    throw error;
  }
  const key = await ensureKey(runtime, {
    organizationId,
    agent: options.agent,
    projectId: project.id,
    fresh: options.newKey,
  });
  // The whole point: the literal key never goes into a file a repository could track.
  if (file.content.includes(key.stored.key))
    throw new Error('refusing to write the API key into a config file');
  mkdirSync(dirname(file.path), { recursive: true });
  writeFileSync(file.path, file.content);

  const shownPath = file.scope === 'project' ? relative(workspace, file.path) : file.path;
  const exportLine = `export ${API_KEY_ENV}=${key.stored.key}`;
  if (options.json) {
    printJson(runtime.stdout, {
      client,
      file: file.path,
      scope: file.scope,
      server: file.serverName,
      url,
      project: { id: project.id, key: project.key },
      apiKey: { id: key.stored.id, name: key.stored.name, created: key.created },
      env: { [API_KEY_ENV]: key.stored.key },
    });
    return;
  }
  const out = runtime.stdout;
  out.write(`Configured ${CLIENT_LABELS[client]} for ${project.key} (${project.name}).\n`);
  out.write(`  ${shownPath}: MCP server "${file.serverName}" → ${url}\n`);
  out.write(
    file.scope === 'project'
      ? `  The file reads the key from $${API_KEY_ENV}; it holds no secret and is safe to commit.\n`
      : `  Codex reads the key from $${API_KEY_ENV} (bearer_token_env_var); the file holds no secret.\n`,
  );
  if (client === 'claude-code')
    out.write('  Claude Code asks you to approve project MCP servers the first time.\n');
  out.write(
    `  ${key.created ? 'Created' : 'Reusing'} API key "${key.stored.name}"${options.agent ? ` acting as ${options.agent}` : ''}.\n\n`,
  );
  out.write(
    `Set the key where ${CLIENT_LABELS[client]} runs (e.g. in your shell profile):\n\n  ${exportLine}\n`,
  );
}

/** The scaffold toolset is not among the default ones: it is offered when named, or with all. */
function offersScaffold(toolsets: string | undefined): boolean {
  const names = (toolsets ?? '').split(',').map((name) => name.trim());
  return names.includes('scaffold') || names.includes('all');
}

async function serve(runtime: Runtime, options: z.output<typeof serveSchema>): Promise<void> {
  const token = runtime.env.apiKey ?? runtime.credential()?.token;
  if (!token) {
    throw new AuthError(
      `Not logged in to ${runtime.server}: run \`switchboard login\`, or set ${API_KEY_ENV} to an API key.`,
    );
  }
  const url = new URL(runtime.anonymousApi().raw.url(MCP_PATH));
  let project = options.project;
  if (!project) {
    const link = linkFor(runtime)?.link;
    if (link) project = link.projectKey;
  }
  if (project) url.searchParams.set('project', project);
  if (options.toolsets) url.searchParams.set('toolsets', options.toolsets);
  const { startProxy } = await import('../mcp/proxy');
  // In a repository the two review tools read files and diffs from the working tree here, so the
  // agent passes only a path; elsewhere the server's own versions (which take the content) stay.
  const root = findRepositoryRoot(runtime.cwd);
  const localTools: LocalTool[] = root
    ? (await import('../mcp/local-review-tools')).localReviewTools(runtime, {
        root,
        project: options.project,
      })
    : [];
  // use-boilerplate and use-scaffold-method write into the working tree when the session offers them.
  if (root && offersScaffold(options.toolsets)) {
    const { localScaffoldTools } = await import('../mcp/local-scaffold-tools');
    localTools.push(...localScaffoldTools({ root }));
  }
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  try {
    proxy = await startProxy({ url: url.toString(), token, userAgent: runtime.userAgent, localTools });
  } catch (error) {
    // The server's refusal (a bad key: UNAUTHENTICATED) is reported like any API error.
    if (error instanceof ApiError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new CliError(`Could not connect to ${url.toString()}: ${message}`);
  }
  runtime.stderr.write(`switchboard mcp serve: proxying stdio to ${url.toString()}\n`);
  const stop = () => void proxy.close();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await proxy.closed;
}

export function registerMcp(program: Command, context: CliContext): void {
  const mcp = program.command('mcp').description('connect coding agents to Switchboard over MCP');

  mcp
    .command('install')
    .description(
      "write an MCP client's configuration for the linked project, with an API key in the environment",
    )
    .requiredOption('--client <client>', `which client: ${MCP_CLIENTS.join(', ')}`)
    .option('--project <key>', 'project key or id (default: the one linked to this repository)')
    .option('--agent <name>', 'make the key act as this agent profile')
    .option('--new-key', 'create a new API key even when a stored one still works')
    .option('--json', 'print JSON (includes the key)')
    .action(async (_options: unknown, command: Command) => {
      const options = parseOptions(installSchema, command.optsWithGlobals<GlobalOptions>());
      await install(createRuntime(context, options), options);
    });

  mcp
    .command('serve')
    .description(
      'run a stdio MCP server that proxies to Switchboard, for clients without HTTP support; in a git repository it answers review-code-change and get-file-design-pattern itself, from the working tree, and with the scaffold toolset writes use-boilerplate and use-scaffold-method files into it',
    )
    .option('--project <key>', 'project key or id (default: the one linked to this repository)')
    .option(
      '--toolsets <list>',
      `toolsets to offer, comma-separated (default ${MCP_DEFAULT_TOOLSETS.join(',')}, the work loop; all, or any of ${MCP_TOOLSETS.join(', ')})`,
    )
    .action(async (_options: unknown, command: Command) => {
      const options = parseOptions(serveSchema, command.optsWithGlobals<GlobalOptions>());
      await serve(createRuntime(context, options), options);
    });
}
