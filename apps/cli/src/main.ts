import { CLI_VERSION } from './version';

// `--version` is answered before anything else loads (DESIGN §9: start-up close to bare Node); every
// other command line goes through commander in run.ts.
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  process.stdout.write(`${CLI_VERSION}\n`);
} else {
  const { run } = await import('./run');
  await run(process.argv);
}
