import type { Command } from 'commander';
import * as z from 'zod';
import { signOut } from '../better-auth';
import { type CliContext, createRuntime, type GlobalOptions } from '../context';
import { CliError } from '../exit-codes';
import { parseOptions } from '../output';

const optionsSchema = z.object({ apiUrl: z.string().optional() });

export function registerLogout(program: Command, context: CliContext): void {
  program
    .command('logout')
    .description("end this computer's login: revoke it on the server and forget it here")
    .action(async (_options: unknown, command: Command) => {
      const runtime = createRuntime(
        context,
        parseOptions(optionsSchema, command.optsWithGlobals<GlobalOptions>()),
      );
      const credential = runtime.credential();
      if (!credential) {
        runtime.stdout.write(`Not logged in to ${runtime.server}.\n`);
        return;
      }
      // Already ended on the server (revoked on the web, or expired) counts as revoked.
      const revoked = await signOut(runtime.auth({ token: credential.token })).then(
        () => true,
        () => false,
      );
      // Forget it either way: a token this computer cannot revoke should not stay on it either.
      runtime.config.forgetCredential(runtime.server);
      if (!revoked) {
        throw new CliError(
          `Forgot the login on this computer, but could not reach ${runtime.server} to revoke it: revoke "${credential.deviceName ?? 'this device'}" under Settings → Developer → Connected devices.`,
        );
      }
      runtime.stdout.write(`Logged out of ${runtime.server} (${credential.email}).\n`);
    });
}
