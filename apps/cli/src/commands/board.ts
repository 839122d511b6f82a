import type { Command } from 'commander';
import * as z from 'zod';
import { apiBoardSource } from '../board-source';
import { type CliContext, createRuntime, type GlobalOptions } from '../context';
import { parseOptions } from '../output';
import { resolveProject } from '../projects';
import { projectRefFor } from '../repository';

const optionsSchema = z.object({ apiUrl: z.string().optional(), project: z.string().optional() });

export function registerBoard(program: Command, context: CliContext): void {
  program
    .command('board')
    .description('a live board of the linked project; arrows move, < and > move the task, q quits')
    .option('--project <key>', 'project key or id (default: the one linked to this repository)')
    .action(async (_options: unknown, command: Command) => {
      const options = parseOptions(optionsSchema, command.optsWithGlobals<GlobalOptions>());
      const runtime = createRuntime(context, options);
      const api = runtime.api();
      // Problems (not logged in, no such project) are reported with their exit code before the screen opens.
      const project = await resolveProject(api, projectRefFor(runtime, options.project));
      const source = apiBoardSource({
        api,
        project: { id: project.id, key: project.key, name: project.name },
        headers: runtime.loginHeaders(),
        fetch: runtime.fetch,
      });
      await source.load();
      // Ink and React load only here: no other command pays for them.
      const { runBoard } = await import('../ui/render-board');
      await runBoard(source, runtime.terminal);
    });
}
