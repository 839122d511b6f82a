import { Command, InvalidArgumentError } from 'commander';
import type { CliContext, GlobalOptions } from './context';
import { CLI_VERSION } from './version';

export type { GlobalOptions };

/** Adds a command to the program; its actions act in the run's context. */
type Register = (program: Command, context: CliContext) => void;

interface CommandEntry {
  /** One line for `switchboard --help`, naming the subcommands. */
  summary: string;
  /** Loads the command's module (zod, the API client …) only when it runs or shows its help. */
  load: () => Promise<Register>;
}

/**
 * Every top-level command, in the order help lists them. Each lives in its own module under
 * commands/; only the one being run is imported, which keeps `--help`, `--version` and every command
 * that does not need them free of the others' dependencies, so it starts almost as fast as bare Node.
 */
export const COMMANDS: Record<string, CommandEntry> = {
  login: {
    summary: 'log in from this computer: approve a one-time code in the browser',
    load: () => import('./commands/login').then((module) => module.registerLogin),
  },
  logout: {
    summary: "end this computer's login: revoke it on the server and forget it here",
    load: () => import('./commands/logout').then((module) => module.registerLogout),
  },
  whoami: {
    summary: 'show who this computer is logged in as, on which server and in which organization',
    load: () => import('./commands/whoami').then((module) => module.registerWhoami),
  },
  org: {
    summary: 'org list | org use <organization>: your organizations, and which one commands act in',
    load: () => import('./commands/org').then((module) => module.registerOrg),
  },
  project: {
    summary: 'project list | project use <key>: projects, and linking this git repository to one',
    load: () => import('./commands/project').then((module) => module.registerProject),
  },
  task: {
    summary: "task list | show | create | move: the linked project's tasks",
    load: () => import('./commands/task').then((module) => module.registerTask),
  },
  work: {
    summary: 'work [task] | work list | work clean: claim a task into its own git worktree and branch',
    load: () => import('./commands/work').then((module) => module.registerWork),
  },
  plan: {
    summary: 'plan list | show | accept: proposed work, accepted into work units and tasks',
    load: () => import('./commands/plan').then((module) => module.registerPlan),
  },
  mcp: {
    summary: 'mcp install --client <client> | mcp serve: connect coding agents over MCP',
    load: () => import('./commands/mcp').then((module) => module.registerMcp),
  },
  agents: {
    summary: "agents sync: write the organization's agent profiles as subagents for your clients",
    load: () => import('./commands/agents').then((module) => module.registerAgents),
  },
  board: {
    summary: 'a live board of the linked project in the terminal (keyboard: arrows, < >, q)',
    load: () => import('./commands/board').then((module) => module.registerBoard),
  },
  review: {
    summary: 'check changed files against the architecture rules; exits 1 on a HIGH finding',
    load: () => import('./commands/review').then((module) => module.registerReview),
  },
  rules: {
    summary:
      "rules pull | push <folder>: sync the organization's rule set with architect.yaml and RULES.yaml",
    load: () => import('./commands/rules').then((module) => module.registerRules),
  },
  scaffold: {
    summary: "scaffold list | add <method>: create files from the organization's templates",
    load: () => import('./commands/scaffold').then((module) => module.registerScaffold),
  },
  templates: {
    summary: 'templates pull | push <folder>: sync the templates with templates/<name>/scaffold.yaml folders',
    load: () => import('./commands/templates').then((module) => module.registerTemplates),
  },
};

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
 * The command names `args` (argv without node and the script) will run or show help for: the first
 * operand, and for `help <command>` the one after it. Global options are skipped with their values.
 */
export function requestedCommands(args: readonly string[]): string[] {
  const operands: string[] = [];
  for (let index = 0; index < args.length && operands.length < 2; index++) {
    const arg = args[index] as string;
    if (arg === '--') {
      operands.push(...args.slice(index + 1, index + 3));
      break;
    }
    if (arg === '--api-url') {
      index += 1;
      continue;
    }
    if (arg.startsWith('-')) {
      if (operands.length > 0) break;
      continue;
    }
    operands.push(arg);
    if (operands[0] !== 'help') break;
  }
  return operands[0] === 'help' ? operands.slice(1) : operands.slice(0, 1);
}

/**
 * The command tree for one run. The commands `args` names are loaded in full; the others are
 * registered by name and summary only, for the help listing. `exitOverride` turns commander's own
 * exits into CommanderErrors for the one top-level catch.
 */
export async function createProgram(args: readonly string[], context: CliContext): Promise<Command> {
  const program = new Command('switchboard')
    .description(
      'Switchboard from the terminal: log in, provision MCP for your coding agents and sync shared agent profiles.',
    )
    .version(CLI_VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .helpCommand('help [command]', 'show help for a command')
    .option('--api-url <url>', 'URL of the Switchboard server, e.g. http://localhost:3000', parseApiUrl)
    .showHelpAfterError('(run switchboard --help for usage)')
    .exitOverride()
    // Operands that name no command are unknown commands, and no operand at all shows help.
    .allowExcessArguments()
    .action((_options: GlobalOptions, command: Command) => {
      const [first] = command.args;
      if (first !== undefined) {
        command.error(`error: unknown command '${first}'`, { code: 'commander.unknownCommand' });
      }
      command.help();
    });
  const wanted = new Set(requestedCommands(args));
  for (const [name, entry] of Object.entries(COMMANDS)) {
    if (wanted.has(name)) (await entry.load())(program, context);
    else program.command(name).description(entry.summary);
  }
  // Commands made with program.command() inherit exitOverride and the help hint from the root.
  return program;
}
