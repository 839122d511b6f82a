// The whole `switchboard login` journey: the CLI (a real process) prints a code and a link and waits;
// a person opens the link signed out, signs up, lands back on the verify page, checks the code and
// approves; the CLI prints that it is logged in. Then the connected-devices page lists that computer,
// and revoking it there makes the CLI's next command say it is logged out.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { PASSWORD, uniqueEmail } from './support';

const cliDir = fileURLToPath(new URL('../../apps/cli', import.meta.url));
let bundle: string;

test.beforeAll(async () => {
  const outdir = mkdtempSync(join(tmpdir(), 'switchboard-e2e-cli-'));
  await promisify(execFile)(process.execPath, ['build.mjs', outdir], { cwd: cliDir, timeout: 120_000 });
  bundle = join(outdir, 'switchboard.js');
});

interface Cli {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startCli(args: string[], env: Record<string, string>): Cli {
  const child = spawn(process.execPath, [bundle, ...args], {
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return { child, output: () => output, exited };
}

async function waitForOutput(cli: Cli, pattern: RegExp): Promise<RegExpMatchArray> {
  await expect.poll(() => pattern.test(cli.output()), { timeout: 30_000 }).toBe(true);
  return cli.output().match(pattern) as RegExpMatchArray;
}

test('a CLI login approved in the browser, then revoked from connected devices', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const home = mkdtempSync(join(tmpdir(), 'switchboard-e2e-home-'));
  const env = {
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    SWITCHBOARD_API_URL: baseURL ?? '',
    SWITCHBOARD_DEVICE_NAME: 'e2e-laptop',
  };
  const email = uniqueEmail('cli');
  const login = startCli(['login', '--no-browser'], env);
  try {
    const [, code] = await waitForOutput(login, /Your one-time code: ([A-Z]{4}-[A-Z]{4})/);
    const [, link] = await waitForOutput(login, /Approve it at:\s+(\S+)/);
    expect(link).toBe(`${baseURL}/auth/cli-verify?code=${code}`);

    // Signed out, the verify page sends the person to /auth, and back after signing up.
    await page.goto(link as string);
    await expect(page).toHaveURL(/\/auth\?redirect=/);
    await page.getByRole('tab', { name: 'Sign up' }).click();
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/auth\/cli-verify\?code=/);

    await expect(page.getByRole('heading', { name: 'Confirm your command-line sign-in' })).toBeVisible();
    await expect(page.getByText(code as string)).toBeVisible();
    await expect(page.getByText('e2e-laptop').first()).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText(/Approving gives this terminal access to your account/)).toBeVisible();
    expect(login.child.exitCode).toBeNull();

    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('heading', { name: 'Sign-in approved' })).toBeVisible();

    expect(await login.exited).toBe(0);
    expect(login.output()).toContain(`as Ada Lovelace <${email}>`);
  } finally {
    login.child.kill();
  }

  const whoami = startCli(['whoami'], env);
  expect(await whoami.exited).toBe(0);
  expect(whoami.output()).toContain(email);

  await page.goto('/dashboard/settings/developer/connected-devices');
  const devices = page.getByRole('list', { name: 'Connected devices' });
  await expect(devices.getByText('e2e-laptop')).toBeVisible();
  await expect(devices.getByText(/Switchboard CLI/)).toBeVisible();
  await page.getByRole('button', { name: 'Revoke e2e-laptop' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('No connected devices')).toBeVisible();

  const after = startCli(['whoami'], env);
  expect(await after.exited).toBe(3);
  expect(after.output()).toContain('logged out');
});

test('denying in the browser makes the waiting CLI exit 3', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const home = mkdtempSync(join(tmpdir(), 'switchboard-e2e-home-'));
  const env = { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), SWITCHBOARD_API_URL: baseURL ?? '' };
  const login = startCli(['login', '--no-browser'], env);
  try {
    const [, link] = await waitForOutput(login, /Approve it at:\s+(\S+)/);
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign up' }).click();
    await page.getByLabel('Name').fill('Grace');
    await page.getByLabel('Email').fill(uniqueEmail('deny'));
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(link as string);
    await page.getByRole('button', { name: 'Deny' }).click();
    await expect(page.getByRole('heading', { name: 'Sign-in denied' })).toBeVisible();
    expect(await login.exited).toBe(3);
    expect(login.output()).toContain('denied in the browser');
  } finally {
    login.child.kill();
  }

  await page.goto('/auth/cli-verify?code=BBBB-BBBB');
  await expect(page.getByRole('heading', { name: 'This code is not valid' })).toBeVisible();
});

test('a code typed by hand on the verification page, in lower case and with a space', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const home = mkdtempSync(join(tmpdir(), 'switchboard-e2e-home-'));
  const env = {
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    SWITCHBOARD_API_URL: baseURL ?? '',
    SWITCHBOARD_DEVICE_NAME: 'typed-laptop',
  };
  const login = startCli(['login', '--no-browser'], env);
  try {
    const [, code = ''] = await waitForOutput(login, /Your one-time code: ([A-Z]{4}-[A-Z]{4})/);
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign up' }).click();
    await page.getByLabel('Name').fill('Katherine Johnson');
    await page.getByLabel('Email').fill(uniqueEmail('typed'));
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The verification address with an empty user_code, as an RFC 8628 client may open it.
    await page.goto('/auth/cli-verify?user_code=');
    await expect(page.getByRole('heading', { name: 'Sign in on the command line' })).toBeVisible();
    const field = page.getByLabel('Sign-in code');
    await field.fill('abc');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(/Codes have 8 letters/)).toBeVisible();

    await field.fill(code.toLowerCase().replace('-', ' '));
    await field.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/auth/cli-verify\\?code=${code}$`));
    await expect(page.getByRole('heading', { name: 'Confirm your command-line sign-in' })).toBeVisible();
    await expect(page.getByText(code)).toBeVisible();
    await expect(page.getByText('typed-laptop').first()).toBeVisible();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('heading', { name: 'Sign-in approved' })).toBeVisible();
    expect(await login.exited).toBe(0);
  } finally {
    login.child.kill();
  }

  // The same page also takes the code as user_code in the address.
  await page.goto('/auth/cli-verify?user_code=bbbb-bbbb');
  await expect(page.getByRole('heading', { name: 'This code is not valid' })).toBeVisible();
});
