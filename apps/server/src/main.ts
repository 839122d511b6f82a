import { DataDirLockedError } from './db/lock';
import { describeForLog } from './domain/errors';
import { EnvError, parseEnv } from './env';
import { startServer } from './server';

async function main() {
  const env = parseEnv();
  const server = await startServer(env);
  console.log(`Switchboard is listening on ${server.url} (database: ${server.database.kind})`);
  if (env.APP_URL !== server.url) console.log(`Open ${env.APP_URL}`);

  // PGlite runs with fsync off: closing it on a signal is what keeps the data folder consistent.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`Received ${signal}; shutting down.`);
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`The port is already in use: ${(error as Error).message}. Set PORT to a free port.`);
  } else {
    console.error(`Switchboard failed to start: ${describeForLog(error)}`);
  }
  process.exit(1);
});
