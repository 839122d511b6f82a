import { CLI_VERSION } from './version';

// `--version` is answered before anything else loads (start-up close to bare Node); every other
// command line goes through commander in run.ts. This is the one place that reads the process's
// working folder, environment and streams; everything below gets them passed in.
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  process.stdout.write(`${CLI_VERSION}\n`);
} else {
  const [{ run }, { readCliEnv }] = await Promise.all([import('./run'), import('./env')]);
  // exitCode rather than exit(): pending stdout writes to a pipe still get flushed.
  process.exitCode = await run(process.argv, {
    cwd: process.cwd(),
    env: readCliEnv(),
    stdout: process.stdout,
    stderr: process.stderr,
    terminal: { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr },
    now: () => new Date(),
  });
}
