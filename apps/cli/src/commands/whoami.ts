import type { Command } from 'commander';
import * as z from 'zod';
import { listOrganizations } from '../better-auth';
import { type CliContext, createRuntime, type GlobalOptions } from '../context';
import { parseOptions, printJson } from '../output';
import { requireSession } from '../session';

const optionsSchema = z.object({ apiUrl: z.string().optional(), json: z.boolean().default(false) });

export function registerWhoami(program: Command, context: CliContext): void {
  program
    .command('whoami')
    .description('show who this computer is logged in as, on which server and in which organization')
    .option('--json', 'print JSON')
    .action(async (_options: unknown, command: Command) => {
      const options = parseOptions(optionsSchema, command.optsWithGlobals<GlobalOptions>());
      const runtime = createRuntime(context, options);
      const session = await requireSession(runtime);
      const organizations = await listOrganizations(runtime.auth());
      const active = organizations.find(
        (organization) => organization.id === session.session.activeOrganizationId,
      );
      const credential = runtime.requireCredential();
      if (options.json) {
        printJson(runtime.stdout, {
          server: runtime.server,
          user: session.user,
          organization: active ?? null,
          device: credential.deviceName ?? null,
          loggedInAt: credential.createdAt,
        });
        return;
      }
      runtime.stdout.write(
        `${[
          `${session.user.name} <${session.user.email}>`,
          `Server:        ${runtime.server}`,
          `Organization:  ${active ? `${active.name} (${active.slug})` : 'none: run `switchboard org use <name>`'}`,
          `Device:        ${credential.deviceName ?? 'unnamed'}`,
        ].join('\n')}\n`,
      );
    });
}
