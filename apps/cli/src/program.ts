import { Command, InvalidArgumentError } from 'commander';
import { CLI_VERSION } from './version';

/** Options every command can read through `command.optsWithGlobals()`. */
export interface GlobalOptions {
  /** Wins over SWITCHBOARD_API_URL and the stored setting (DESIGN §9); no command reads it yet. */
  apiUrl?: string;
}

function parseApiUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError('expected an absolute http(s) URL, e.g. http://localhost:3000');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidArgumentError('expected an http or https URL');
  }
  return value;
}

/**
 * The command tree. Built fresh per call so tests can parse without touching process state;
 * `exitOverride` turns commander's own exits into CommanderErrors for the one top-level catch.
 */
export function createProgram(): Command {
  return (
    new Command('switchboard')
      .description(
        'Switchboard from the terminal: log in, provision MCP for your coding agents and sync shared agent profiles.',
      )
      .version(CLI_VERSION, '-V, --version', 'print the version')
      .helpOption('-h, --help', 'show help')
      .option('--api-url <url>', 'URL of the Switchboard server, e.g. http://localhost:3000', parseApiUrl)
      .showHelpAfterError('(run switchboard --help for usage)')
      .exitOverride()
      // Until a command claims them, operands are unknown commands, and no operand at all shows help.
      .allowExcessArguments()
      .action((_options: GlobalOptions, command: Command) => {
        const [first] = command.args;
        if (first !== undefined) {
          command.error(`error: unknown command '${first}'`, { code: 'commander.unknownCommand' });
        }
        command.help();
      })
  );
}
