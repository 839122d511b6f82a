// `pnpm start`: build the web app and the server when their builds are missing or stale, then run the
// server bundle in this process on the embedded database with email sign-in on, so a newcomer can sign
// up at once.
import { buildServerIfStale } from './server-build.mjs';
import { buildWebIfStale } from './web-build.mjs';

try {
  await buildWebIfStale();
  await buildServerIfStale();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
process.env.ENABLE_EMAIL_SIGNIN ??= 'true';
await import('../apps/server/dist/main.mjs');
