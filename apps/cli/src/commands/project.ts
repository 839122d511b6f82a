import type { Command } from 'commander';
import * as z from 'zod';
import { type CliContext, createRuntime, type GlobalOptions } from '../context';
import { NotFoundError } from '../exit-codes';
import { parseOptions, printJson, printTable } from '../output';
import { findProject, listProjects } from '../projects';
import { linkFor, linkRootFor } from '../repository';

const listSchema = z.object({ apiUrl: z.string().optional(), json: z.boolean().default(false) });
const useSchema = z.object({ apiUrl: z.string().optional(), json: z.boolean().default(false) });

export function registerProject(program: Command, context: CliContext): void {
  const project = program
    .command('project')
    .description("your organization's projects, and this repository's link to one");

  project
    .command('list')
    .description("list the active organization's projects; * marks the one this repository is linked to")
    .option('--json', 'print JSON')
    .action(async (_options: unknown, command: Command) => {
      const options = parseOptions(listSchema, command.optsWithGlobals<GlobalOptions>());
      const runtime = createRuntime(context, options);
      const projects = await listProjects(runtime.api());
      const linkedId = linkFor(runtime)?.link?.projectId;
      if (options.json) {
        printJson(
          runtime.stdout,
          projects.map((item) => ({ ...item, linked: item.id === linkedId })),
        );
        return;
      }
      printTable(
        runtime.stdout,
        ['', 'KEY', 'NAME', 'OPEN', 'TASKS'],
        projects.map((item) => [
          item.id === linkedId ? '*' : '',
          item.key,
          item.name,
          String(item.counts.openTasks),
          String(item.counts.tasks),
        ]),
        'No projects yet: create one in the dashboard.',
      );
    });

  project
    .command('use')
    .description('link the git repository you are in to a project (by key or id); stored in your user config')
    .argument('<project>', 'project key (e.g. SWB) or id')
    .option('--json', 'print JSON')
    .action(async (wanted: string, _options: unknown, command: Command) => {
      const options = parseOptions(useSchema, command.optsWithGlobals<GlobalOptions>());
      const runtime = createRuntime(context, options);
      const root = linkRootFor(runtime.cwd);
      const projects = await listProjects(runtime.api());
      const found = findProject(projects, wanted);
      if (!found) {
        const keys = projects.map((item) => item.key).join(', ');
        throw new NotFoundError(
          `No project ${wanted} in your active organization.${keys ? ` Its projects: ${keys}.` : ''}`,
        );
      }
      // Kept in the user's config, keyed by the repository's main folder (its worktrees share it):
      // nothing is written into the repository, so nothing can be committed by mistake.
      const link = {
        server: runtime.server,
        organizationId: found.organizationId,
        projectId: found.id,
        projectKey: found.key,
        projectName: found.name,
      };
      runtime.config.setLink(root, link);
      if (options.json) printJson(runtime.stdout, { repository: root, ...link });
      else runtime.stdout.write(`Linked ${root} to ${found.key} (${found.name}).\n`);
    });
}
