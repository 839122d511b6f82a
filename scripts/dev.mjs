// `pnpm dev`: the server in watch mode on :3000 and Vite with HMR on :5173, proxying /api to it.
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const env = {
  ...process.env,
  DATA_DIR: process.env.DATA_DIR ?? `${root}.data`,
  ENABLE_EMAIL_SIGNIN: process.env.ENABLE_EMAIL_SIGNIN ?? 'true',
  APP_URL: process.env.APP_URL ?? 'http://localhost:5173',
};
const children = [
  spawn('pnpm', ['--filter', '@switchboard/server', 'dev'], { cwd: root, stdio: 'inherit', env }),
  spawn('pnpm', ['--filter', '@switchboard/web', 'dev'], { cwd: root, stdio: 'inherit', env }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  });
