import type { Command } from 'commander';
import * as z from 'zod';
import { listOrganizations, setActiveOrganization } from '../better-auth';
import { type CliContext, createRuntime, type GlobalOptions } from '../context';
import { NotFoundError } from '../exit-codes';
import { parseOptions, printJson, printTable } from '../output';
import { findOrganization, requireSession } from '../session';

const listSchema = z.object({ apiUrl: z.string().optional(), json: z.boolean().default(false) });
const useSchema = z.object({ apiUrl: z.string().optional(), json: z.boolean().default(false) });

export function registerOrg(program: Command, context: CliContext): void {
  const org = program.command('org').description('the organizations you belong to');

  org
    .command('list')
    .description('list your organizations; * marks the one commands act in')
    .option('--json', 'print JSON')
    .action(async (_options: unknown, command: Command) => {
      const options = parseOptions(listSchema, command.optsWithGlobals<GlobalOptions>());
      const runtime = createRuntime(context, options);
      const session = await requireSession(runtime);
      const organizations = await listOrganizations(runtime.auth());
      const activeId = session.session.activeOrganizationId ?? null;
      if (options.json) {
        printJson(
          runtime.stdout,
          organizations.map((organization) => ({ ...organization, active: organization.id === activeId })),
        );
        return;
      }
      printTable(
        runtime.stdout,
        ['', 'NAME', 'SLUG', 'ID'],
        organizations.map((organization) => [
          organization.id === activeId ? '*' : '',
          organization.name,
          organization.slug,
          organization.id,
        ]),
        'You belong to no organization yet: create one in the dashboard.',
      );
    });

  org
    .command('use')
    .description('make an organization the one commands act in (by name, slug or id)')
    .argument('<organization>', 'name, slug or id')
    .option('--json', 'print JSON')
    .action(async (wanted: string, _options: unknown, command: Command) => {
      const options = parseOptions(useSchema, command.optsWithGlobals<GlobalOptions>());
      const runtime = createRuntime(context, options);
      await requireSession(runtime);
      const organizations = await listOrganizations(runtime.auth());
      const found = findOrganization(organizations, wanted);
      if (!found) {
        const names = organizations.map((organization) => organization.slug).join(', ');
        throw new NotFoundError(
          `You are not in an organization called ${wanted}.${names ? ` Yours: ${names}.` : ''}`,
        );
      }
      // The CLI's own session changes organization; the browser's stays where it is.
      await setActiveOrganization(runtime.auth(), found.id);
      if (options.json) printJson(runtime.stdout, found);
      else runtime.stdout.write(`Now using ${found.name} (${found.slug}).\n`);
    });
}
