import { CommanderError } from 'commander';
import type { CliContext } from './context';
import type { ExitCode } from './exit-codes';
import { createProgram } from './program';

/**
 * Parses and runs one command line, with the one top-level catch: a CliError or an API error is
 * printed as one line and mapped to its exit code (exit-codes.ts); anything else is a bug and prints
 * its stack. The error modules (and zod with them) load only when something failed.
 */
export async function run(argv: readonly string[], context: CliContext): Promise<ExitCode> {
  try {
    const program = await createProgram(argv.slice(2), context);
    await program.parseAsync([...argv]);
    return 0;
  } catch (error) {
    // Commander has printed its own message (or the help, or the version) already.
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    const { describeError, exitCodeFor } = await import('./exit-codes');
    context.stderr.write(`${describeError(error)}\n`);
    return exitCodeFor(error);
  }
}
