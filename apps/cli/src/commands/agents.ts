import { relative } from 'node:path';
import type { Command } from 'commander';
import * as z from 'zod';
import { SYNC_CLIENTS, type SyncClient } from '../agents/files';
import { syncAgents } from '../agents/sync';
import { type CliContext, createRuntime, type GlobalOptions } from '../context';
import { parseOptions, printJson } from '../output';
import { workspaceRoot } from '../repository';

const clientList = z
  .string()
  .default('claude-code')
  .transform((value, ctx) => {
    const names = value
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean);
    if (names.includes('all')) return [...SYNC_CLIENTS];
    const unknown = names.filter((name) => !(SYNC_CLIENTS as readonly string[]).includes(name));
    if (unknown.length > 0 || names.length === 0) {
      ctx.addIssue({ code: 'custom', message: `choose from ${SYNC_CLIENTS.join(', ')} or all` });
      return z.NEVER;
    }
    return [...new Set(names)] as SyncClient[];
  });

const syncSchema = z.object({
  apiUrl: z.string().optional(),
  client: clientList,
  dryRun: z.boolean().default(false),
  force: z.boolean().default(false),
  json: z.boolean().default(false),
});

export function registerAgents(program: Command, context: CliContext): void {
  const agents = program.command('agents').description("the organization's shared agent profiles");

  agents
    .command('sync')
    .description(
      'write the profiles where each client reads them: .claude/agents/<name>.md, .gemini/agents/<name>.md, .cursor/rules/agent-<name>.mdc, a section of AGENTS.md (codex)',
    )
    .option('--client <clients>', `comma-separated: ${SYNC_CLIENTS.join(', ')}, or all`, 'claude-code')
    .option('--dry-run', 'show what would change without writing')
    .option('--force', 'also replace same-named files that agents sync did not write')
    .option('--json', 'print JSON')
    .action(async (_options: unknown, command: Command) => {
      const options = parseOptions(syncSchema, command.optsWithGlobals<GlobalOptions>());
      const runtime = createRuntime(context, options);
      const { items } = await runtime.api().agents.list();
      const workspace = workspaceRoot(runtime.cwd);
      const actions = syncAgents(items, {
        workspace,
        clients: options.client,
        dryRun: options.dryRun,
        force: options.force,
      });
      if (options.json) {
        printJson(runtime.stdout, {
          workspace,
          dryRun: options.dryRun,
          profiles: items.length,
          files: actions,
        });
        return;
      }
      const out = runtime.stdout;
      const verb = options.dryRun ? 'would be ' : '';
      for (const action of actions) {
        if (action.outcome === 'unchanged') continue;
        const note = action.reason ? ` (${action.reason})` : '';
        out.write(`${verb}${action.outcome.padEnd(8)} ${relative(workspace, action.path)}${note}\n`);
      }
      const unchanged = actions.filter((action) => action.outcome === 'unchanged').length;
      const changed = actions.length - unchanged;
      out.write(
        `${items.length} agent ${items.length === 1 ? 'profile' : 'profiles'}; ${changed} ${changed === 1 ? 'file' : 'files'} ${options.dryRun ? 'to change' : 'changed'}, ${unchanged} already up to date.\n`,
      );
    });
}
