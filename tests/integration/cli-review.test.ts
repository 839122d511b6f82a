// `switchboard review` and `switchboard rules` as real processes in scratch git repositories: a
// pre-commit hook that refuses a HIGH finding and lets the fix through (repository files only, no
// server), then the organization's rule set pushed, used by review and by `mcp serve`'s local tools,
// and pulled back.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { serverForFile, type TestServer } from '@switchboard/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asBrowser,
  buildCli,
  type CliUser,
  git,
  gitInit,
  type Json,
  makeCliUser,
  runCli,
  signUpWebUser,
  storeLogin,
} from './cli-support';

const RULES = `version: '1.0'
rules:
  - pattern: services
    globs: ['src/services/**/*.ts', '!**/*.test.ts']
    description: Service classes
    must_not_do:
      - rule: Services do not call HTTP clients directly
        check:
          forbidImport: [axios]
      - rule: No console.log in services
        severity: LOW
        check:
          forbid: console\\.log
`;

let bundle: string;

beforeAll(async () => {
  bundle = await buildCli();
}, 120_000);

/** A user with their own config folder and no login, pointed at a server that does not exist. */
function offlineUser(): CliUser {
  const home = mkdtempSync(join(tmpdir(), 'switchboard-review-home-'));
  const cwd = join(home, 'repo');
  mkdirSync(cwd, { recursive: true });
  const configHome = join(home, '.config');
  return {
    home,
    configHome,
    cwd,
    configFile: join(configHome, 'switchboard', 'config.json'),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: home,
      XDG_CONFIG_HOME: configHome,
      SWITCHBOARD_API_URL: 'http://127.0.0.1:9',
      NO_COLOR: '1',
    },
  };
}

describe('switchboard review with the repository’s rule files', () => {
  it('refuses a commit with a HIGH finding as a pre-commit hook, and accepts it after the fix', async () => {
    const user = offlineUser();
    const repo = user.cwd;
    await gitInit(repo);
    writeFileSync(join(repo, 'RULES.yaml'), RULES);
    await git(repo, 'add', 'RULES.yaml');
    await git(repo, 'commit', '-q', '-m', 'rules');

    mkdirSync(join(repo, 'src', 'services'), { recursive: true });
    const service = join(repo, 'src', 'services', 'billing.ts');
    writeFileSync(service, "import axios from 'axios';\nexport class BillingService {}\nconsole.log('x');\n");
    await git(repo, 'add', '--all');

    const refused = await runCli(bundle, user, ['review', '--staged']);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('src/services/billing.ts\n');
    expect(refused.stdout).toContain(
      '  HIGH    services · must not: Services do not call HTTP clients directly\n',
    );
    expect(refused.stdout).toContain('Line 1: import of "axios", which the module pattern "axios" forbids.');
    expect(refused.stdout).toContain('  LOW     services · must not: No console.log in services\n');
    expect(refused.stdout).toContain('Reviewed 1 file against RULES.yaml: 1 HIGH, 0 MEDIUM, 1 LOW.');
    expect(refused.stderr).toBe('error: 1 HIGH finding: fix it before committing.\n');

    const json = await runCli(bundle, user, ['review', '--staged', '--json']);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as Json;
    expect(report).toMatchObject({ rule_set: null, rule_files: ['RULES.yaml'], fix_required: true });
    expect(
      report.files[0].identified_issues.map((finding: Json) => [finding.severity, finding.line]),
    ).toEqual([
      ['HIGH', 1],
      ['LOW', 3],
    ]);

    // The same check as git runs it: the hook stops the commit until the import is gone.
    const hook = join(repo, '.git', 'hooks', 'pre-commit');
    writeFileSync(hook, `#!/bin/sh\nexec "${process.execPath}" "${bundle}" review --staged\n`);
    chmodSync(hook, 0o755);
    await expect(git(repo, 'commit', '-q', '-m', 'billing')).rejects.toThrow(/HIGH finding/);

    writeFileSync(service, "import { http } from '../http';\nexport class BillingService {}\n");
    await git(repo, 'add', '--all');
    const accepted = await runCli(bundle, user, ['review', '--staged']);
    expect(accepted).toMatchObject({ code: 0, stderr: '' });
    expect(accepted.stdout).toContain('Reviewed 1 file against RULES.yaml: 0 HIGH, 0 MEDIUM, 0 LOW.');
    await git(repo, 'commit', '-q', '-m', 'billing');
    expect(await git(repo, 'log', '--format=%s')).toBe('billing\nrules\n');
  });

  it('reports a check that times out as NOT CHECKED without failing, and skips a change of mode alone', async () => {
    const user = offlineUser();
    const repo = user.cwd;
    await gitInit(repo);
    writeFileSync(
      join(repo, 'RULES.yaml'),
      `version: '1.0'
rules:
  - pattern: notes
    globs: ['**/*.txt']
    description: Notes
    must_not_do:
      - rule: No line of only a
        check:
          forbid: ^(a+)+$
`,
    );
    writeFileSync(join(repo, 'script.txt'), 'run\n');
    await git(repo, 'add', '--all');
    await git(repo, 'commit', '-q', '-m', 'rules');

    writeFileSync(join(repo, 'notes.txt'), `${'a'.repeat(40)}!\n`);
    await git(repo, 'add', 'notes.txt');
    const review = await runCli(bundle, user, ['review', '--staged']);
    expect(review).toMatchObject({ code: 0, stderr: '' });
    expect(review.stdout).toContain('  NOT CHECKED  notes · must not: No line of only a\n');
    expect(review.stdout).toContain('did not finish within 2000 ms and was stopped, so it is not checked');
    expect(review.stdout).toContain('Reviewed 1 file against RULES.yaml: 0 HIGH, 0 MEDIUM, 0 LOW.');

    await git(repo, 'commit', '-q', '-m', 'notes');
    chmodSync(join(repo, 'script.txt'), 0o755);
    const modeOnly = await runCli(bundle, user, ['review']);
    expect(modeOnly).toMatchObject({ code: 0, stderr: '' });
    expect(modeOnly.stdout).toContain('script.txt\n  skipped: no line changed\n');
  });

  it('says there is nothing to do without changes or rules, and refuses paths outside the repository', async () => {
    const user = offlineUser();
    await gitInit(user.cwd);
    expect(await runCli(bundle, user, ['review', '--staged'])).toMatchObject({
      code: 0,
      stdout: 'No changed files to review.\n',
    });
    writeFileSync(join(user.cwd, 'a.ts'), 'export {};\n');
    const noRules = await runCli(bundle, user, ['review']);
    expect(noRules.code).toBe(0);
    expect(noRules.stdout).toContain('No rules apply: not logged in to http://127.0.0.1:9');
    expect(await runCli(bundle, user, ['review', '../outside.ts'])).toMatchObject({
      code: 2,
      stderr: 'error: ../outside.ts: The path "../outside.ts" leads outside the repository.\n',
    });
  });

  it('exits 2 for a --base git cannot use, never 1, which means a HIGH finding', async () => {
    const user = offlineUser();
    await gitInit(user.cwd);
    await git(user.cwd, 'commit', '-q', '--allow-empty', '-m', 'start');
    writeFileSync(join(user.cwd, 'a.ts'), 'export {};\n');
    expect(await runCli(bundle, user, ['review', '--base', 'origin/no-such-branch'])).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'error: --base origin/no-such-branch names no commit in this repository.\n',
    });
  });

  it('checks rule files before pushing them, naming the file and line of each mistake', async () => {
    const user = offlineUser();
    const folder = join(user.home, 'rules');
    mkdirSync(folder);
    writeFileSync(join(folder, 'RULES.yaml'), 'rules:\n  - globs: [src/**]\n');
    const pushed = await runCli(bundle, user, ['rules', 'push', folder, '--rule-set', 'backend']);
    expect(pushed).toMatchObject({
      code: 1,
      stderr: `error: The rule files are not valid:\n  ${join(folder, 'RULES.yaml')}:2:5: "pattern" is missing.\n`,
    });
  });
});

describe("switchboard review, rules and mcp serve with the organization's rule set", () => {
  let server: TestServer;
  let release: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ server, release } = await serverForFile());
  }, 120_000);

  afterAll(async () => {
    await release?.();
  });

  it('pushes a folder as a rule set, reviews with it, records findings on a task through mcp serve, and pulls it back', async () => {
    const ada = await signUpWebUser(server, 'Ada');
    expect(
      (await asBrowser(server, ada, 'POST', '/api/v1/projects', { name: 'Billing', key: 'BIL' })).status,
    ).toBe(201);
    const user = makeCliUser(server);
    await storeLogin(server, user, ada);
    const repo = join(user.home, 'repo');
    await gitInit(repo);
    expect((await runCli(bundle, user, ['project', 'use', 'BIL'], { cwd: repo })).code).toBe(0);

    const folder = join(user.home, 'rules');
    mkdirSync(folder);
    writeFileSync(join(folder, 'RULES.yaml'), RULES);
    const architect =
      'features:\n  - name: service\n    design_pattern: Service classes\n    includes: [src/services/**]\n    description: One class per file.\n';
    writeFileSync(join(folder, 'architect.yaml'), architect);
    const pushed = await runCli(bundle, user, ['rules', 'push', folder, '--rule-set', 'backend'], {
      cwd: repo,
    });
    expect(pushed).toMatchObject({ code: 0, stderr: '' });
    expect(pushed.stdout).toBe('Created rule set "backend" (version 1): 1 design patterns, 1 rules.\n');
    const pushedAgain = await runCli(bundle, user, ['rules', 'push', folder, '--rule-set', 'backend'], {
      cwd: repo,
    });
    // The same files again change nothing: the version stays.
    expect(pushedAgain.stdout).toBe(
      'Rule set "backend" is unchanged (version 1): 1 design patterns, 1 rules.\n',
    );

    const project = (await asBrowser(server, ada, 'GET', '/api/v1/projects')).body.items[0];
    const patched = await asBrowser(server, ada, 'PATCH', `/api/v1/projects/${project.id}`, {
      version: project.version,
      ruleSet: 'backend',
    });
    expect(patched.status).toBe(200);

    // The repository holds no rule files: the project's rule set alone decides.
    mkdirSync(join(repo, 'src', 'services'), { recursive: true });
    writeFileSync(join(repo, 'src', 'services', 'billing.ts'), "import axios from 'axios';\n");
    const reviewed = await runCli(bundle, user, ['review'], { cwd: repo });
    expect(reviewed.code).toBe(1);
    expect(reviewed.stdout).toContain('Reviewed 1 file against rule set "backend": 1 HIGH, 0 MEDIUM, 0 LOW.');
    const local = await runCli(bundle, user, ['review', '--local'], { cwd: repo });
    expect(local).toMatchObject({ code: 0, stderr: '' });
    expect(local.stdout).toContain('No rules apply: --local was given, and the repository has no rule files');

    // mcp serve answers review-code-change from the working tree and records on the task.
    const task = await asBrowser(server, ada, 'POST', `/api/v1/projects/${project.id}/tasks`, {
      title: 'Billing service',
    });
    expect(task.status).toBe(201);
    const client = new Client({ name: 'review-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [bundle, 'mcp', 'serve', '--toolsets', 'all'],
        cwd: repo,
        env: user.env,
        stderr: 'pipe',
      }),
    );
    try {
      const tools = (await client.listTools()).tools;
      const review = tools.find((tool) => tool.name === 'review-code-change');
      expect(Object.keys(review?.inputSchema.properties ?? {}).sort()).toEqual(['file_path', 'task']);
      const result = (await client.callTool({
        name: 'review-code-change',
        arguments: { file_path: 'src/services/billing.ts', task: task.body.key },
      })) as Json;
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({
        file_path: 'src/services/billing.ts',
        fix_required: true,
        rule_set: 'backend',
        identified_issues: [{ severity: 'HIGH', line: 1, pattern: 'services' }],
        recorded: { task: task.body.key, open_findings: { high: 1, medium: 0, low: 0 } },
      });
    } finally {
      await client.close();
    }
    const findings = await asBrowser(server, ada, 'GET', `/api/v1/tasks/${task.body.key}/findings`);
    // The project's rule set alone decided, so the server filed them as its own machine checks: the
    // agent's later record-review of the rules to judge cannot replace them.
    expect(
      findings.body.items.map((finding: Json) => [
        finding.filePath,
        finding.severity,
        finding.line,
        finding.source,
      ]),
    ).toEqual([['src/services/billing.ts', 'HIGH', 1, 'check']]);

    // Without --rule-set, the rule set is the one RULES.yaml's template names, as the REST API does.
    const named = join(user.home, 'named-rules');
    mkdirSync(named);
    writeFileSync(join(named, 'RULES.yaml'), `template: typescript-service\n${RULES}`);
    const pushedByTemplate = await runCli(bundle, user, ['rules', 'push', named, '--json'], { cwd: repo });
    expect(pushedByTemplate.code).toBe(0);
    expect(JSON.parse(pushedByTemplate.stdout)).toMatchObject({
      ruleSet: 'typescript-service',
      created: true,
    });
    const ruleSets = await asBrowser(server, ada, 'GET', '/api/v1/rule-sets');
    expect(ruleSets.body.items.map((item: Json) => item.name).sort()).toEqual([
      'backend',
      'typescript-service',
    ]);

    const pulledTo = join(user.home, 'pulled');
    const pulled = await runCli(bundle, user, ['rules', 'pull', pulledTo], { cwd: repo });
    expect(pulled.code).toBe(0);
    // The files come back as they were pushed: quotes, flow lists and order as written.
    expect(readFileSync(join(pulledTo, 'RULES.yaml'), 'utf8')).toBe(RULES);
    expect(readFileSync(join(pulledTo, 'architect.yaml'), 'utf8')).toBe(architect);
  }, 120_000);
});
