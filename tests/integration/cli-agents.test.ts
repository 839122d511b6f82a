// `switchboard agents sync` against a real server: the organization's profiles become Claude Code
// subagents (and the other clients' equivalents); re-running changes nothing; a profile deleted on the
// server takes its file with it, and files the command did not write are never touched.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { asBrowser, type Json, loggedInCliForFile, runCli, runJson, userRepository } from './cli-support';

let repo: string;

const cli = loggedInCliForFile(async ({ server, ada, user }) => {
  const profiles = [
    {
      name: 'backend-dev',
      description: 'Builds the API: "routes", schemas and tests.',
      instructions: '# Backend\n\nWrite the test first.\nKeep handlers small.',
      model: 'sonnet',
      tools: ['Read', 'Edit', 'Bash'],
    },
    { name: 'reviewer', description: 'Reviews pull requests.', instructions: 'Be kind and precise.' },
  ];
  for (const profile of profiles) {
    expect((await asBrowser(server, ada, 'POST', '/api/v1/agents', profile)).status).toBe(201);
  }
  repo = await userRepository(user);
});

interface SyncReport {
  workspace: string;
  profiles: number;
  files: Array<{ client: string; path: string; outcome: string; agent?: string }>;
}

const sync = (args: string[] = []) =>
  runJson<SyncReport>(cli.bundle, cli.user, ['agents', 'sync', ...args], { cwd: repo });
const outcomes = (report: SyncReport) =>
  Object.fromEntries(report.files.map((file) => [file.path.slice(repo.length + 1), file.outcome]));

describe('agents sync', () => {
  it('writes Claude Code subagents with frontmatter and the instructions as the body', async () => {
    const report = await sync();
    expect(report.workspace).toBe(repo);
    expect(outcomes(report)).toEqual({
      '.claude/agents/backend-dev.md': 'created',
      '.claude/agents/reviewer.md': 'created',
    });
    const text = readFileSync(join(repo, '.claude', 'agents', 'backend-dev.md'), 'utf8');
    expect(text).toBe(
      [
        '---',
        '# managed by `switchboard agents sync`: edit the profile in Switchboard (Settings → AI agents); local edits are overwritten.',
        'name: backend-dev',
        'description: "Builds the API: \\"routes\\", schemas and tests."',
        'tools: Read, Edit, Bash',
        'model: "sonnet"',
        '---',
        '',
        '# Backend',
        '',
        'Write the test first.',
        'Keep handlers small.',
        '',
      ].join('\n'),
    );
    const reviewer = readFileSync(join(repo, '.claude', 'agents', 'reviewer.md'), 'utf8');
    // No tools = every tool, no model = inherit: both keys are left out.
    expect(reviewer).not.toMatch(/^tools:/m);
    expect(reviewer).not.toMatch(/^model:/m);
  });

  it('is idempotent: a second run reports every file unchanged and rewrites nothing', async () => {
    const path = join(repo, '.claude', 'agents', 'backend-dev.md');
    const before = statSync(path).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const report = await sync();
    expect(Object.values(outcomes(report))).toEqual(['unchanged', 'unchanged']);
    expect(statSync(path).mtimeMs).toBe(before);
    const text = await runCli(cli.bundle, cli.user, ['agents', 'sync'], { cwd: repo });
    expect(text.stdout).toContain('2 agent profiles; 0 files changed, 2 already up to date.');
  });

  it('updates a changed profile, removes files of deleted profiles it wrote, and leaves other files alone', async () => {
    const mine = join(repo, '.claude', 'agents', 'my-own.md');
    writeFileSync(mine, '---\nname: my-own\ndescription: mine\n---\n\nHands off.\n');
    const current = await asBrowser(cli.server, cli.ada, 'GET', '/api/v1/agents/backend-dev');
    const patched = await asBrowser(cli.server, cli.ada, 'PATCH', '/api/v1/agents/backend-dev', {
      version: current.body.version,
      instructions: 'New rules.',
    });
    expect(patched.status).toBe(200);
    expect((await asBrowser(cli.server, cli.ada, 'DELETE', '/api/v1/agents/reviewer')).status).toBe(200);

    const report = await sync();
    expect(outcomes(report)).toEqual({
      '.claude/agents/backend-dev.md': 'updated',
      '.claude/agents/reviewer.md': 'removed',
    });
    expect(readFileSync(join(repo, '.claude', 'agents', 'backend-dev.md'), 'utf8')).toContain(
      '\nNew rules.\n',
    );
    expect(existsSync(join(repo, '.claude', 'agents', 'reviewer.md'))).toBe(false);
    expect(readFileSync(mine, 'utf8')).toBe('---\nname: my-own\ndescription: mine\n---\n\nHands off.\n');
  });

  it('never overwrites a same-named file it did not write, unless forced', async () => {
    expect(
      (await asBrowser(cli.server, cli.ada, 'POST', '/api/v1/agents', { name: 'my-own', description: 'x' }))
        .status,
    ).toBe(201);
    const report = await sync();
    expect(report.files.find((file) => file.agent === 'my-own')?.outcome).toBe('skipped');
    expect(readFileSync(join(repo, '.claude', 'agents', 'my-own.md'), 'utf8')).toContain('Hands off.');
    const forced = await sync(['--force']);
    expect(forced.files.find((file) => file.agent === 'my-own')?.outcome).toBe('updated');
    expect(readFileSync(join(repo, '.claude', 'agents', 'my-own.md'), 'utf8')).toContain('managed by');
  });

  it('writes the other clients too, AGENTS.md keeping what people wrote around its section', async () => {
    mkdirSync(repo, { recursive: true });
    writeFileSync(join(repo, 'AGENTS.md'), '# How we work\n\nRun the tests.\n');
    const report = await sync(['--client', 'all']);
    const written = outcomes(report);
    expect(written['.gemini/agents/backend-dev.md']).toBe('created');
    expect(written['.cursor/rules/agent-backend-dev.mdc']).toBe('created');
    expect(written['AGENTS.md']).toBe('updated');
    const agentsMd = readFileSync(join(repo, 'AGENTS.md'), 'utf8');
    expect(agentsMd.startsWith('# How we work\n\nRun the tests.\n\n<!-- switchboard:agents begin')).toBe(
      true,
    );
    expect(agentsMd).toContain('### backend-dev');
    const gemini = readFileSync(join(repo, '.gemini', 'agents', 'backend-dev.md'), 'utf8');
    // Gemini's own format: its tool names, no Claude model (Gemini would fail to start the subagent).
    expect(gemini).toContain('kind: local\ntools:\n  - "read_file"\n  - "replace"\n  - "run_shell_command"');
    expect(gemini).not.toMatch(/"Read"|"Edit"|"Bash"|sonnet|^model:/m);
    expect(readFileSync(join(repo, '.claude', 'agents', 'backend-dev.md'), 'utf8')).toContain(
      'tools: Read, Edit, Bash\nmodel: "sonnet"',
    );
    expect(readFileSync(join(repo, '.cursor', 'rules', 'agent-backend-dev.mdc'), 'utf8')).toContain(
      'alwaysApply: false',
    );
    const again = await sync(['--client', 'all']);
    expect(new Set(Object.values(outcomes(again)))).toEqual(new Set(['unchanged']));

    // With every profile gone, our section leaves AGENTS.md and the rest stays.
    for (const name of ['backend-dev', 'my-own']) {
      expect((await asBrowser(cli.server, cli.ada, 'DELETE', `/api/v1/agents/${name}`)).status).toBe(200);
    }
    const emptied = await sync(['--client', 'all']);
    expect(outcomes(emptied)['AGENTS.md']).toBe('updated');
    expect(readFileSync(join(repo, 'AGENTS.md'), 'utf8')).toBe('# How we work\n\nRun the tests.\n');
    expect(existsSync(join(repo, '.gemini', 'agents', 'backend-dev.md'))).toBe(false);
    expect(existsSync(join(repo, '.claude', 'agents', 'backend-dev.md'))).toBe(false);
  });

  it('--dry-run writes nothing and a bad --client is a usage error', async () => {
    expect((await asBrowser(cli.server, cli.ada, 'POST', '/api/v1/agents', { name: 'planner' })).status).toBe(
      201,
    );
    const report = await sync(['--dry-run']);
    expect(report.files.find((file) => file.agent === 'planner')?.outcome).toBe('created');
    expect(existsSync(join(repo, '.claude', 'agents', 'planner.md'))).toBe(false);
    const bad = await runCli(cli.bundle, cli.user, ['agents', 'sync', '--client', 'emacs'], { cwd: repo });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--client');
    const listed: Json = await sync();
    expect(listed.profiles).toBe(1);
  });
});
