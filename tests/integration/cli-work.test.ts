// `switchboard work` as a real process against a real server, in real git repositories made in
// temporary folders: the claim, the worktree and its branch, the brief, list, clean, five agents at
// once, and each error a user can meet.
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  asBrowser,
  createProject,
  git,
  gitInit,
  type Json,
  linkedRepository,
  loggedInCliForFile,
  makeCliUser,
  runCli,
  runJson,
} from './cli-support';

const ARCHITECT_YAML = `features:
  - name: thin-routes
    design_pattern: Thin HTTP routes
    includes: [src/routes/**/*.ts]
    description: Routes parse input and call the domain.
`;
const RULES_YAML = `version: "1"
rules:
  - pattern: routes
    description: HTTP routes
    globs: ["src/routes/**/*.ts"]
    must_not_do:
      - rule: No database driver in routes
        check:
          forbidImport: [pg]
`;

const AGENTS = ['agent-1', 'agent-2', 'agent-3', 'agent-4', 'agent-5'];
/** Five processes on a busy machine: the limit is for a hang, not a measure of speed. */
const CONCURRENT_TIMEOUT_MS = 180_000;

let repo: string;
let project: Json;
let agentProject: Json;

async function newTask(inProject: Json, title: string, extra: Record<string, unknown> = {}): Promise<Json> {
  const created = await asBrowser(cli.server, cli.ada, 'POST', `/api/v1/projects/${inProject.id}/tasks`, {
    title,
    ...extra,
  });
  if (created.status !== 201) throw new Error(`task ${title}: ${JSON.stringify(created.body)}`);
  return created.body;
}

async function readTask(key: string): Promise<Json> {
  return (await asBrowser(cli.server, cli.ada, 'GET', `/api/v1/tasks/${key}`)).body;
}

async function moveToDone(key: string): Promise<void> {
  const task = await readTask(key);
  const statuses = await asBrowser(cli.server, cli.ada, 'GET', `/api/v1/projects/${task.projectId}/statuses`);
  const done = statuses.body.items.find((status: Json) => status.category === 'done');
  const moved = await asBrowser(cli.server, cli.ada, 'POST', `/api/v1/tasks/${task.id}/move`, {
    version: task.version,
    statusId: done.id,
  });
  if (moved.status !== 200) throw new Error(`move ${key}: ${JSON.stringify(moved.body)}`);
}

const worktreesFolder = () => join(dirname(repo), `${basename(repo)}-worktrees`);
const branchesOf = async (root: string) =>
  (await git(root, 'branch', '--format=%(refname:short)')).split('\n').filter(Boolean).sort();

const cli = loggedInCliForFile(async ({ server, bundle, ada, user }) => {
  project = await createProject(server, ada, { name: 'Shop', key: 'SWB' });
  agentProject = await createProject(server, ada, { name: 'Agents', key: 'AGT' });
  repo = realpathSync(await linkedRepository(bundle, user, 'SWB'));
  writeFileSync(join(repo, 'README.md'), '# Shop\n');
  await git(repo, 'add', 'README.md');
  await git(repo, 'commit', '-q', '-m', 'First commit');
  const ruleSet = await asBrowser(server, ada, 'POST', '/api/v1/rule-sets', {
    name: 'web',
    architectYaml: ARCHITECT_YAML,
    rulesYaml: RULES_YAML,
  });
  expect(ruleSet.status, JSON.stringify(ruleSet.body)).toBe(201);
  const patched = await asBrowser(server, ada, 'PATCH', `/api/v1/projects/${project.id}`, {
    version: project.version,
    ruleSet: 'web',
  });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  for (const name of AGENTS) {
    const created = await asBrowser(server, ada, 'POST', '/api/v1/agents', { name });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  }
});

describe('switchboard work <task>', () => {
  it('claims the task, makes a worktree on <key>-<title> from main and writes the brief there', async () => {
    const blocker = await newTask(project, 'Set up the database');
    const task = await newTask(project, 'Add the users route!', {
      description: 'List users in `src/routes/users.ts`.',
      acceptanceCriteria: [{ text: 'GET /users answers a page' }],
      blockedBy: [blocker.id],
    });
    // What is uncommitted in the main checkout does not travel: the worktree starts from main's commit.
    writeFileSync(join(repo, 'README.md'), '# Shop, half edited\n');
    writeFileSync(join(repo, 'scratch.txt'), 'notes\n');

    const answer = await runJson<Json>(cli.bundle, cli.user, ['work', task.key], { cwd: repo });
    const branch = `${task.key.toLowerCase()}-add-the-users-route`;
    const worktree = join(worktreesFolder(), branch);
    expect(answer).toMatchObject({
      task: { key: task.key, title: 'Add the users route!', claim: { agentName: 'Ada' } },
      resumed: false,
      branch,
      base: 'main',
      reusedBranch: false,
      worktree,
      taskFile: join(worktree, '.switchboard', 'task.md'),
      agent: null,
    });
    expect((await git(worktree, 'rev-parse', '--abbrev-ref', 'HEAD')).trim()).toBe(branch);
    expect(await git(worktree, 'rev-parse', 'HEAD')).toBe(await git(repo, 'rev-parse', 'main'));
    expect(readFileSync(join(worktree, 'README.md'), 'utf8')).toBe('# Shop\n');
    expect(existsSync(join(worktree, 'scratch.txt'))).toBe(false);
    // The brief is there, and git does not offer to commit it.
    expect(await git(worktree, 'status', '--porcelain')).toBe('');
    const brief = readFileSync(answer.taskFile, 'utf8');
    expect(brief).toContain(`# ${task.key}: Add the users route!`);
    expect(brief).toContain(`- Branch: ${branch} (from main)`);
    expect(brief).toContain('List users in `src/routes/users.ts`.');
    expect(brief).toContain('- [ ] GET /users answers a page');
    expect(brief).toContain(`## Blocked by\n\n- ${blocker.key}`);
    expect(brief).toContain('Rule set: web.');
    expect(brief).toContain('### src/routes/users.ts\n- Pattern **thin-routes**: Thin HTTP routes');
    expect(brief).toContain('No database driver in routes');
    expect((await readTask(task.key)).claim.agentName).toBe('Ada');
  });

  it('prints the worktree and how to start a coding agent in it', async () => {
    const task = await newTask(project, 'Show the cart');
    const result = await runCli(cli.bundle, cli.user, ['work', task.key, '--client', 'codex'], { cwd: repo });
    expect(result.code, result.stderr).toBe(0);
    const worktree = join(worktreesFolder(), `${task.key.toLowerCase()}-show-the-cart`);
    expect(result.stdout).toContain(`Claimed ${task.key}: Show the cart (Todo), held by Ada.`);
    expect(result.stdout).toContain(
      `Worktree ${worktree} on new branch ${task.key.toLowerCase()}-show-the-cart from main.`,
    );
    expect(result.stdout).toContain(`  cd ${worktree}\n`);
    expect(result.stdout).toContain(`  codex 'Work on ${task.key}; its brief is .switchboard/task.md'\n`);
  });

  it("in a clone, starts from the remote's default branch without tracking it", async () => {
    const clone = join(cli.user.home, 'clone');
    await git(cli.user.home, 'clone', '-q', repo, clone);
    const task = await newTask(project, 'From the clone');
    const answer = await runJson<Json>(cli.bundle, cli.user, ['work', task.key], { cwd: clone });
    expect(answer.base).toBe('origin/main');
    expect(answer.worktree).toBe(join(cli.user.home, 'clone-worktrees', answer.branch));
    expect(await git(answer.worktree, 'rev-parse', 'HEAD')).toBe(
      await git(clone, 'rev-parse', 'origin/main'),
    );
    // No upstream: a bare `git push` cannot land the work on main.
    const upstream = await git(clone, 'for-each-ref', '--format=%(upstream)', `refs/heads/${answer.branch}`);
    expect(upstream.trim()).toBe('');
  });

  it('puts worktrees in the folder --dir or git config switchboard.worktreeDir names', async () => {
    const byConfig = await newTask(project, 'Configured folder');
    await git(repo, 'config', 'switchboard.worktreeDir', '../configured-trees');
    try {
      const answer = await runJson<Json>(cli.bundle, cli.user, ['work', byConfig.key], { cwd: repo });
      expect(answer.worktree).toBe(
        join(dirname(repo), 'configured-trees', `${byConfig.key.toLowerCase()}-configured-folder`),
      );
      const byFlag = await newTask(project, 'Flagged folder');
      const flagged = join(cli.user.home, 'flagged');
      const second = await runJson<Json>(cli.bundle, cli.user, ['work', byFlag.key, '--dir', flagged], {
        cwd: repo,
      });
      expect(second.worktree).toBe(join(flagged, `${byFlag.key.toLowerCase()}-flagged-folder`));
      expect(existsSync(join(second.worktree, '.switchboard', 'task.md'))).toBe(true);
    } finally {
      await git(repo, 'config', '--unset', 'switchboard.worktreeDir');
    }
  });
});

describe('five agents at once', () => {
  it(
    'each gets a task of its own, claimed for it, in a worktree and branch of its own',
    async () => {
      for (const title of ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot'])
        await newTask(agentProject, title);
      const answers = await Promise.all(
        AGENTS.map((agent) =>
          runJson<Json>(cli.bundle, cli.user, ['work', '--agent', agent, '--project', 'AGT'], {
            cwd: repo,
            timeoutMs: CONCURRENT_TIMEOUT_MS,
          }),
        ),
      );
      const keys = answers.map((answer) => answer.task.key);
      expect(new Set(keys).size).toBe(5);
      expect(new Set(answers.map((answer) => answer.worktree)).size).toBe(5);
      expect(new Set(answers.map((answer) => answer.branch)).size).toBe(5);
      for (const [index, answer] of answers.entries()) {
        const agent = AGENTS[index];
        expect((await readTask(answer.task.key)).claim.agentName).toBe(agent);
        expect((await git(answer.worktree, 'rev-parse', '--abbrev-ref', 'HEAD')).trim()).toBe(answer.branch);
        expect(readFileSync(answer.taskFile, 'utf8')).toContain(`# ${answer.task.key}: `);
        expect(answer.start[0]).toBe(`cd ${answer.worktree}`);
        expect(answer.start).toContain('switchboard agents sync --client claude-code');
        expect(answer.start.at(-1)).toBe(
          `claude 'Use the ${agent} subagent to work on ${answer.task.key}; its brief is .switchboard/task.md'`,
        );
      }
      // The same agent again resumes its own task, whose worktree is there already: said, not duplicated.
      const again = await runCli(cli.bundle, cli.user, ['work', '--agent', 'agent-1', '--project', 'AGT'], {
        cwd: repo,
      });
      expect(again.code).toBe(1);
      expect(again.stderr).toContain(`The worktree folder ${answers[0].worktree} exists already`);
      // Its claim was its own before this run, so it stays.
      expect(again.stderr).not.toContain('given back');
      expect((await readTask(answers[0].task.key)).claim.agentName).toBe('agent-1');
    },
    CONCURRENT_TIMEOUT_MS,
  );
});

describe('switchboard work list and clean', () => {
  it('lists each task worktree with its task, status and pull requests', async () => {
    const listed = await runJson<Json[]>(cli.bundle, cli.user, ['work', 'list'], { cwd: repo });
    const agentRows = listed.filter((row) => row.key.startsWith('AGT-'));
    expect(agentRows).toHaveLength(5);
    for (const row of agentRows) {
      expect(row).toMatchObject({
        status: 'Todo',
        statusCategory: 'todo',
        pullRequests: [],
        uncommittedChanges: 0,
      });
      expect(row.path).toBe(join(worktreesFolder(), row.branch));
    }
    const text = await runCli(cli.bundle, cli.user, ['work', 'list'], { cwd: repo });
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^KEY\s+STATUS\s+PR\s+CHANGES\s+PATH\s+TITLE$/m);
    expect(text.stdout).toMatch(new RegExp(`^${agentRows[0].key}\\s+Todo\\s+—\\s+0\\s+`, 'm'));
  });

  it('removes finished worktrees, keeps dirty and unfinished ones, and deletes only merged branches', async () => {
    const rows = (await runJson<Json[]>(cli.bundle, cli.user, ['work', 'list'], { cwd: repo }))
      .filter((row) => row.key.startsWith('AGT-'))
      .sort((a, b) => a.key.localeCompare(b.key));
    const [merged, unmerged, dirty, unfinished] = rows;
    for (const row of [merged, unmerged, dirty]) await moveToDone(row.key);
    writeFileSync(join(unmerged.path, 'feature.ts'), 'export const feature = 1;\n');
    await git(unmerged.path, 'add', 'feature.ts');
    await git(unmerged.path, 'commit', '-q', '-m', `${unmerged.key} feature`);
    writeFileSync(join(dirty.path, 'wip.ts'), 'export const wip = 1;\n');

    const dry = await runJson<Json>(cli.bundle, cli.user, ['work', 'clean', '--dry-run'], { cwd: repo });
    expect(dry.worktrees.find((row: Json) => row.key === merged.key)).toMatchObject({
      action: 'would-remove',
      branchAction: 'would-delete',
    });
    expect(existsSync(merged.path)).toBe(true);

    const cleaned = await runCli(cli.bundle, cli.user, ['work', 'clean'], { cwd: repo });
    expect(cleaned.code, cleaned.stderr).toBe(0);
    expect(cleaned.stdout).toContain(
      `Removed ${merged.key} ${merged.path} (task is Done); deleted branch ${merged.branch} (merged into main).`,
    );
    expect(cleaned.stdout).toContain(
      `Removed ${unmerged.key} ${unmerged.path} (task is Done); kept branch ${unmerged.branch} (not merged into main).`,
    );
    expect(cleaned.stdout).toContain(
      `Kept ${dirty.key} ${dirty.path}: task is Done, but it has 1 uncommitted change: commit or discard it first.`,
    );
    expect(cleaned.stdout).toContain(`Kept ${unfinished.key} ${unfinished.path}: still in progress (Todo).`);
    expect(existsSync(merged.path)).toBe(false);
    expect(existsSync(unmerged.path)).toBe(false);
    expect(readFileSync(join(dirty.path, 'wip.ts'), 'utf8')).toBe('export const wip = 1;\n');
    expect(existsSync(unfinished.path)).toBe(true);
    const branches = await branchesOf(repo);
    expect(branches).not.toContain(merged.branch);
    expect(branches).toContain(unmerged.branch);
    expect(branches).toContain(dirty.branch);
  });

  it('keeps a worktree whose folder was deleted by hand, and says how git forgets it', async () => {
    const rows = await runJson<Json[]>(cli.bundle, cli.user, ['work', 'list'], { cwd: repo });
    const gone = rows.find((row) => row.key.startsWith('AGT-') && row.statusCategory === 'todo');
    rmSync(gone.path, { recursive: true, force: true });
    const listed = await runCli(cli.bundle, cli.user, ['work', 'list'], { cwd: repo });
    expect(listed.stdout).toMatch(new RegExp(`^${gone.key}\\s+Todo\\s+—\\s+folder gone\\s+`, 'm'));
    const cleaned = await runCli(cli.bundle, cli.user, ['work', 'clean'], { cwd: repo });
    expect(cleaned.code, cleaned.stderr).toBe(0);
    expect(cleaned.stdout).toContain(
      `Kept ${gone.key} ${gone.path}: its folder is gone; \`git worktree prune\` makes git forget it.`,
    );
  });

  it('continues a branch kept by clean when the task is taken up again', async () => {
    const rows = await runJson<Json>(cli.bundle, cli.user, ['work', 'clean', '--dry-run'], { cwd: repo });
    const kept = (await branchesOf(repo)).find(
      (branch) => branch.startsWith('agt-') && !rows.worktrees.some((row: Json) => row.branch === branch),
    );
    expect(kept).toBeDefined();
    const key = (kept as string).split('-').slice(0, 2).join('-').toUpperCase();
    const answer = await runJson<Json>(cli.bundle, cli.user, ['work', key], { cwd: repo });
    expect(answer).toMatchObject({ branch: kept, reusedBranch: true });
    expect(existsSync(join(answer.worktree, 'feature.ts'))).toBe(true);
  });
});

describe('errors', () => {
  it('outside a git repository, exit 1 says where to run it', async () => {
    const result = await runCli(cli.bundle, cli.user, ['work', 'SWB-1'], { cwd: cli.user.cwd });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is not inside a git repository');
  });

  it('without a login, exit 3 says how to log in', async () => {
    const stranger = makeCliUser(cli.server);
    const result = await runCli(cli.bundle, stranger, ['work', 'SWB-1'], { cwd: repo });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('switchboard login');
  });

  it('a task that does not exist exits 4', async () => {
    const result = await runCli(cli.bundle, cli.user, ['work', 'SWB-9999'], { cwd: repo });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('error: There is no task SWB-9999 in this organization.');
  });

  it("a task another agent holds is refused with the holder's name (TASK_CLAIMED)", async () => {
    const task = await newTask(project, 'Held elsewhere');
    const key = await asBrowser(cli.server, cli.ada, 'POST', '/api/v1/auth/api-key/create', {
      name: 'elsewhere',
      metadata: { agentName: 'agent-5' },
    });
    expect(key.status, JSON.stringify(key.body)).toBe(200);
    const claimed = await cli.server.fetch(`/api/v1/tasks/${task.key}/claim`, {
      method: 'POST',
      headers: { 'x-api-key': key.body.key },
    });
    expect(claimed.status).toBe(200);
    const result = await runCli(cli.bundle, cli.user, ['work', task.key], { cwd: repo });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${task.key} is claimed by agent-5`);
    expect(existsSync(join(worktreesFolder(), `${task.key.toLowerCase()}-held-elsewhere`))).toBe(false);
  });

  it('a worktree folder in the way is refused before the task is claimed', async () => {
    const task = await newTask(project, 'Folder in the way');
    const folder = join(worktreesFolder(), `${task.key.toLowerCase()}-folder-in-the-way`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'mine.txt'), 'not a worktree\n');
    const result = await runCli(cli.bundle, cli.user, ['work', task.key], { cwd: repo });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`The worktree folder ${folder} exists already`);
    expect((await readTask(task.key)).claim).toBeNull();
    expect(readFileSync(join(folder, 'mine.txt'), 'utf8')).toBe('not a worktree\n');
  });

  it('a folder in the way of the next task gives its claim back', async () => {
    const giving = await createProject(cli.server, cli.ada, { name: 'Give back', key: 'GIV' });
    const task = await newTask(giving, 'Blocked folder');
    const folder = join(worktreesFolder(), `${task.key.toLowerCase()}-blocked-folder`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'mine.txt'), 'not a worktree\n');
    const result = await runCli(cli.bundle, cli.user, ['work', '--project', 'GIV'], { cwd: repo });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`The worktree folder ${folder} exists already`);
    expect(result.stderr).toContain(`The claim on ${task.key} was given back.`);
    expect((await readTask(task.key)).claim).toBeNull();
  });

  it('a repository without a default branch says how to name one', async () => {
    const empty = join(cli.user.home, 'empty-repo');
    await gitInit(empty);
    const task = await newTask(project, 'Nowhere to branch from');
    const result = await runCli(cli.bundle, cli.user, ['work', task.key], { cwd: empty });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Cannot tell which branch new work starts from');
  });

  it('an agent profile the organization does not have is a usage error (exit 2)', async () => {
    const result = await runCli(
      cli.bundle,
      cli.user,
      ['work', '--agent', 'nobody-here', '--project', 'AGT'],
      { cwd: repo },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--agent:');
    expect(result.stderr).toContain('nobody-here');
  });

  it('with no ready task, exit 4 says so', async () => {
    const empty = await createProject(cli.server, cli.ada, { name: 'Empty', key: 'NIL' });
    expect(empty.key).toBe('NIL');
    const result = await runCli(cli.bundle, cli.user, ['work', '--project', 'NIL'], { cwd: repo });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('No ready task in NIL for you');
  });

  it('--help names the subcommands and the folder setting', async () => {
    const result = await runCli(cli.bundle, cli.user, ['work', '--help'], { cwd: repo });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('switchboard work list');
    expect(result.stdout).toContain('switchboard.worktreeDir');
  });
});
