// The server as `pnpm start` runs it: built when stale by the one freshness-checked builder, started
// from its bundle in a process of its own on a free port, with a data folder of its own.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerIfStale, SERVER_BUNDLE } from '../../scripts/server-build.mjs';
import { freePort } from './lib';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface BuiltServer {
  url: string;
  process: ChildProcess;
  /** Ends the process and removes its data folder. */
  stop(): Promise<void>;
}

/** Waits until the child prints a line matching `pattern`; answers the match. */
export function waitForLine(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no line like ${pattern} in: ${output}`)), 120_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = pattern.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
}

/**
 * Starts the built server with e-mail sign-in on, on PGlite in a scratch folder, or on `databaseUrl`
 * (PostgreSQL) when given; resolves once it listens.
 */
export async function startBuiltServer(options: {
  dataDirPrefix: string;
  databaseUrl?: string;
}): Promise<BuiltServer> {
  await buildServerIfStale();
  const dataDir = mkdtempSync(join(tmpdir(), options.dataDirPrefix));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ENABLE_EMAIL_SIGNIN: 'true',
  };
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForLine(child, /listening on/);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, process: child, stop };
}
