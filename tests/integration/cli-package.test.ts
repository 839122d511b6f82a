// Packaging: the CLI's package, packed the way `npm pack` in apps/cli packs it, installs into an empty
// folder with npm (every runtime dependency is bundled, so nothing is fetched) and runs through npx and
// the bin link npm made.
import { execFile } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildCli, cliDir, removeTree } from './cli-support';

const exec = promisify(execFile);
let scratch: string;
let app: string;
const pkg = JSON.parse(readFileSync(join(cliDir, 'package.json'), 'utf8')) as {
  version: string;
  name: string;
};
const npmEnv = {
  ...process.env,
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
};

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'switchboard-cli-pack-'));
  // The package folder as `npm pack` sees it after its prepack build: build.mjs's output, the same
  // build the other CLI files run, copied (so this test never rewrites apps/cli/dist under another
  // test's feet, nor builds a second time).
  const staging = join(scratch, 'package');
  mkdirSync(staging);
  copyFileSync(join(cliDir, 'package.json'), join(staging, 'package.json'));
  cpSync(dirname(await buildCli()), join(staging, 'dist'), { recursive: true });
  await exec('npm', ['pack', '--ignore-scripts', '--pack-destination', scratch], {
    cwd: staging,
    env: npmEnv,
    timeout: 120_000,
  });
  const tarball = readdirSync(scratch).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error('npm pack made no tarball');
  app = join(scratch, 'app');
  mkdirSync(app);
  await exec('npm', ['install', '--no-save', '--prefer-offline', join(scratch, tarball)], {
    cwd: app,
    env: npmEnv,
    timeout: 180_000,
  });
}, 300_000);

afterAll(() => {
  if (scratch) removeTree(scratch);
});

it('installs into an empty folder with nothing but its own files, and npx switchboard runs', async () => {
  const installed = readdirSync(join(app, 'node_modules')).filter((name) => !name.startsWith('.'));
  // No runtime dependency had to be fetched: everything is in the bundle.
  expect(installed).toEqual(['@switchboard']);
  const files = readdirSync(join(app, 'node_modules', '@switchboard', 'cli', 'dist'), {
    recursive: true,
  }) as string[];
  expect(files).toContain('switchboard.js');
  expect(files.some((file) => file.endsWith('.map'))).toBe(false);

  const version = await exec('npx', ['--no-install', 'switchboard', '--version'], { cwd: app, env: npmEnv });
  expect(version.stdout).toBe(`${pkg.version}\n`);
  // The bin link npx ran, run straight (npx itself costs more than the command): what it loads
  // resolves from the installed package.
  const bin = join(app, 'node_modules', '.bin', 'switchboard');
  const help = await exec(bin, ['--help'], { cwd: app, env: npmEnv });
  expect(help.stdout).toContain('mcp install --client <client>');
  // A command that loads its chunks (zod, the API client) works from the installed package too.
  const whoami = await exec(bin, ['whoami', '--api-url', 'http://127.0.0.1:9'], {
    cwd: app,
    env: { ...npmEnv, XDG_CONFIG_HOME: join(scratch, 'config') },
  }).catch((error: { code: number; stderr: string }) => error);
  expect(whoami).toMatchObject({ code: 3 });
  expect((whoami as { stderr: string }).stderr).toContain('Not logged in');
}, 60_000);
