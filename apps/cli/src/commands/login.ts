import type { Command } from 'commander';
import * as z from 'zod';
import { fetchSession, listOrganizations, requestDeviceCode, signOut } from '../better-auth';
import { type CliContext, createRuntime, type GlobalOptions, type Runtime } from '../context';
import { formatUserCode, pollForToken, verificationUrl, webAppOrigin } from '../device-flow';
import { CliError } from '../exit-codes';
import { parseOptions } from '../output';
import { startSpinner } from '../ui/spinner';

const optionsSchema = z.object({
  apiUrl: z.string().optional(),
  /** commander turns --no-browser into browser: false. */
  browser: z.boolean().default(true),
  deviceName: z.string().trim().min(1).max(64).optional(),
  force: z.boolean().default(false),
});

export function registerLogin(program: Command, context: CliContext): void {
  program
    .command('login')
    .description('log in from this computer: approve a one-time code in the browser')
    .option('--no-browser', 'print the link instead of opening a browser')
    .option('--device-name <name>', 'how this computer is named on the server (default: its host name)')
    .option('--force', 'log in again even when this computer is logged in already (replacing that login)')
    .action(async (_options: unknown, command: Command) => {
      const options = parseOptions(optionsSchema, command.optsWithGlobals<GlobalOptions>());
      await login(createRuntime(context, options), options);
    });
}

/** Where the web app is: see webAppOrigin; the API URL's origin when the server does not say. */
async function appUrlOf(runtime: Runtime): Promise<string> {
  const reported = await runtime
    .anonymousApi()
    .system.config()
    .catch(() => undefined);
  return webAppOrigin(runtime.server, reported);
}

/**
 * A login that exists already is kept unless --force: replacing it would sign it out, perhaps as
 * someone else. One the server no longer accepts (revoked, expired) is simply replaced.
 */
async function checkExistingLogin(runtime: Runtime, force: boolean): Promise<void> {
  const previous = runtime.credential();
  if (!previous || force) return;
  const who = `${previous.name} <${previous.email}>`;
  const session = await fetchSession(runtime.auth({ token: previous.token })).catch(() => undefined);
  if (session === null) {
    runtime.stderr.write(`The login of ${who} on ${runtime.server} has ended; logging in again.\n`);
    return;
  }
  throw new CliError(
    `Already logged in to ${runtime.server} as ${who}.\n` +
      'Run `switchboard logout` first, or `switchboard login --force` to replace this login.',
  );
}

async function openBrowser(runtime: Runtime, url: string): Promise<void> {
  try {
    const { default: open } = await import('open');
    const child = await open(url);
    // A browser that cannot start must not fail the login: the link is on screen.
    child.on('error', () => undefined);
    child.unref();
  } catch {
    runtime.stderr.write('Could not open a browser: open the link above yourself.\n');
  }
}

async function login(runtime: Runtime, options: z.output<typeof optionsSchema>): Promise<void> {
  await checkExistingLogin(runtime, options.force);
  const deviceName = options.deviceName ?? runtime.env.deviceName;
  const auth = runtime.auth({ token: null });
  const [appUrl, code] = await Promise.all([appUrlOf(runtime), requestDeviceCode(auth, deviceName)]);
  const link = verificationUrl(appUrl, code.user_code);
  const minutes = Math.round(code.expires_in / 60);
  const err = runtime.stderr;
  err.write(`Logging in to ${runtime.server} as "${deviceName}".\n\n`);
  err.write(`  Your one-time code: ${formatUserCode(code.user_code)}\n`);
  err.write(`  Approve it at:      ${link}\n\n`);
  err.write(
    `Check that the page shows the same code before you approve. It expires in ${minutes} minutes.\n`,
  );
  if (options.browser) await openBrowser(runtime, link);

  const spinner = startSpinner(err, 'Waiting for approval in the browser…', { animate: !runtime.env.plain });
  let token: string;
  try {
    ({ access_token: token } = await pollForToken(auth, code, {
      now: () => runtime.now().getTime(),
      onSlowDown: (seconds) => spinner.update(`Waiting for approval (checking every ${seconds} s)…`),
    }));
  } finally {
    spinner.stop();
  }

  const withToken = runtime.auth({ token });
  const session = await fetchSession(withToken);
  if (!session) {
    throw new CliError(
      `${runtime.server} approved the login but does not recognise the token it issued; nothing was stored. Try \`switchboard login\` again.`,
    );
  }
  const previous = runtime.credential();
  runtime.config.setCredential(runtime.server, {
    token,
    userId: session.user.id,
    email: session.user.email,
    name: session.user.name,
    deviceName,
    createdAt: runtime.now().toISOString(),
  });
  // Later commands without --api-url talk to the server this login is for.
  runtime.config.apiUrl = runtime.server;
  if (previous && previous.token !== token) {
    // The login this one replaces would otherwise stay valid on the server, unseen.
    await signOut(runtime.auth({ token: previous.token })).catch(() => undefined);
  }
  const organizations = await listOrganizations(withToken).catch(() => []);
  const active = organizations.find(
    (organization) => organization.id === session.session.activeOrganizationId,
  );
  runtime.stdout.write(
    `Logged in to ${runtime.server} as ${session.user.name} <${session.user.email}>${active ? ` in ${active.name}` : ''}.\n`,
  );
}
