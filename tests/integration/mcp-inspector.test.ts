// The MCP Inspector's CLI, a client we did not write, lists the tools and prompts and calls tools for their
// structured results against the real server started as its own process (`node <the server's bundle>`).

import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { serverBundle } from '@switchboard/server/testing/server-bundle';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AgentWorkspace, agentWorkspace, keyFor } from './mcp-support';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const testsDir = fileURLToPath(new URL('..', import.meta.url));

let scratch: string;
let child: ChildProcess;
let baseUrl: string;
let space: AgentWorkspace;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(url: string, deadline = Date.now() + 60_000): Promise<void> {
  for (;;) {
    try {
      if ((await fetch(new URL('/api/v1/health', url))).ok) return;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the server did not start in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'switchboard-inspector-'));
  const webDir = join(scratch, 'web');
  mkdirSync(webDir);
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  // PGlite in its own folder: this test is about the protocol surface as a separate process serves it.
  child = spawn(process.execPath, [await serverBundle()], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(scratch, 'data'),
      WEB_DIR: webDir,
      APP_URL: baseUrl,
      ENABLE_EMAIL_SIGNIN: 'true',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[server] ${chunk}`));
  await waitForHealth(baseUrl);
  space = await agentWorkspace(baseUrl, { projectKey: 'INS', agents: ['backend-dev'] });
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/**
 * The Inspector's own command, from this workspace's install: never a download, never a browser. Run
 * with node directly rather than through npx, whose own start (npm's) took several times the CPU of the
 * Inspector's.
 */
function inspectorCommand(): string {
  const manifest = createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector/package.json');
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> };
  const command = bin['mcp-inspector'];
  if (!command) throw new Error(`the Inspector's package names no mcp-inspector command: ${manifest}`);
  return join(dirname(manifest), command);
}

/** Runs the Inspector's CLI and parses what it printed. */
async function inspector(args: string[]): Promise<unknown> {
  const home = join(scratch, 'home');
  mkdirSync(home, { recursive: true });
  const { stdout } = await run(process.execPath, [inspectorCommand(), '--cli', ...args], {
    cwd: testsDir,
    timeout: 60_000,
    env: {
      ...process.env,
      HOME: home,
      MCP_CATALOG_PATH: join(home, 'mcp.json'),
      BROWSER: 'none',
      CI: '1',
    },
  });
  return JSON.parse(stdout);
}

type Listed = {
  tools: {
    name: string;
    description: string;
    inputSchema: Record<string, unknown>;
    outputSchema?: unknown;
  }[];
};
type Called = {
  content: { type: string; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

it('lists the work loop by default, every tool with toolsets=all, each with an output schema', async () => {
  const header = `Authorization: Bearer ${keyFor(space, 'backend-dev')}`;
  const lean = (await inspector([
    `${baseUrl}/api/v1/mcp?project=INS`,
    '--method',
    'tools/list',
    '--header',
    header,
  ])) as Listed;
  expect(lean.tools.map((tool) => tool.name)).toEqual(
    expect.arrayContaining(['list-projects', 'next-task', 'claim-task', 'move-task', 'get-input']),
  );
  expect(lean.tools).toHaveLength(12);
  expect(JSON.stringify(lean.tools).length).toBeLessThanOrEqual(12_700);

  const all = (await inspector([
    `${baseUrl}/api/v1/mcp?project=INS&toolsets=all`,
    '--method',
    'tools/list',
    '--header',
    header,
  ])) as Listed;
  // Every toolset but the admin tools, which only keys marked admin see.
  expect(all.tools).toHaveLength(36);
  expect(all.tools.map((tool) => tool.name)).toEqual(
    expect.arrayContaining([
      'get-file-design-pattern',
      'review-code-change',
      'record-review',
      'list-labels',
      'use-scaffold-method',
      'propose-plan',
      'get-plan',
      'link-pull-request',
    ]),
  );
  expect(all.tools.map((tool) => tool.name)).not.toContain('add-rule');
  expect(all.tools.map((tool) => tool.name)).not.toContain('generate-boilerplate');
  expect(all.tools.every((tool) => tool.outputSchema)).toBe(true);
  const createTask = all.tools.find((tool) => tool.name === 'create-task');
  expect(JSON.stringify(createTask?.inputSchema)).toContain('"enum":["backend-dev"]');

  const prompts = (await inspector([
    `${baseUrl}/api/v1/mcp?project=INS`,
    '--method',
    'prompts/list',
    '--header',
    header,
  ])) as { prompts: { name: string }[] };
  // The default list lacks list-tasks, which the review prompt's first step calls.
  expect(prompts.prompts.map((prompt) => prompt.name).sort()).toEqual(['plan', 'work']);
}, 120_000);

it('calls get-project and reads its structured result', async () => {
  const called = (await inspector([
    `${baseUrl}/api/v1/mcp?project=INS&toolsets=projects`,
    '--method',
    'tools/call',
    '--tool-name',
    'get-project',
    '--header',
    `Authorization: Bearer ${keyFor(space, 'backend-dev')}`,
  ])) as Called;
  expect(called.isError ?? false).toBe(false);
  const project = called.structuredContent as { statuses: { name: string }[] };
  expect(project).toMatchObject({ id: space.project.id, key: 'INS', agents: ['backend-dev'] });
  expect(project.statuses.map((status) => status.name)).toEqual(['Todo', 'In Progress', 'Review', 'Done']);
  // The same answer as text, for clients that only read text.
  expect(JSON.parse(called.content[0]?.text ?? '{}')).toEqual(called.structuredContent);
}, 120_000);

it('a bad key fails in the Inspector too: authentication required, no browser opened', async () => {
  const failed = await inspector([
    `${baseUrl}/api/v1/mcp`,
    '--method',
    'tools/list',
    '--stored-auth-only',
    '--header',
    'Authorization: Bearer sb_wrong',
  ])
    .then(() => null)
    .catch((error: { code?: number; stderr?: string; stdout?: string }) => error);
  expect(failed).not.toBeNull();
  expect(`${failed?.stderr ?? ''}${failed?.stdout ?? ''}`).toMatch(/auth_required|401|nauthori[sz]ed/i);
}, 120_000);
