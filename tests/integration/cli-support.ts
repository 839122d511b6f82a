// Shared by tests/integration/cli-*.test.ts: the CLI is built into a scratch folder once per test process
// and run as a real process (node <bundle>) against a real server from the server's test harness.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { serverForFile, type TestServer } from '@switchboard/server/testing';
import { afterAll, beforeAll } from 'vitest';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const cliDir = join(repoRoot, 'apps', 'cli');

let builtInThisProcess: Promise<string> | undefined;

/**
 * Builds the bundle into its own folder, once per test process: the API project runs its files one
 * after another in one module graph (vitest `isolate: false`), so the CLI files of a worker share one
 * build and nothing writes to it after. Parallel workers never share one.
 */
export function buildCli(): Promise<string> {
  builtInThisProcess ??= (async () => {
    const outdir = mkdtempSync(join(tmpdir(), 'switchboard-cli-build-'));
    await promisify(execFile)(process.execPath, ['build.mjs', outdir], { cwd: cliDir, timeout: 120_000 });
    return join(outdir, 'switchboard.js');
  })();
  // A failed build is not kept: the next file tries again and reports its own error.
  builtInThisProcess.catch(() => {
    builtInThisProcess = undefined;
  });
  return builtInThisProcess;
}

/** A user of the CLI: their own home, config folder and working folder. */
export interface CliUser {
  home: string;
  configHome: string;
  /** The folder commands run in unless told otherwise. */
  cwd: string;
  env: Record<string, string>;
  /** XDG_CONFIG_HOME/switchboard/config.json */
  configFile: string;
}

export function makeCliUser(server: TestServer, extraEnv: Record<string, string> = {}): CliUser {
  const home = mkdtempSync(join(tmpdir(), 'switchboard-cli-home-'));
  const configHome = join(home, '.config');
  const cwd = join(home, 'work');
  mkdirSync(cwd, { recursive: true });
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: home,
    XDG_CONFIG_HOME: configHome,
    CODEX_HOME: join(home, '.codex'),
    SWITCHBOARD_API_URL: server.url,
    SWITCHBOARD_DEVICE_NAME: 'test-box',
    NO_COLOR: '1',
    ...extraEnv,
  };
  return { home, configHome, cwd, env, configFile: join(configHome, 'switchboard', 'config.json') };
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd?: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}

/** Runs `switchboard <args>` to completion. */
export function runCli(
  bundle: string,
  user: CliUser,
  args: string[],
  options: RunOptions = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundle, ...args], {
      cwd: options.cwd ?? user.cwd,
      env: { ...user.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A limit for a hung process, past every test's own: a busy machine slows a command by seconds.
      timeout: options.timeoutMs ?? 120_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs a command that prints --json and parses its stdout (failing with its output otherwise). */
export async function runJson<T = unknown>(
  bundle: string,
  user: CliUser,
  args: string[],
  options: RunOptions = {},
): Promise<T> {
  const result = await runCli(bundle, user, [...args, '--json'], options);
  if (result.code !== 0) {
    throw new Error(
      `switchboard ${args.join(' ')} exited ${result.code}\n${result.stderr}\n${result.stdout}`,
    );
  }
  return JSON.parse(result.stdout) as T;
}

/** A CLI process that keeps running (login, board, mcp serve): its output so far and a way to wait. */
export interface LiveCli {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Waits until stdout+stderr match, or fails after `timeoutMs` with what was printed. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited: Promise<CliResult>;
  stop(): void;
}

export function startCli(bundle: string, user: CliUser, args: string[], options: RunOptions = {}): LiveCli {
  const child = spawn(process.execPath, [bundle, ...args], {
    cwd: options.cwd ?? user.cwd,
    env: { ...user.env, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const listeners = new Set<() => void>();
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
    for (const wake of listeners) wake();
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    err += chunk;
    for (const wake of listeners) wake();
  });
  const exited = new Promise<CliResult>((resolve) => {
    child.on('close', (code) => {
      resolve({ code, stdout: out, stderr: err });
      for (const wake of listeners) wake();
    });
  });
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    waitFor(pattern, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = (out + err).match(pattern);
          if (match) {
            cleanup();
            resolve(match);
          } else if (child.exitCode !== null) {
            cleanup();
            reject(
              new Error(`the CLI exited (${child.exitCode}) before printing ${pattern}:\n${err}\n${out}`),
            );
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`timed out waiting for ${pattern}; output so far:\n${err}\n${out.slice(-4000)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
    stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
    },
  };
}

/** A person signed up through the API: their browser cookie (for approving) and a bearer token. */
export interface WebUser {
  id: string;
  name: string;
  email: string;
  cookie: string;
  token: string;
}

function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .filter(Boolean)
    .join('; ');
}

const PASSWORD = 'correct horse battery staple';

export async function signUpWebUser(server: TestServer, name: string): Promise<WebUser> {
  const email = `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await server.fetch('/api/v1/auth/sign-up/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ name, email, password: PASSWORD }),
  });
  if (response.status !== 200)
    throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { token: string; user: { id: string } };
  return { id: body.user.id, name, email, cookie: cookiesOf(response), token: body.token };
}

// biome-ignore lint/suspicious/noExplicitAny: tests assert on the JSON they get back
export type Json = any;

/** A JSON call as the person's browser (cookie + same-origin Origin). */
export async function asBrowser(
  server: TestServer,
  person: WebUser,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Json }> {
  const response = await server.fetch(path, {
    method,
    headers: {
      cookie: person.cookie,
      origin: server.url,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** The web's approval of a device login: open the verify page's lookup (claims it), then approve or deny. */
export async function decideDeviceLogin(
  server: TestServer,
  person: WebUser,
  userCode: string,
  decision: 'approve' | 'deny',
): Promise<void> {
  const shown = await asBrowser(
    server,
    person,
    'GET',
    `/api/v1/auth/device?user_code=${encodeURIComponent(userCode)}`,
  );
  if (shown.status !== 200)
    throw new Error(`device lookup answered ${shown.status}: ${JSON.stringify(shown.body)}`);
  const answer = await asBrowser(server, person, 'POST', `/api/v1/auth/device/${decision}`, { userCode });
  if (answer.status !== 200)
    throw new Error(`device ${decision} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
}

/**
 * Logs `user` in without the 5-second device poll: signs `person` in again (a session of its own, like
 * the one the device flow issues) and stores its bearer token the way `login` does. Only
 * cli-login.test.ts goes through the real device flow.
 */
export async function storeLogin(server: TestServer, user: CliUser, person: WebUser): Promise<void> {
  const response = await server.fetch('/api/v1/auth/sign-in/email', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: server.url,
      'user-agent': 'switchboard-cli/test (test-box)',
    },
    body: JSON.stringify({ email: person.email, password: PASSWORD }),
  });
  if (response.status !== 200)
    throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  mkdirSync(join(user.configHome, 'switchboard'), { recursive: true, mode: 0o700 });
  let existing: Json = {};
  try {
    existing = JSON.parse(readFileSync(user.configFile, 'utf8'));
  } catch {
    existing = {};
  }
  const config = {
    ...existing,
    apiUrl: server.url,
    credentials: {
      ...(existing.credentials ?? {}),
      [server.url]: {
        token,
        userId: person.id,
        email: person.email,
        name: person.name,
        deviceName: 'test-box',
        createdAt: new Date().toISOString(),
      },
    },
  };
  writeFileSync(user.configFile, JSON.stringify(config, null, 2), { mode: 0o600 });
}

/** What most CLI test files start from: a real server, the CLI built, and Ada's login stored for `user`. */
export interface LoggedInCli {
  server: TestServer;
  bundle: string;
  /** Signed up through the web, so she has an organization of her own and a browser cookie. */
  ada: WebUser;
  /** A CLI user with Ada's login in its config home. */
  user: CliUser;
}

/**
 * Takes the worker's shared server (serverForFile: each file works in the organization Ada signs up,
 * so the files never meet) while the CLI builds, signs Ada up and logs a fresh CLI user in as her.
 * Starting a server of its own cost every CLI file a database copy, a server start and a cold
 * database's first queries. `release` lets go of the server when the file is done.
 */
export async function startLoggedInCli(): Promise<LoggedInCli & { release(): Promise<void> }> {
  const [{ server, release }, bundle] = await Promise.all([serverForFile(), buildCli()]);
  const ada = await signUpWebUser(server, 'Ada');
  const user = makeCliUser(server);
  await storeLogin(server, user, ada);
  return { server, bundle, ada, user, release };
}

/**
 * A logged-in CLI for the test file: started (startLoggedInCli) before its tests, then `setUp` adds what
 * they need; the server is released after them. Its fields are read in tests and hooks, once it started.
 */
export function loggedInCliForFile(setUp?: (cli: LoggedInCli) => Promise<void>): LoggedInCli {
  let started: (LoggedInCli & { release(): Promise<void> }) | undefined;
  const running = (): LoggedInCli => {
    if (!started) throw new Error('The logged-in CLI is read before the file started it (in beforeAll).');
    return started;
  };
  // A limit for a hang: the server, the CLI build and the set-up share a busy machine.
  beforeAll(async () => {
    started = await startLoggedInCli();
    await setUp?.(started);
  }, 180_000);
  afterAll(async () => {
    await started?.release();
  });
  return {
    get server() {
      return running().server;
    },
    get bundle() {
      return running().bundle;
    },
    get ada() {
      return running().ada;
    },
    get user() {
      return running().user;
    },
  };
}

/** Creates a project in the person's organization through the API; the set-up fails unless it is created. */
export async function createProject(
  server: TestServer,
  person: WebUser,
  project: { name: string; key: string },
): Promise<Json> {
  const created = await asBrowser(server, person, 'POST', '/api/v1/projects', project);
  if (created.status !== 201)
    throw new Error(
      `creating project ${project.key} answered ${created.status}: ${JSON.stringify(created.body)}`,
    );
  return created.body;
}

/** A new git repository in the user's home, answered by its folder. */
export async function userRepository(user: CliUser): Promise<string> {
  const repo = join(user.home, 'repo');
  await gitInit(repo);
  return repo;
}

/**
 * A new git repository in the user's home, linked to the project with `key` by `project use` (what a
 * developer does once per checkout); answers its folder.
 */
export async function linkedRepository(bundle: string, user: CliUser, key: string): Promise<string> {
  const repo = await userRepository(user);
  const linked = await runCli(bundle, user, ['project', 'use', key], { cwd: repo });
  if (linked.code !== 0)
    throw new Error(`project use ${key} exited ${linked.code}\n${linked.stderr}\n${linked.stdout}`);
  return repo;
}

export function removeTree(path: string): void {
  rmSync(path, { recursive: true, force: true });
}

/** `git init` in a folder (a scratch repository the tests may commit in). */
export async function gitInit(dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  await git(dir, 'init', '-q', '-b', 'main');
}

/** Runs git in a scratch repository and answers its stdout. */
export async function git(dir: string, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)('git', args, {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: dir,
      GIT_AUTHOR_NAME: 'Test',
      GIT_AUTHOR_EMAIL: 'test@example.com',
      GIT_COMMITTER_NAME: 'Test',
      GIT_COMMITTER_EMAIL: 'test@example.com',
    },
  });
  return stdout;
}
