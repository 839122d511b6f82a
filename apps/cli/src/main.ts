import { ApiError } from '@switchboard/api-client/errors';
import { CommanderError } from 'commander';
import { CliError, exitCodeFor } from './exit-codes';
import { createProgram } from './program';

function describe(error: unknown): string | undefined {
  // Commander has already printed its message (and the help hint) to stderr.
  if (error instanceof CommanderError) return undefined;
  if (error instanceof ApiError && error.status === 401) {
    return `error: not logged in, or this computer's login has ended (${error.message}). Run \`switchboard login\`.`;
  }
  if (error instanceof CliError || error instanceof ApiError) return `error: ${error.message}`;
  // Anything else is a bug: the stack is what a bug report needs.
  return error instanceof Error ? (error.stack ?? error.message) : `error: ${String(error)}`;
}

async function main(argv: readonly string[]): Promise<void> {
  try {
    const program = await createProgram(argv.slice(2));
    await program.parseAsync([...argv]);
  } catch (error) {
    const message = describe(error);
    if (message !== undefined) process.stderr.write(`${message}\n`);
    // exitCode rather than exit(): pending stdout writes to a pipe still get flushed.
    process.exitCode = exitCodeFor(error);
  }
}

await main(process.argv);
