import { CommanderError } from 'commander';
import { createProgram } from './program';

/**
 * Parses and runs one command line, with the one top-level catch: a CliError or an API error is
 * printed as one line and mapped to its exit code (exit-codes.ts); anything else is a bug and prints
 * its stack. The error modules (and zod with them) load only when something failed.
 */
export async function run(argv: readonly string[]): Promise<void> {
  try {
    const program = await createProgram(argv.slice(2));
    await program.parseAsync([...argv]);
  } catch (error) {
    // Commander has printed its own message (or the help, or the version) already.
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode === 0 ? 0 : 2;
      return;
    }
    const { describeError, exitCodeFor } = await import('./exit-codes');
    process.stderr.write(`${describeError(error)}\n`);
    // exitCode rather than exit(): pending stdout writes to a pipe still get flushed.
    process.exitCode = exitCodeFor(error);
  }
}
