import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { TypedApi } from '@switchboard/api-client';
import type { Task } from '@switchboard/api-client/contract';
import type { Command } from 'commander';
import * as z from 'zod';
import { agentNameOption, ensureKey } from '../agent-keys';
import { SYNC_CLIENTS } from '../agents/files';
import { type CliContext, createRuntime, type GlobalOptions, type Runtime } from '../context';
import { CliError, NotFoundError } from '../exit-codes';
import { parseOptions, printJson } from '../output';
import { listStatuses, resolveProject } from '../projects';
import { findRepositoryRoot, mainRepositoryRoot, projectRefFor } from '../repository';
import { requireSession } from '../session';
import { resolveTaskNames } from '../task-names';
import { addWorktree, defaultBranch, excludeSwitchboardFolder, runGit } from '../work/git-worktrees';
import { branchNameFor, worktreePathFor } from '../work/naming';
import { profileIsThere, startLines } from '../work/start-command';
import { renderTaskFile, TASK_FILE } from '../work/task-file';
import { cleanWorktrees, listTaskWorktrees } from '../work/worktree-tasks';

/** The git config value (`git config switchboard.worktreeDir ../trees`) that moves worktrees for a repository. */
export const WORKTREE_DIR_CONFIG = 'switchboard.worktreeDir';

const common = { apiUrl: z.string().optional(), json: z.boolean().default(false) };
const startSchema = z.object({
  ...common,
  project: z.string().optional(),
  agent: agentNameOption,
  client: z.enum(SYNC_CLIENTS).default('claude-code'),
  dir: z.string().trim().min(1).optional(),
});
const listSchema = z.object(common);
const cleanSchema = z.object({ ...common, dryRun: z.boolean().default(false) });

/** The main working tree of the repository the command runs in, or why `work` cannot run here. */
function requireMainRoot(cwd: string): string {
  const root = findRepositoryRoot(cwd);
  if (!root) {
    throw new CliError(
      `${cwd} is not inside a git repository: run switchboard work in the repository the task's code lives in.`,
    );
  }
  return mainRepositoryRoot(root);
}

async function worktreesFolder(mainRoot: string, flag: string | undefined): Promise<string | undefined> {
  if (flag) return flag;
  const configured = await runGit(mainRoot, ['config', '--get', WORKTREE_DIR_CONFIG]);
  return configured.code === 0 && configured.stdout.trim() ? configured.stdout.trim() : undefined;
}

/** Refuses a folder that is there already: it is another worktree, or something else that is not ours to touch. */
function refuseExisting(path: string, key: string): void {
  if (!existsSync(path)) return;
  throw new CliError(
    `The worktree folder ${path} exists already: ${key} may be in progress there (cd into it), or remove it (\`switchboard work clean\`, or \`git worktree remove\`) and run this again.`,
  );
}

/**
 * Who the claim is for: with --agent, the agent profile, through the API key `mcp install` keeps for it
 * (made now when there is none), so the agent's MCP client later continues under its own claim;
 * without, the person logged in.
 */
async function claimingApi(
  runtime: Runtime,
  options: z.output<typeof startSchema>,
  projectId: string,
): Promise<TypedApi> {
  if (!options.agent) return runtime.api();
  const session = await requireSession(runtime);
  const organizationId = session.session.activeOrganizationId;
  if (!organizationId) throw new CliError('Choose an organization first: `switchboard org use <name>`.');
  const key = await ensureKey(runtime, {
    organizationId,
    agent: options.agent,
    projectId,
    fresh: false,
  });
  return runtime.anonymousApi({ apiKey: key.stored.key });
}

interface Claimed {
  task: Task;
  /** The claimer already held it (next-task gave back its unfinished work). */
  resumed: boolean;
  /** This run took the claim (rather than renewing one the claimer held): its to give back on failure. */
  fresh: boolean;
  /** The API as the claimer. */
  claimer: TypedApi;
}

async function claim(
  runtime: Runtime,
  options: z.output<typeof startSchema>,
  reference: string | undefined,
  place: (task: Task) => string,
): Promise<Claimed> {
  const api = runtime.api();
  if (reference) {
    const found = await api.tasks.get({ task: reference.trim() });
    // Checked before claiming, so a folder in the way leaves the task as it was.
    refuseExisting(place(found), found.key);
    const claimer = await claimingApi(runtime, options, found.projectId);
    const claimed = await claimer.tasks.claim({ task: found.id });
    const heldBefore =
      found.claim?.agentName !== undefined && found.claim.agentName === claimed.claim?.agentName;
    return { task: claimed, resumed: false, fresh: !heldBefore, claimer };
  }
  const project = await resolveProject(api, projectRefFor(runtime, options.project));
  const claimer = await claimingApi(runtime, options, project.id);
  const next = await claimer.tasks.next({ projectId: project.id });
  if (!next.task) {
    throw new NotFoundError(
      `No ready task in ${project.key} for ${options.agent ?? 'you'}: nothing in a to-do status is unclaimed, assigned to ${options.agent ?? 'you'} or to nobody, and free of unfinished blockers.`,
    );
  }
  return { task: next.task, resumed: next.resumed, fresh: !next.resumed, claimer };
}

/**
 * Makes the task's worktree; when that fails, a claim this run took is given back, so a task nobody
 * can work on here is not left held until its lease runs out.
 */
async function makeWorktree(
  claimed: Claimed,
  mainRoot: string,
  target: { path: string; branch: string; base: string },
): Promise<{ reusedBranch: boolean }> {
  try {
    refuseExisting(target.path, claimed.task.key);
    return await addWorktree(mainRoot, target);
  } catch (error) {
    if (!claimed.fresh || !(error instanceof CliError)) throw error;
    await claimed.claimer.tasks.release({ task: claimed.task.id });
    throw new CliError(`${error.message}\nThe claim on ${claimed.task.key} was given back.`, error.exitCode, {
      cause: error,
    });
  }
}

async function startWork(
  runtime: Runtime,
  options: z.output<typeof startSchema>,
  reference: string | undefined,
): Promise<void> {
  const mainRoot = requireMainRoot(runtime.cwd);
  runtime.requireCredential();
  const [base, folder] = await Promise.all([defaultBranch(mainRoot), worktreesFolder(mainRoot, options.dir)]);
  const place = (task: Task) => worktreePathFor(mainRoot, folder, branchNameFor(task));
  const claimed = await claim(runtime, options, reference, place);
  const { task, resumed } = claimed;
  const branch = branchNameFor(task);
  const worktree = place(task);
  const { reusedBranch } = await makeWorktree(claimed, mainRoot, { path: worktree, branch, base });
  await excludeSwitchboardFolder(worktree);

  const api = runtime.api();
  const [statuses, names, architecture] = await Promise.all([
    listStatuses(api, task.projectId),
    resolveTaskNames(api, [task]),
    // Loaded here: the rule engine and its YAML parser are for starting work, not for list or clean.
    import('../work/architecture-brief').then(({ architectureBriefFor }) =>
      architectureBriefFor(runtime, task, worktree),
    ),
  ]);
  const status = statuses.find((each) => each.id === task.statusId)?.name ?? task.statusId;
  const taskFile = join(worktree, TASK_FILE);
  mkdirSync(dirname(taskFile), { recursive: true });
  writeFileSync(
    taskFile,
    renderTaskFile({
      key: task.key,
      title: task.title,
      status,
      priority: task.priority,
      description: task.description,
      acceptanceCriteria: task.acceptanceCriteria,
      blockedBy: names.blockerKeys(task),
      branch,
      base: reusedBranch ? 'the work already on it' : base,
      architecture,
    }),
  );
  const start = startLines({
    client: options.client,
    agent: options.agent,
    key: task.key,
    worktree,
    profilePresent: options.agent ? profileIsThere(options.client, worktree, options.agent) : true,
  });
  if (options.json) {
    printJson(runtime.stdout, {
      task: { id: task.id, key: task.key, title: task.title, status, claim: task.claim },
      resumed,
      worktree,
      branch,
      base,
      reusedBranch,
      taskFile,
      agent: options.agent ?? null,
      client: options.client,
      start,
    });
    return;
  }
  const out = runtime.stdout;
  const holder = task.claim?.agentName ?? options.agent ?? 'you';
  out.write(
    `${resumed ? 'Resuming' : 'Claimed'} ${task.key}: ${task.title} (${status}), held by ${holder}.\n`,
  );
  out.write(
    `Worktree ${worktree} on ${reusedBranch ? `the existing branch ${branch}` : `new branch ${branch} from ${base}`}.\n`,
  );
  out.write(`The brief is in ${TASK_FILE} there (git ignores .switchboard/).\n\n`);
  out.write(`Start ${options.agent ?? 'your coding agent'} in it:\n\n`);
  for (const line of start) out.write(`  ${line}\n`);
}

export function registerWork(program: Command, context: CliContext): void {
  const work = program
    .command('work')
    .description(
      `claim a task and give it its own git worktree, on a new branch <key>-<title> from the default branch, with the task's brief in ${TASK_FILE}`,
    )
    .argument('[task]', 'task key (SWB-12) or id; without it, your next ready task in the linked project')
    .option('--agent <profile>', 'claim it for this agent profile (its API key) and say how to start it')
    .option(
      '--client <client>',
      `the coding agent you start there: ${SYNC_CLIENTS.join(', ')}`,
      'claude-code',
    )
    .option(
      '--project <key>',
      'for the next task: project key or id (default: the one linked to this repository)',
    )
    .option(
      '--dir <folder>',
      `where worktrees go (default: git config ${WORKTREE_DIR_CONFIG}, else ../<repository>-worktrees)`,
    )
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      `
Each task gets <folder>/<branch>; two runs never share one: the claim gives each a different task,
and git refuses a branch or folder another run took first.

  switchboard work SWB-12                      claim SWB-12 yourself
  switchboard work --agent backend-dev         claim backend-dev's next ready task
  switchboard work list                        worktrees, their tasks and pull requests
  switchboard work clean                       remove worktrees whose work is merged or done`,
    )
    .action(async (reference: string | undefined, _options: unknown, command: Command) => {
      const options = parseOptions(startSchema, command.optsWithGlobals<GlobalOptions>());
      await startWork(createRuntime(context, options), options, reference);
    });

  work
    .command('list')
    .description(
      "this repository's task worktrees: path, branch, task (key, status, title) and pull requests",
    )
    .option('--json', 'print JSON')
    .action(async (_options: unknown, command: Command) => {
      const options = parseOptions(listSchema, command.optsWithGlobals<GlobalOptions>());
      const runtime = createRuntime(context, options);
      await listTaskWorktrees(runtime, requireMainRoot(runtime.cwd), options);
    });

  work
    .command('clean')
    .description(
      'remove task worktrees whose pull request merged or whose task is done, unless they hold uncommitted changes; delete their branches when merged into the default branch',
    )
    .option('--dry-run', 'say what would be removed, and remove nothing')
    .option('--json', 'print JSON')
    .action(async (_options: unknown, command: Command) => {
      const options = parseOptions(cleanSchema, command.optsWithGlobals<GlobalOptions>());
      const runtime = createRuntime(context, options);
      await cleanWorktrees(runtime, requireMainRoot(runtime.cwd), options);
    });
}
